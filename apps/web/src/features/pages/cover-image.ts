import { isAcceptableCover } from '@grove/domain/pages/page-commands';

// A page's cover is stored inside the workspace, in the one localStorage key every screen shares (about 5 MB
// for everything), so the picked file is turned into a small raster data URL first: longest side at most
// COVER_MAX_SIDE, WebP (JPEG where the browser cannot encode WebP), shrunk further until it fits
// COVER_MAX_CHARS. docs/decisions/048-page-cover-images.md says why.

/** The cover shows full width in a ~240 px band: 1600 px is sharp on a wide 2x screen. */
export const COVER_MAX_SIDE = 1600;
/** The most characters a cover's data URL may take (localStorage counts characters). */
export const COVER_MAX_CHARS = 250_000;
const QUALITIES = [0.8, 0.65, 0.5] as const;
/** Smaller steps than this are not tried: at this size any image fits the budget. */
const MIN_SIDE = 320;

/** Why a file cannot be a cover; the screen says 'Please select a valid image file.' for both. */
export class CoverImageError extends Error {
  constructor(readonly reason: 'not-an-image' | 'undecodable', options?: { cause?: unknown }) {
    super(reason === 'not-an-image' ? 'The file is not an image.' : 'The image could not be decoded.', options);
    this.name = 'CoverImageError';
  }
}

export interface Size {
  readonly width: number;
  readonly height: number;
}

/** The size to store: the aspect kept, the longest side at most `maxSide`, never larger than the image. */
export function coverSize(image: Size, maxSide = COVER_MAX_SIDE): Size {
  const scale = Math.min(1, maxSide / Math.max(image.width, image.height));
  return { width: Math.max(1, Math.round(image.width * scale)), height: Math.max(1, Math.round(image.height * scale)) };
}

export interface EncodeAttempt extends Size {
  readonly quality: number;
}

/**
 * What to try, in order, until one fits COVER_MAX_CHARS: full size at falling quality, then three quarters of
 * the size at a time (at the middle quality), down to MIN_SIDE on the longest side.
 */
export function encodeAttempts(image: Size): EncodeAttempt[] {
  const full = coverSize(image);
  const attempts: EncodeAttempt[] = QUALITIES.map((quality) => ({ ...full, quality }));
  let side = Math.max(full.width, full.height);
  while (side > MIN_SIDE) {
    side = Math.max(MIN_SIDE, Math.round(side * 0.75));
    attempts.push({ ...coverSize(full, side), quality: QUALITIES[1] });
  }
  return attempts;
}

/** A decoded image the codec can draw; `close` frees its memory. */
export interface DecodedImage extends Size {
  readonly source: CanvasImageSource;
  close(): void;
}

/** The browser parts, passed in so the steps above them can be tested without a canvas. */
export interface CoverCodec {
  /** Rejects when the file is not an image the browser can read. */
  decode(file: File): Promise<DecodedImage>;
  /** A data URL of the image drawn at the attempt's size; the browser may answer PNG for a type it cannot write. */
  encode(image: DecodedImage, attempt: EncodeAttempt, type: 'image/webp' | 'image/jpeg'): string;
}

function isSvg(file: File): boolean {
  return file.type === 'image/svg+xml';
}

/**
 * SVG goes through an <img> (createImageBitmap does not take it); in an <img> it runs no script and loads
 * nothing, and only its drawn pixels are kept. Other types decode off the main thread where the browser can.
 */
async function decodeInBrowser(file: File): Promise<DecodedImage> {
  if (!isSvg(file) && typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return { source: bitmap, width: bitmap.width, height: bitmap.height, close: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  try {
    await image.decode();
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
  // An SVG without its own size (only a viewBox, or nothing) is drawn at the cover's width.
  const width = image.naturalWidth || COVER_MAX_SIDE;
  const height = image.naturalHeight || Math.round(width / 2);
  return { source: image, width, height, close: () => URL.revokeObjectURL(url) };
}

function encodeInBrowser(image: DecodedImage, attempt: EncodeAttempt, type: 'image/webp' | 'image/jpeg'): string {
  const canvas = document.createElement('canvas');
  canvas.width = attempt.width;
  canvas.height = attempt.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas context.');
  // JPEG has no transparency: transparent parts become white, not black.
  if (type === 'image/jpeg') {
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, attempt.width, attempt.height);
  }
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image.source, 0, 0, attempt.width, attempt.height);
  return canvas.toDataURL(type, attempt.quality);
}

export const browserCoverCodec: CoverCodec = { decode: decodeInBrowser, encode: encodeInBrowser };

/**
 * The picked file as a cover data URL that setPageCover accepts. Throws CoverImageError when the file is not
 * an image type or cannot be decoded.
 */
export async function prepareCover(file: File, codec: CoverCodec = browserCoverCodec): Promise<string> {
  if (!file.type.startsWith('image/')) throw new CoverImageError('not-an-image');
  let image: DecodedImage;
  try {
    image = await codec.decode(file);
  } catch (error) {
    throw new CoverImageError('undecodable', { cause: error });
  }
  try {
    if (image.width < 1 || image.height < 1) throw new CoverImageError('undecodable');
    let type: 'image/webp' | 'image/jpeg' = 'image/webp';
    let result = '';
    for (const attempt of encodeAttempts(image)) {
      result = codec.encode(image, attempt, type);
      if (type === 'image/webp' && !result.startsWith('data:image/webp')) {
        // This browser cannot write WebP (it answered PNG): JPEG from here on.
        type = 'image/jpeg';
        result = codec.encode(image, attempt, type);
      }
      if (result.length <= COVER_MAX_CHARS) break;
    }
    if (!isAcceptableCover(result)) throw new CoverImageError('undecodable');
    return result;
  } finally {
    image.close();
  }
}
