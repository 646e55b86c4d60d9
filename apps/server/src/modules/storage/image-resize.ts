import type { Sharp, SharpOptions } from 'sharp';

/**
 * The largest image decoded to make copies: 40 megapixels (a 5 MB upload can claim far more and would take
 * gigabytes to decode). A larger one is served as uploaded.
 */
export const RESIZE_MAX_PIXELS = 40_000_000;
const WEBP_QUALITY = 75;

let loaded: Promise<(input: Uint8Array, options: SharpOptions) => Sharp> | undefined;

/**
 * sharp (libvips), loaded at the first resize so that a server that never makes a copy never loads the native
 * module. One libvips thread and no operation cache: a copy is made once per image and width, and the server's
 * memory stays its byte budget's (decision 066).
 */
function loadSharp() {
  loaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    sharp.concurrency(1);
    return (input: Uint8Array, options: SharpOptions) => sharp(input, options);
  });
  return loaded;
}

/**
 * WebP copies of an image, one per width, never wider than the image itself (an animated image stays animated); null
 * when the bytes cannot be decoded or the image is larger than RESIZE_MAX_PIXELS. One copy at a time, so a large
 * image is decoded into memory once at a time.
 */
export async function webpCopies(bytes: Uint8Array, widths: readonly number[]): Promise<Buffer[] | null> {
  const sharp = await loadSharp();
  const copies: Buffer[] = [];
  try {
    for (const width of widths) {
      copies.push(await sharp(bytes, { animated: true, limitInputPixels: RESIZE_MAX_PIXELS, failOn: 'error' })
        .resize({ width, withoutEnlargement: true }).webp({ quality: WEBP_QUALITY }).toBuffer());
    }
    return copies;
  } catch {
    return null;
  }
}
