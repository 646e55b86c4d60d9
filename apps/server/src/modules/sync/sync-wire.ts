/**
 * The body of GET /api/sync/spaces/:id/updates (decision 068, "Wire format"): one format byte, then records, each
 *
 *   kind (1 byte: 1 snapshot, 2 update) | seq (8 bytes, unsigned big-endian) | length (4 bytes, unsigned big-endian) | body
 *
 * A snapshot's seq is the sequence number it covers; the bodies are the bytes devices sent, untouched. The server
 * never reads a body: this file only frames them.
 */
export const SYNC_WIRE_FORMAT = 1;
export const RECORD_SNAPSHOT = 1;
export const RECORD_UPDATE = 2;
export const RECORD_HEADER_BYTES = 13;

export interface SyncRecord {
  kind: typeof RECORD_SNAPSHOT | typeof RECORD_UPDATE;
  seq: number;
  body: Uint8Array;
}

/** Bytes a record takes in a page. */
export const recordBytes = (bodyLength: number): number => RECORD_HEADER_BYTES + bodyLength;

export function encodeRecords(records: readonly SyncRecord[]): Buffer {
  const total = 1 + records.reduce((sum, record) => sum + recordBytes(record.body.byteLength), 0);
  const out = Buffer.allocUnsafe(total);
  out.writeUInt8(SYNC_WIRE_FORMAT, 0);
  let offset = 1;
  for (const record of records) {
    out.writeUInt8(record.kind, offset);
    out.writeBigUInt64BE(BigInt(record.seq), offset + 1);
    out.writeUInt32BE(record.body.byteLength, offset + 9);
    out.set(record.body, offset + RECORD_HEADER_BYTES);
    offset += recordBytes(record.body.byteLength);
  }
  return out;
}
