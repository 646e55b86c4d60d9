// What a device of an encrypted sync space sends and reads (docs/decisions/068-end-to-end-encrypted-sync.md), as
// bytes, without any cryptography: the pairing link's fragment, base64url, the plaintext of a message before it is
// encrypted, and the pages the server returns. The device's crypto (apps/web/src/lib/sync) seals and opens them.

/** base64url without padding (RFC 4648 §5), the spelling of ids, keys and tokens. */
export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of base64url text; null when it is not base64url of exactly `length` bytes in its one spelling. */
export function fromBase64Url(text: string, length: number): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  let binary: string;
  try {
    binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return bytes.length === length && toBase64Url(bytes) === text ? bytes : null;
}

export const SYNC_ID_BYTES = 16;
/** The largest update and snapshot the relay takes, sealed (decision 068's limits: 413 beyond them). */
export const SYNC_UPDATE_MAX_BYTES = 1024 * 1024;
export const SYNC_SNAPSHOT_MAX_BYTES = 20 * 1024 * 1024;
export const SPACE_KEY_BYTES = 32;
/** The fragment of a pairing link: `#grove-sync=<space id>.<key>`. Never sent to a server. */
export const PAIRING_PARAMETER = 'grove-sync';

export interface Pairing {
  readonly spaceId: string;
  readonly key: Uint8Array;
}

/** The fragment (with its '#') that pairs a device with the space. */
export function pairingFragment(pairing: Pairing): string {
  return `#${PAIRING_PARAMETER}=${pairing.spaceId}.${toBase64Url(pairing.key)}`;
}

/** The pairing a location's fragment holds; null when it holds none or a malformed one. */
export function readPairingFragment(hash: string): Pairing | null {
  const match = new RegExp(`^#?${PAIRING_PARAMETER}=([A-Za-z0-9_-]+)\\.([A-Za-z0-9_-]+)$`).exec(hash);
  if (!match) return null;
  const [, spaceId = '', keyText = ''] = match;
  const key = fromBase64Url(keyText, SPACE_KEY_BYTES);
  return fromBase64Url(spaceId, SYNC_ID_BYTES) && key ? { spaceId, key } : null;
}

export type SyncMessageKind = 'update' | 'snapshot';

/** A message before encryption: a Yjs update (v2) or a whole state, numbered by the device that sent it. */
export interface SyncPlaintext {
  readonly kind: SyncMessageKind;
  /** The sending device's id (16 bytes). */
  readonly device: Uint8Array;
  /** That device's message number, one more each message: a number at or below one seen before is a replay. */
  readonly counter: number;
  /** A snapshot: the last server sequence number it holds (0 for an update). */
  readonly covers: number;
  readonly payload: Uint8Array;
}

const KIND_CODES: Record<SyncMessageKind, number> = { update: 1, snapshot: 2 };
/** kind (1) | device (16) | counter (8, big-endian) | covers (8, big-endian) | payload. */
export const SYNC_PLAINTEXT_HEADER_BYTES = 1 + SYNC_ID_BYTES + 8 + 8;
const PLAINTEXT_HEADER = SYNC_PLAINTEXT_HEADER_BYTES;

export function encodeSyncPlaintext(message: SyncPlaintext): Uint8Array {
  if (message.device.length !== SYNC_ID_BYTES) throw new Error('A device id is 16 bytes.');
  const out = new Uint8Array(PLAINTEXT_HEADER + message.payload.length);
  const view = new DataView(out.buffer);
  view.setUint8(0, KIND_CODES[message.kind]);
  out.set(message.device, 1);
  view.setBigUint64(1 + SYNC_ID_BYTES, BigInt(message.counter));
  view.setBigUint64(1 + SYNC_ID_BYTES + 8, BigInt(message.covers));
  out.set(message.payload, PLAINTEXT_HEADER);
  return out;
}

/** A decrypted message's fields; null when the bytes are not a message of this format. */
export function decodeSyncPlaintext(bytes: Uint8Array): SyncPlaintext | null {
  if (bytes.length < PLAINTEXT_HEADER) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const code = view.getUint8(0);
  const kind = code === 1 ? 'update' : code === 2 ? 'snapshot' : null;
  const counter = Number(view.getBigUint64(1 + SYNC_ID_BYTES));
  const covers = Number(view.getBigUint64(1 + SYNC_ID_BYTES + 8));
  if (!kind || !Number.isSafeInteger(counter) || !Number.isSafeInteger(covers)) return null;
  return { kind, device: bytes.slice(1, 1 + SYNC_ID_BYTES), counter, covers, payload: bytes.slice(PLAINTEXT_HEADER) };
}

/** One record of a page of GET /api/sync/spaces/:id/updates: a snapshot (its seq is what it covers) or an update. */
export interface SyncRecord {
  readonly kind: SyncMessageKind;
  readonly seq: number;
  readonly body: Uint8Array;
}

/**
 * A page as the server frames it: format byte 1, then records of kind (1: snapshot, 2: update) | seq (8 bytes) |
 * length (4 bytes) | body, integers big-endian. Throws on anything else: a page cut short or of another format.
 */
export function decodeSyncPage(page: Uint8Array): SyncRecord[] {
  const view = new DataView(page.buffer, page.byteOffset, page.byteLength);
  if (page.length < 1 || view.getUint8(0) !== 1) throw new Error('The server sent a page of an unknown format.');
  const records: SyncRecord[] = [];
  let offset = 1;
  while (offset < page.length) {
    if (offset + 13 > page.length) throw new Error('The server sent a page cut short.');
    const code = view.getUint8(offset);
    if (code !== 1 && code !== 2) throw new Error('The server sent a record of an unknown kind.');
    const seq = Number(view.getBigUint64(offset + 1));
    const end = offset + 13 + view.getUint32(offset + 9);
    if (end > page.length) throw new Error('The server sent a page cut short.');
    records.push({ kind: code === 1 ? 'snapshot' : 'update', seq, body: Uint8Array.from(page.subarray(offset + 13, end)) });
    offset = end;
  }
  return records;
}
