import { ByteCache, ENTRY_OVERHEAD } from '../../http/byte-cache.ts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { NewVariant, StorageRepository, StoredObjectInfo, StoredVariant } from './storage.repository.ts';
import { StorageService } from './storage.service.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** An in-memory repository that counts the reads that touch the bytes column. */
function countingRepository() {
  const objects = new Map<string, { info: StoredObjectInfo; bytes: Uint8Array }>();
  const variants = new Map<string, StoredVariant>();
  const reads = { info: 0, bytes: 0, variants: 0, variantWrites: 0 };
  const repository = {
    findVariant: (bucket: string, name: string, width: number) => {
      reads.variants += 1;
      return Promise.resolve(variants.get(`${bucket}/${name}/${width}`) ?? null);
    },
    insertVariant: (bucket: string, name: string, width: number, copy: NewVariant | null) => {
      reads.variantWrites += 1;
      const key = `${bucket}/${name}/${width}`;
      const row = { content_type: copy?.contentType ?? null, sha256: copy?.sha256 ?? null, bytes: copy?.bytes ?? null };
      if (!variants.has(key)) variants.set(key, row);
      return Promise.resolve();
    },
    insert: (bucket: string, name: string, contentType: string, sha256: string, bytes: Uint8Array) => {
      objects.set(`${bucket}/${name}`, { info: { content_type: contentType, sha256 }, bytes });
      return Promise.resolve(true);
    },
    findInfo: (bucket: string, name: string) => {
      reads.info += 1;
      return Promise.resolve(objects.get(`${bucket}/${name}`)?.info ?? null);
    },
    readBytes: (bucket: string, name: string) => {
      reads.bytes += 1;
      return Promise.resolve(objects.get(`${bucket}/${name}`)?.bytes ?? null);
    },
  };
  return { repository: repository as unknown as StorageRepository, reads };
}

describe('StorageService reads', () => {
  it('reads the bytes from the database once, then from memory', async () => {
    const { repository, reads } = countingRepository();
    const service = new StorageService(repository, () => 1_700_000_000_000);
    const { name } = await service.uploadImage('a.png', PNG);
    for (let i = 0; i < 3; i += 1) {
      const head = await service.head('blog_images', name);
      expect(head?.contentType).toBe('image/png');
      expect((await service.bytes('blog_images', name, head!))?.equals(PNG)).toBe(true);
    }
    expect(reads).toMatchObject({ info: 1, bytes: 1 });
  });

  it('answers the type and ETag of an uncached object without reading its bytes', async () => {
    const { repository, reads } = countingRepository();
    const service = new StorageService(repository, () => 1_700_000_000_000);
    const { name } = await service.uploadImage('a.png', PNG);
    expect((await service.head('blog_images', name))?.etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(await service.head('blog_images', 'missing.png')).toBeNull();
    expect(reads.bytes).toBe(0);
  });

  it('keeps at most its byte budget in memory, dropping the least recently used image', async () => {
    const { repository, reads } = countingRepository();
    let now = 1_700_000_000_000;
    // Room for two images of this size (with each entry's allowance and key), not three.
    const service = new StorageService(repository, () => (now += 1), new ByteCache(2 * (PNG.byteLength + ENTRY_OVERHEAD + 200)));
    const names = [];
    for (const file of ['a.png', 'b.png', 'c.png']) names.push((await service.uploadImage(file, PNG)).name);
    const read = async (name: string) => {
      const head = await service.head('blog_images', name);
      return service.bytes('blog_images', name, head!);
    };
    await read(names[0]!);
    await read(names[1]!);
    await read(names[0]!);
    await read(names[2]!);
    expect(reads.bytes).toBe(3);
    // b was the least recently used: it went; a stayed.
    await read(names[0]!);
    expect(reads.bytes).toBe(3);
    await read(names[1]!);
    expect(reads.bytes).toBe(4);
  });
});

describe('StorageService copies', () => {
  it('makes a missing copy once for requests at the same time, then answers it from memory', async () => {
    const { repository, reads } = countingRepository();
    const service = new StorageService(repository, () => 1_700_000_000_000);
    const photo = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#2563eb' } }).png().toBuffer();
    await repository.insert('blog_images', 'older.png', 'image/png', 'a'.repeat(64), photo);
    const copies = await Promise.all([1, 2, 3].map(() => service.variant('blog_images', 'older.png', 500)));
    expect(new Set(copies).size).toBe(1);
    expect(copies[0]?.contentType).toBe('image/webp');
    expect(await sharp(copies[0]!.bytes).metadata()).toMatchObject({ format: 'webp', width: 500 });
    expect(reads).toMatchObject({ variants: 1, variantWrites: 1 });
    expect(await service.variant('blog_images', 'older.png', 500)).toBe(copies[0]);
    expect(reads).toMatchObject({ variants: 1, variantWrites: 1 });
    expect(await service.variant('blog_images', 'missing.png', 500)).toBeNull();
  });

  it('answers a file it cannot convert with the file itself, asking the database once', async () => {
    const { repository, reads } = countingRepository();
    const service = new StorageService(repository, () => 1_700_000_000_000);
    const { name } = await service.uploadImage('header-only.png', PNG);
    for (let i = 0; i < 3; i += 1) {
      const copy = await service.variant('blog_images', name, 800);
      expect(copy?.contentType).toBe('image/png');
      expect(copy?.bytes.equals(PNG)).toBe(true);
    }
    expect(reads.variants).toBe(1);
  });

  it('keeps an upload whose copies could not be stored; they are made at their first request', async () => {
    const { repository, reads } = countingRepository();
    const failing = Object.assign(Object.create(repository) as StorageRepository, {
      insertVariant: () => Promise.reject(new Error('the database went away')),
    });
    const photo = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#16a34a' } }).png().toBuffer();
    const { name } = await new StorageService(failing, () => 1_700_000_000_000).uploadImage('cover.png', photo);
    expect(name).toBe('1700000000000_cover.png');
    const copy = await new StorageService(repository).variant('blog_images', name, 800);
    expect(await sharp(copy!.bytes).metadata()).toMatchObject({ format: 'webp', width: 600 });
    expect(reads.variantWrites).toBe(1);
  });
});
