import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bytesToText, textToBytes } from './binary-text.ts';

describe('binary text', () => {
  it('gives back every byte sequence it wrote', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 3000 }), (bytes) => {
      expect(textToBytes(bytesToText(bytes))).toEqual(bytes);
    }));
  });

  it('writes text that JSON keeps as it is, in characters up to U+00FF', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 600 }), (bytes) => {
      const text = bytesToText(bytes);
      expect(JSON.stringify(text)).toBe(`"${text}"`);
      expect([...text].every((char) => char.charCodeAt(0) <= 0xff)).toBe(true);
    }));
  });

  it('spends two characters only on the bytes JSON would escape and on the escape itself', () => {
    expect(bytesToText(Uint8Array.from([0x41, 0x00, 0x22, 0x5c, 0x7f, 0xff]))).toBe('A\u007f\u0080\u007f\u00a0\u007f\u00a1\u007f\u00a2\u00ff');
  });

  it('refuses text it cannot have written', () => {
    expect(() => textToBytes('abc€')).toThrow(/above U\+00FF/);
    expect(() => textToBytes('a\u007f')).toThrow(/inside an escape/);
    expect(() => textToBytes('\u007fz')).toThrow(/unknown escape/);
  });
});
