// Uploaded images and their copies: no zod here, so the public pages' shared code can read it (page-meta.ts).

export const IMAGE_BUCKET = 'blog_images';
/** The longest stored object name (the storage_objects check in migration 001). */
export const STORED_NAME_MAX = 200;
/** A stored object's name: what the upload writes (image-type.ts on the server) and the storage routes answer. */
export const STORED_NAME_PATTERN = `[A-Za-z0-9][A-Za-z0-9._-]{0,${STORED_NAME_MAX - 1}}`;

/**
 * The widths of the WebP copies the server makes of an uploaded image (decision 077), for `srcset`: a blog card
 * (484 px wide at most) or a post's cover (736 px) on a phone or a desktop at 1x to 2x picks the smallest width
 * at least as wide as it draws. An image narrower than a width is not enlarged: that copy is the image's own width.
 */
export const IMAGE_WIDTHS = [500, 800, 1200, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** An image uploaded here, as the storage route serves it. */
const STORED_URL = new RegExp(`^/storage/${IMAGE_BUCKET}/${STORED_NAME_PATTERN}$`);
/** A GIF may be animated; its copies would be single frames, so it is served as uploaded. */
const AS_UPLOADED = /\.gif$/i;
const VARIANT = /^w([1-9][0-9]{2,3})\.webp$/;

/** Whether an image stored under this name has copies (not a GIF). */
export const hasImageVariants = (name: string): boolean => !AS_UPLOADED.test(name);

/** The URL of an uploaded image's copy `width` pixels wide (the last path segment: `w800.webp`). */
export const imageVariantUrl = (url: string, width: ImageWidth): string => `${url}/w${width}.webp`;

/** The width a variant's last path segment names, when it is one of IMAGE_WIDTHS; otherwise null. */
export function parseImageVariant(segment: string): ImageWidth | null {
  const width = Number(VARIANT.exec(segment)?.[1]);
  return (IMAGE_WIDTHS as readonly number[]).includes(width) ? (width as ImageWidth) : null;
}

/**
 * The `srcset` of an image uploaded to this server, widest last; undefined for any other URL (an external image,
 * a GIF), which is shown as it is.
 */
export function imageSrcSet(url: string | null | undefined): string | undefined {
  if (!url || !STORED_URL.test(url) || !hasImageVariants(url)) return undefined;
  return IMAGE_WIDTHS.map((width) => `${imageVariantUrl(url, width)} ${width}w`).join(', ');
}
