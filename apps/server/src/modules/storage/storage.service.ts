import { createHash } from 'node:crypto';
import { IMAGE_MAX_BYTES, type UploadResult } from '@grove/domain/content/admin';
import { hasImageVariants, IMAGE_BUCKET, IMAGE_WIDTHS, type ImageWidth } from '@grove/domain/content/image-variants';
import { ByteCache } from '../../http/byte-cache.ts';
import { HttpError } from '../../http/errors.ts';
import { webpCopies } from './image-resize.ts';
import { detectImageType, storedImageName } from './image-type.ts';
import { ObjectCache, type CachedObject, type ObjectHead } from './object-cache.ts';
import type { StorageRepository } from './storage.repository.ts';

export const imageUrl = (name: string): string => `/storage/${IMAGE_BUCKET}/${name}`;

export class StorageService {
  private readonly cache: ObjectCache;
  /** Copies being read or made, by cache key: requests for the same one at the same time share the work. */
  private readonly pending = new Map<string, Promise<CachedObject | null>>();

  constructor(
    private readonly repository: StorageRepository,
    private readonly now: () => number = Date.now,
    /** The process's byte budget, which the images share with the public reads (decision 066). */
    cache: ByteCache = new ByteCache(),
  ) {
    this.cache = new ObjectCache(cache);
  }

  async uploadImage(originalName: string, bytes: Uint8Array): Promise<UploadResult> {
    if (bytes.byteLength === 0) throw new HttpError(400, 'The file is empty. Please select an image.');
    if (bytes.byteLength >= IMAGE_MAX_BYTES) throw new HttpError(413, 'File is too large. Please select an image under 5MB.');
    const type = detectImageType(bytes);
    if (!type) throw new HttpError(415, 'Please select a valid image file (PNG, JPEG, GIF, WebP, AVIF or BMP).');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    // Same name in the same millisecond: move the timestamp on rather than overwrite another image.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const name = storedImageName(originalName, type, this.now() + attempt);
      if (await this.repository.insert(IMAGE_BUCKET, name, type.contentType, sha256, bytes)) {
        // The image is stored: a copy that fails here (the database, say) is made at its first request instead.
        if (hasImageVariants(name)) await this.makeVariants(IMAGE_BUCKET, name, bytes, IMAGE_WIDTHS).catch(() => undefined);
        return { name, url: imageUrl(name) };
      }
    }
    throw new HttpError(409, 'An image with this name was just uploaded. Please try again.');
  }

  /** Type and ETag of a stored object: from the cache, or by a query that leaves the bytes in the database. */
  async head(bucket: string, name: string): Promise<ObjectHead | CachedObject | null> {
    const cached = this.cache.get(cacheKey(bucket, name));
    if (cached) return cached;
    const info = await this.repository.findInfo(bucket, name);
    return info ? { contentType: info.content_type, etag: `"${info.sha256}"` } : null;
  }

  /** The bytes of an object whose head was found (with them when it came from the cache); kept for the next reads. */
  async bytes(bucket: string, name: string, head: ObjectHead | CachedObject): Promise<Buffer | null> {
    if ('bytes' in head) return head.bytes;
    const key = cacheKey(bucket, name);
    const raw = await this.repository.readBytes(bucket, name);
    if (!raw) return null;
    const bytes = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
    this.cache.set(key, { ...head, bytes });
    return bytes;
  }

  /**
   * An image's WebP copy `width` pixels wide (decision 077): from memory, from the database, or made now for an
   * image uploaded before copies were made (once: requests at the same time wait for the same work). An image
   * that cannot be converted answers with its own bytes and type. Null when there is no such image.
   */
  variant(bucket: string, name: string, width: ImageWidth): Promise<CachedObject | null> {
    const key = cacheKey(bucket, name, width);
    const cached = this.cache.get(key);
    if (cached) return Promise.resolve(cached);
    let pending = this.pending.get(key);
    if (!pending) {
      pending = this.readVariant(bucket, name, width).finally(() => this.pending.delete(key));
      this.pending.set(key, pending);
    }
    return pending;
  }

  private async readVariant(bucket: string, name: string, width: ImageWidth): Promise<CachedObject | null> {
    const stored = await this.repository.findVariant(bucket, name, width);
    if (stored?.bytes && stored.content_type && stored.sha256) {
      const bytes = Buffer.from(stored.bytes.buffer, stored.bytes.byteOffset, stored.bytes.byteLength);
      return this.keep(cacheKey(bucket, name, width), { contentType: stored.content_type, etag: `"${stored.sha256}"`, bytes });
    }
    const head = await this.head(bucket, name);
    const bytes = head && await this.bytes(bucket, name, head);
    if (!head || !bytes) return null;
    if (!stored) {
      const [made] = await this.makeVariants(bucket, name, bytes, [width]);
      if (made) return made;
    }
    // No copy: the image itself, kept under the copy's key too (the same bytes), so a request asks the database once.
    return this.keep(cacheKey(bucket, name, width), { contentType: head.contentType, etag: head.etag, bytes });
  }

  /** Makes, stores and keeps in memory an image's copies at these widths; undefined for each when it cannot be converted. */
  private async makeVariants(
    bucket: string, name: string, bytes: Uint8Array, widths: readonly ImageWidth[],
  ): Promise<Array<CachedObject | undefined>> {
    const copies = await webpCopies(bytes, widths);
    return Promise.all(widths.map(async (width, index) => {
      const copy = copies?.[index];
      if (!copy) {
        await this.repository.insertVariant(bucket, name, width, null);
        return undefined;
      }
      const sha256 = createHash('sha256').update(copy).digest('hex');
      await this.repository.insertVariant(bucket, name, width, { contentType: 'image/webp', sha256, bytes: copy });
      return this.keep(cacheKey(bucket, name, width), { contentType: 'image/webp', etag: `"${sha256}"`, bytes: copy });
    }));
  }

  private keep(key: string, object: CachedObject): CachedObject {
    this.cache.set(key, object);
    return object;
  }
}

const cacheKey = (bucket: string, name: string, width?: ImageWidth) => `${bucket}/${name}${width === undefined ? '' : `/w${width}`}`;
