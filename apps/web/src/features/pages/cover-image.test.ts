import { isAcceptableCover } from '@grove/domain/pages/page-commands';
import { describe, expect, it, vi } from 'vitest';
import {
  COVER_MAX_CHARS, COVER_MAX_SIDE, CoverImageError, coverSize, encodeAttempts, prepareCover,
  type CoverCodec, type DecodedImage, type EncodeAttempt,
} from './cover-image.ts';

describe('coverSize', () => {
  it('scales a 12-megapixel photo to 1600 px wide, keeping its aspect', () => {
    expect(coverSize({ width: 4032, height: 3024 })).toEqual({ width: 1600, height: 1200 });
  });

  it('limits the longest side, so a portrait photo is at most 1600 px tall', () => {
    expect(coverSize({ width: 3024, height: 4032 })).toEqual({ width: 1200, height: 1600 });
  });

  it('never upscales a small image', () => {
    expect(coverSize({ width: 640, height: 200 })).toEqual({ width: 640, height: 200 });
    expect(coverSize({ width: 1600, height: 900 })).toEqual({ width: 1600, height: 900 });
  });

  it('keeps at least one pixel on each side of a very thin image', () => {
    expect(coverSize({ width: 20_000, height: 3 })).toEqual({ width: 1600, height: 1 });
  });
});

describe('encodeAttempts', () => {
  it('tries the full size at falling quality first, then smaller sizes, down to 320 px', () => {
    const attempts = encodeAttempts({ width: 3000, height: 2000 });
    expect(attempts.slice(0, 3)).toEqual([
      { width: 1600, height: 1067, quality: 0.8 },
      { width: 1600, height: 1067, quality: 0.65 },
      { width: 1600, height: 1067, quality: 0.5 },
    ]);
    const widths = attempts.slice(3).map((attempt) => attempt.width);
    expect(widths).toEqual([...widths].sort((a, b) => b - a));
    expect(widths[0]).toBe(1200);
    expect(attempts.at(-1)).toMatchObject({ width: 320, height: 213 });
  });

  it('has only the quality steps for an image already at most 320 px', () => {
    expect(encodeAttempts({ width: 300, height: 100 })).toHaveLength(3);
  });
});

const file = (type: string, name = 'picture') => new File(['x'], name, { type });
const dataUrl = (type: string, bytes: number) => `data:${type};base64,${'A'.repeat(Math.ceil(bytes / 3) * 4)}`;

function fakeCodec({ size = { width: 3000, height: 2000 }, webp = true, bytesPerPixel = 0.1 } = {}) {
  const closed = vi.fn();
  const decoded: DecodedImage = { ...size, source: {} as CanvasImageSource, close: closed };
  const encoded: { attempt: EncodeAttempt; type: string }[] = [];
  const decode = vi.fn(() => Promise.resolve(decoded));
  const codec: CoverCodec = {
    decode,
    encode: (_image, attempt, type) => {
      encoded.push({ attempt, type });
      const written = type === 'image/webp' && !webp ? 'image/png' : type;
      return dataUrl(written, attempt.width * attempt.height * bytesPerPixel * (attempt.quality / 0.8));
    },
  };
  return { codec, decode, encoded, closed };
}

describe('prepareCover', () => {
  it('refuses a file that is not an image type without decoding it', async () => {
    const { codec, decode } = fakeCodec();
    const error = await prepareCover(file('text/plain', 'notes.txt'), codec).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CoverImageError);
    expect((error as CoverImageError).reason).toBe('not-an-image');
    expect(decode).not.toHaveBeenCalled();
  });

  it('refuses a file of an image type that does not decode', async () => {
    const codec: CoverCodec = { decode: () => Promise.reject(new DOMException('bad', 'InvalidStateError')), encode: () => '' };
    const error = await prepareCover(file('image/png', 'fake.png'), codec).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CoverImageError);
    expect((error as CoverImageError).reason).toBe('undecodable');
  });

  it('writes WebP at 1600 px and quality 0.8 when that fits, and frees the decoded image', async () => {
    const { codec, encoded, closed } = fakeCodec();
    const cover = await prepareCover(file('image/png'), codec);
    expect(cover.startsWith('data:image/webp;base64,')).toBe(true);
    expect(isAcceptableCover(cover)).toBe(true);
    expect(encoded).toEqual([{ attempt: { width: 1600, height: 1067, quality: 0.8 }, type: 'image/webp' }]);
    expect(closed).toHaveBeenCalledOnce();
  });

  it('falls back to JPEG when the browser cannot write WebP', async () => {
    const { codec, encoded } = fakeCodec({ webp: false });
    const cover = await prepareCover(file('image/jpeg'), codec);
    expect(cover.startsWith('data:image/jpeg;base64,')).toBe(true);
    expect(encoded.map((step) => step.type)).toEqual(['image/webp', 'image/jpeg']);
  });

  it('lowers the quality, then the size, until the cover fits the budget', async () => {
    // 0.5 bytes a pixel at 0.8: 1600×1067 is ~850 KB, so only a smaller size fits.
    const { codec, encoded } = fakeCodec({ bytesPerPixel: 0.5 });
    const cover = await prepareCover(file('image/png'), codec);
    expect(cover.length).toBeLessThanOrEqual(COVER_MAX_CHARS);
    expect(encoded.length).toBeGreaterThan(3);
    const last = encoded.at(-1)?.attempt;
    expect(last?.width).toBeLessThan(COVER_MAX_SIDE);
  });

  it('keeps the smallest attempt when even that is over the budget', async () => {
    const { codec, encoded } = fakeCodec({ bytesPerPixel: 5 });
    const cover = await prepareCover(file('image/png'), codec);
    expect(isAcceptableCover(cover)).toBe(true);
    expect(encoded.at(-1)?.attempt.width).toBe(320);
  });

  it('refuses an image without pixels', async () => {
    const { codec } = fakeCodec({ size: { width: 0, height: 0 } });
    await expect(prepareCover(file('image/gif'), codec)).rejects.toBeInstanceOf(CoverImageError);
  });
});
