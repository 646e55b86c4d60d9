import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodeSyncPage, decodeSyncPlaintext, encodeSyncPlaintext, fromBase64Url, pairingFragment, readPairingFragment, toBase64Url,
} from './sync-wire.ts';

const bytes = (length: number) => fc.uint8Array({ minLength: length, maxLength: length });

describe('sync wire', () => {
  it('base64url round-trips any bytes in one spelling, and refuses other lengths and spellings', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), (value) => {
      const text = toBase64Url(value);
      expect(text).toMatch(/^[A-Za-z0-9_-]*$/);
      expect(fromBase64Url(text, value.length)).toEqual(value);
      expect(fromBase64Url(text, value.length + 1)).toBeNull();
    }));
    // 16 bytes: the last character carries 2 bits, so only A, Q, g or w end a valid id.
    expect(fromBase64Url(`${'A'.repeat(21)}B`, 16)).toBeNull();
    expect(fromBase64Url('A+B/', 3)).toBeNull();
  });

  it('a pairing link\'s fragment holds the space and its key, and nothing malformed is read', () => {
    fc.assert(fc.property(bytes(16), bytes(32), (id, key) => {
      const pairing = { spaceId: toBase64Url(id), key };
      expect(readPairingFragment(pairingFragment(pairing))).toEqual(pairing);
    }));
    const good = pairingFragment({ spaceId: toBase64Url(new Uint8Array(16)), key: new Uint8Array(32).fill(7) });
    expect(readPairingFragment(good.slice(0, -1))).toBeNull();
    expect(readPairingFragment(good.replace('grove-sync', 'grove-sink'))).toBeNull();
    expect(readPairingFragment(`${good}&x=1`)).toBeNull();
    expect(readPairingFragment('')).toBeNull();
  });

  it('a message\'s plaintext reads back as written', () => {
    fc.assert(fc.property(
      fc.constantFrom('update' as const, 'snapshot' as const), bytes(16), fc.nat(), fc.nat(), fc.uint8Array({ maxLength: 200 }),
      (kind, device, counter, covers, payload) => {
        const message = { kind, device, counter, covers, payload };
        expect(decodeSyncPlaintext(encodeSyncPlaintext(message))).toEqual(message);
      },
    ));
    expect(decodeSyncPlaintext(new Uint8Array(10))).toBeNull();
    expect(decodeSyncPlaintext(new Uint8Array(40).fill(9))).toBeNull();
  });

  it('reads the server\'s pages record by record and refuses one cut short or of another format', () => {
    // Format 1, a snapshot covering 3 (body 0xaa 0xbb), then update 4 (empty body).
    const page = Uint8Array.from([1, 1, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 2, 0xaa, 0xbb, 2, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0]);
    expect(decodeSyncPage(page)).toEqual([
      { kind: 'snapshot', seq: 3, body: Uint8Array.from([0xaa, 0xbb]) },
      { kind: 'update', seq: 4, body: new Uint8Array(0) },
    ]);
    expect(decodeSyncPage(Uint8Array.from([1]))).toEqual([]);
    expect(() => decodeSyncPage(page.slice(0, -1))).toThrow(/cut short/);
    expect(() => decodeSyncPage(page.slice(0, 15))).toThrow(/cut short/);
    expect(() => decodeSyncPage(Uint8Array.from([2]))).toThrow(/format/);
    expect(() => decodeSyncPage(Uint8Array.from([1, 9, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0]))).toThrow(/kind/);
  });
});
