import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type.ts';

/** A 1×1 24-bit BMP with a 40-byte info header, as image editors write it. */
function bmp(overrides: (view: DataView) => void = () => {}): Uint8Array {
  const bytes = new Uint8Array(58);
  const view = new DataView(bytes.buffer);
  bytes.set([0x42, 0x4d]);
  view.setUint32(2, 58, true);
  view.setUint32(10, 54, true);
  view.setUint32(14, 40, true);
  view.setInt32(18, 1, true);
  view.setInt32(22, 1, true);
  view.setUint16(26, 1, true);
  view.setUint16(28, 24, true);
  overrides(view);
  return bytes;
}

describe('detectImageType', () => {
  it('recognises a real BMP, also a top-down one (negative height)', () => {
    expect(detectImageType(bmp())?.contentType).toBe('image/bmp');
    expect(detectImageType(bmp((view) => view.setInt32(22, -1, true)))?.contentType).toBe('image/bmp');
  });

  it('does not take text that starts with BM for a BMP', () => {
    const text = new TextEncoder().encode('BMW owners club: meeting notes for the spring season, all welcome.');
    expect(detectImageType(text)).toBeNull();
  });

  it.each([
    ['reserved bytes set', (view: DataView) => view.setUint32(6, 1, true)],
    ['an unknown info header size', (view: DataView) => view.setUint32(14, 41, true)],
    ['pixels beyond the end of the file', (view: DataView) => view.setUint32(10, 4000, true)],
    ['pixels inside the headers', (view: DataView) => view.setUint32(10, 20, true)],
    ['zero width', (view: DataView) => view.setInt32(18, 0, true)],
    ['two colour planes', (view: DataView) => view.setUint16(26, 2, true)],
  ])('refuses a BMP with %s', (_name, corrupt) => {
    expect(detectImageType(bmp(corrupt))).toBeNull();
  });
});
