import {
  decodeSyncPlaintext, encodeSyncPlaintext, fromBase64Url, SPACE_KEY_BYTES, SYNC_ID_BYTES, SYNC_PLAINTEXT_HEADER_BYTES, toBase64Url,
  type SyncMessageKind, type SyncPlaintext,
} from '@grove/domain/sync/sync-wire';

// The device's cryptography for encrypted sync (docs/decisions/068-end-to-end-encrypted-sync.md), WebCrypto only:
// random keys and ids, HKDF-SHA-256 from the space key to the encryption key and the server's access token, and
// AES-GCM 256 with a fresh random nonce per message, bound to its space and kind. Nothing of our own invention.

const MESSAGE_VERSION = 1;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const TOKEN_BYTES = 32;
const ENCRYPTION_INFO = 'grove-sync/1 encryption key';
const TOKEN_INFO = 'grove-sync/1 access token';

/** A message that fails its authentication (changed, moved from another space or kind) or is not of this format. */
export class SyncIntegrityError extends Error {
  constructor(message = 'A change from the server could not be verified; nothing was applied.') {
    super(message);
    this.name = 'SyncIntegrityError';
  }
}

function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(length));
}

/** A new space key: 256 random bits. */
export const newSpaceKey = (): Uint8Array => randomBytes(SPACE_KEY_BYTES);

/** A new space or device id: 16 random bytes, base64url. */
export const newSyncId = (): string => toBase64Url(randomBytes(SYNC_ID_BYTES));

export interface SpaceKeys {
  readonly spaceId: string;
  /** AES-GCM 256, not extractable. */
  readonly encryption: CryptoKey;
  /** What the server checks (it keeps only its hash): base64url of 32 bytes. */
  readonly token: string;
}

const utf8 = new TextEncoder();

/** The space's encryption key and access token, each derived from its key by HKDF with the space id as salt. */
export async function deriveSpaceKeys(spaceId: string, key: Uint8Array): Promise<SpaceKeys> {
  const salt = fromBase64Url(spaceId, SYNC_ID_BYTES);
  if (!salt || key.length !== SPACE_KEY_BYTES) throw new Error('A sync space is a 16-byte id and a 32-byte key.');
  const base = await crypto.subtle.importKey('raw', new Uint8Array(key), 'HKDF', false, ['deriveKey', 'deriveBits']);
  const hkdf = (info: string) => ({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(salt), info: utf8.encode(info) });
  const encryption = await crypto.subtle.deriveKey(hkdf(ENCRYPTION_INFO), base, { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  const token = new Uint8Array(await crypto.subtle.deriveBits(hkdf(TOKEN_INFO), base, TOKEN_BYTES * 8));
  return { spaceId, encryption, token: toBase64Url(token) };
}

/** What the message is bound to besides its key: the space and the kind, so it cannot be moved or passed off. */
const additionalData = (spaceId: string, kind: SyncMessageKind) => utf8.encode(`grove-sync/${MESSAGE_VERSION} ${spaceId} ${kind}`);

/** What sealing adds to a payload: the version, the nonce, the plaintext's header and the tag. */
export const SEALED_OVERHEAD_BYTES = 1 + NONCE_BYTES + SYNC_PLAINTEXT_HEADER_BYTES + TAG_BYTES;

/** A message sealed for the server: version (1 byte) | nonce (12) | AES-GCM ciphertext with its tag. */
export async function sealMessage(keys: SpaceKeys, message: SyncPlaintext): Promise<Uint8Array> {
  const nonce = randomBytes(NONCE_BYTES);
  const plaintext = encodeSyncPlaintext(message);
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv: nonce, additionalData: additionalData(keys.spaceId, message.kind) }, keys.encryption, new Uint8Array(plaintext),
  );
  const out = new Uint8Array(1 + NONCE_BYTES + sealed.byteLength);
  out[0] = MESSAGE_VERSION;
  out.set(nonce, 1);
  out.set(new Uint8Array(sealed), 1 + NONCE_BYTES);
  return out;
}

/**
 * The plaintext of a message the server returned as `kind`. Throws SyncIntegrityError when it was changed, comes
 * from another space, is of the other kind, or is not a message of this format.
 */
export async function openMessage(keys: SpaceKeys, kind: SyncMessageKind, sealed: Uint8Array): Promise<SyncPlaintext> {
  if (sealed.length < 1 + NONCE_BYTES + 16 || sealed[0] !== MESSAGE_VERSION) throw new SyncIntegrityError();
  let plaintext: ArrayBuffer;
  try {
    plaintext = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: new Uint8Array(sealed.slice(1, 1 + NONCE_BYTES)), additionalData: additionalData(keys.spaceId, kind) },
      keys.encryption, new Uint8Array(sealed.slice(1 + NONCE_BYTES)),
    );
  } catch {
    throw new SyncIntegrityError();
  }
  const message = decodeSyncPlaintext(new Uint8Array(plaintext));
  if (!message || message.kind !== kind) throw new SyncIntegrityError();
  return message;
}
