export interface ImageType {
  contentType: string;
  extensions: readonly string[];
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string): number[] => [...text].map((char) => char.charCodeAt(0));

/**
 * The image type by its magic bytes, never by the file name or the client's claim. SVG is not accepted:
 * it is a document that can carry scripts.
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { contentType: 'image/png', extensions: ['png'] };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'] };
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return { contentType: 'image/gif', extensions: ['gif'] };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return { contentType: 'image/webp', extensions: ['webp'] };
  if (startsWith(bytes, ascii('ftyp'), 4) && (startsWith(bytes, ascii('avif'), 8) || startsWith(bytes, ascii('avis'), 8))) {
    return { contentType: 'image/avif', extensions: ['avif'] };
  }
  if (isBmp(bytes)) return { contentType: 'image/bmp', extensions: ['bmp'] };
  return null;
}

// Sizes of the BMP info headers that exist (core, Windows 3.x, the two Adobe variants, OS/2 2.x, v4, v5).
const BMP_INFO_HEADER_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

/**
 * 'BM' alone is two letters any text file may start with: a BMP also needs zero reserved bytes, a known
 * info header, its pixels inside the file, one colour plane and a non-empty size.
 */
function isBmp(bytes: Uint8Array): boolean {
  if (bytes.length < 26 || !startsWith(bytes, ascii('BM'))) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const infoSize = view.getUint32(14, true);
  if (view.getUint32(6, true) !== 0 || !BMP_INFO_HEADER_SIZES.has(infoSize) || bytes.length < 14 + infoSize) return false;
  const pixelOffset = view.getUint32(10, true);
  if (pixelOffset < 14 + infoSize || pixelOffset >= bytes.length) return false;
  const core = infoSize === 12;
  const width = core ? view.getUint16(18, true) : view.getInt32(18, true);
  const height = core ? view.getUint16(20, true) : view.getInt32(22, true);
  const planes = view.getUint16(core ? 22 : 26, true);
  return width > 0 && height !== 0 && planes === 1;
}

/**
 * The stored name (docs/product.md, Admin): a timestamp prefix and the original name with spaces turned into underscores,
 * then reduced to letters, digits, dot, dash and underscore, with an extension matching the content.
 */
export function storedImageName(originalName: string, type: ImageType, timestamp: number): string {
  const ascii = originalName.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  let safe = ascii.replace(/\s+/g, '_').replace(/[^A-Za-z0-9._-]/g, '').replace(/\.{2,}/g, '.').replace(/^[._-]+/, '');
  const dot = safe.lastIndexOf('.');
  let base = dot > 0 ? safe.slice(0, dot) : safe;
  const extension = dot > 0 ? safe.slice(dot + 1).toLowerCase() : '';
  base = base.slice(0, 120).replace(/[._-]+$/, '') || 'image';
  safe = `${base}.${type.extensions.includes(extension) ? extension : type.extensions[0]}`;
  return `${timestamp}_${safe}`;
}
