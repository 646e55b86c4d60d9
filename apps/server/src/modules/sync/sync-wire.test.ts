import { decodeSyncPage } from '@grove/domain/sync/sync-wire';
import { describe, expect, it } from 'vitest';
import { encodeRecords, RECORD_SNAPSHOT, RECORD_UPDATE } from './sync-wire.ts';

describe('the sync page format', () => {
  it('is a format byte, then kind, seq (8 bytes), length (4 bytes) and the body of each record, big-endian', () => {
    const page = encodeRecords([
      { kind: RECORD_SNAPSHOT, seq: 3, body: Uint8Array.of(0xaa, 0xbb) },
      { kind: RECORD_UPDATE, seq: 2 ** 40 + 5, body: Uint8Array.of(0x00) },
    ]);
    expect(page.toString('hex')).toBe([
      '01',
      '01', '0000000000000003', '00000002', 'aabb',
      '02', '0000010000000005', '00000001', '00',
    ].join(''));
  });

  it('is the format byte alone when there is nothing to send', () => {
    expect(encodeRecords([])).toEqual(Buffer.from([1]));
  });

  it('copies bodies byte for byte, whatever they hold', () => {
    const body = Uint8Array.from({ length: 256 }, (_, i) => i);
    const page = encodeRecords([{ kind: RECORD_UPDATE, seq: 1, body }]);
    expect(page.subarray(14)).toEqual(Buffer.from(body));
    expect(page.byteLength).toBe(1 + 13 + 256);
  });

  it('is what the devices read (the domain\'s decoder): the same records back', () => {
    const records = [
      { kind: RECORD_SNAPSHOT, seq: 9, body: Uint8Array.of(1, 2, 3) },
      { kind: RECORD_UPDATE, seq: 10, body: new Uint8Array(0) },
      { kind: RECORD_UPDATE, seq: 2 ** 40, body: Uint8Array.of(255) },
    ] as const;
    expect(decodeSyncPage(encodeRecords(records))).toEqual([
      { kind: 'snapshot', seq: 9, body: Uint8Array.of(1, 2, 3) },
      { kind: 'update', seq: 10, body: new Uint8Array(0) },
      { kind: 'update', seq: 2 ** 40, body: Uint8Array.of(255) },
    ]);
  });
});
