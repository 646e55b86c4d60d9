import type { Db } from '../../db/db.ts';

export interface StoredObjectInfo {
  content_type: string;
  sha256: string;
}

/** A stored copy of an image (migration 008); bytes null when the image could not be converted. */
export interface StoredVariant {
  content_type: string | null;
  sha256: string | null;
  bytes: Uint8Array | null;
}

/** A copy to store. */
export interface NewVariant {
  contentType: string;
  sha256: string;
  bytes: Uint8Array;
}

export class StorageRepository {
  constructor(private readonly db: Db) {}

  /** False when the name is taken. */
  async insert(bucket: string, name: string, contentType: string, sha256: string, bytes: Uint8Array): Promise<boolean> {
    const rows = await this.db.query(
      `insert into storage_objects (bucket, name, content_type, size, sha256, bytes) values ($1, $2, $3, $4, $5, $6)
       on conflict (bucket, name) do nothing returning name`,
      [bucket, name, contentType, bytes.byteLength, sha256, bytes],
    );
    return rows.length > 0;
  }

  /** What is known of an object without reading its bytes. */
  async findInfo(bucket: string, name: string): Promise<StoredObjectInfo | null> {
    const [row] = await this.db.query<StoredObjectInfo>(
      'select content_type, sha256 from storage_objects where bucket = $1 and name = $2', [bucket, name]);
    return row ?? null;
  }

  async readBytes(bucket: string, name: string): Promise<Uint8Array | null> {
    const [row] = await this.db.query<{ bytes: Uint8Array }>(
      'select bytes from storage_objects where bucket = $1 and name = $2', [bucket, name]);
    return row?.bytes ?? null;
  }

  async findVariant(bucket: string, name: string, width: number): Promise<StoredVariant | null> {
    const [row] = await this.db.query<StoredVariant>(
      'select content_type, sha256, bytes from storage_variants where bucket = $1 and name = $2 and width = $3', [bucket, name, width]);
    return row ?? null;
  }

  /** Stores a copy, or that there is none (null); a copy already stored (by a request at the same time) stays. */
  async insertVariant(bucket: string, name: string, width: number, copy: NewVariant | null): Promise<void> {
    await this.db.query(
      `insert into storage_variants (bucket, name, width, content_type, sha256, bytes) values ($1, $2, $3, $4, $5, $6)
       on conflict (bucket, name, width) do nothing`,
      [bucket, name, width, copy?.contentType ?? null, copy?.sha256 ?? null, copy?.bytes ?? null],
    );
  }
}
