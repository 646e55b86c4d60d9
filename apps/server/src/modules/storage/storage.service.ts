import { createHash } from 'node:crypto';
import { IMAGE_BUCKET, IMAGE_MAX_BYTES, type UploadResult } from '@grove/domain/content/admin';
import { HttpError } from '../../http/errors.ts';
import { detectImageType, storedImageName } from './image-type.ts';
import type { StorageRepository, StoredObject } from './storage.repository.ts';

export const imageUrl = (name: string): string => `/storage/${IMAGE_BUCKET}/${name}`;

export class StorageService {
  constructor(private readonly repository: StorageRepository, private readonly now: () => number = Date.now) {}

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

  async find(bucket: string, name: string): Promise<StoredObject | null> {
    return this.repository.find(bucket, name);
  }
}
