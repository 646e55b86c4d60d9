import type { Db } from '../../db/db.ts';

export interface StoredObject {
  content_type: string;
  size: number;
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

  async find(bucket: string, name: string): Promise<StoredObject | null> {
    const [row] = await this.db.query<StoredObject>(
      'select content_type, size, sha256, bytes from storage_objects where bucket = $1 and name = $2', [bucket, name]);
    return row ?? null;
  }
}
