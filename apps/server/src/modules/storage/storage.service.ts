import { createHash } from 'node:crypto';
import { IMAGE_BUCKET, IMAGE_MAX_BYTES, type UploadResult } from '@grove/domain/content/admin';
import { ByteCache } from '../../http/byte-cache.ts';
import { HttpError } from '../../http/errors.ts';
import { detectImageType, storedImageName } from './image-type.ts';
import { ObjectCache, type CachedObject, type ObjectHead } from './object-cache.ts';
import type { StorageRepository } from './storage.repository.ts';

export const imageUrl = (name: string): string => `/storage/${IMAGE_BUCKET}/${name}`;

export class StorageService {
  private readonly cache: ObjectCache;

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
      if (await this.repository.insert(IMAGE_BUCKET, name, type.contentType, sha256, bytes)) return { name, url: imageUrl(name) };
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
}

const cacheKey = (bucket: string, name: string) => `${bucket}/${name}`;
