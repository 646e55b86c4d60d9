import { createHash, timingSafeEqual } from 'node:crypto';
import { syncIdSchema, syncTokenSchema } from '@grove/domain/realtime/messages';
import { z } from 'zod';
import { clientKey } from '../../http/client-key.ts';
import { HttpError } from '../../http/errors.ts';
import { takeFromWindow, type SyncLimits } from './sync-limits.ts';
import { recordBytes, RECORD_SNAPSHOT, RECORD_UPDATE, type SyncRecord } from './sync-wire.ts';
import type { SpaceState } from './sync-space.ts';
import type { DeviceRow, SyncRepository } from './sync.repository.ts';

export interface SyncTiming {
  /** SYNC_SPACE_TTL_DAYS. */
  spaceTtlDays: number;
  /** How often expired spaces are removed. */
  sweepMs: number;
}

export interface SyncPage {
  records: SyncRecord[];
  /** The `after` of the next page; null when this page reaches the space's last update. */
  next: number | null;
}

const MIB = 1024 * 1024;
const size = (bytes: number) => (bytes % MIB === 0 ? `${bytes / MIB} MB` : `${bytes} bytes`);
const seconds = (n: number) => `${n} second${n === 1 ? '' : 's'}`;

/** The access token as the server keeps it: SHA-256 of its 32 bytes (the token itself is never stored). */
export const tokenHash = (token: string): Buffer => createHash('sha256').update(Buffer.from(token, 'base64url')).digest();
// Compared when the space is unknown or the token malformed, so every refusal runs the same comparison.
const NO_HASH = Buffer.alloc(32);

/** Refusals of the sync routes, each with its code (decision 068) and what to do. */
export const syncErrors = {
  tokenMissing: () => new HttpError(401, 'This sync request needs the space\'s access token: send it as "Authorization: Bearer <token>".', {}, 'syncTokenMissing'),
  // One answer for an unknown space and a wrong token: a client without the token learns nothing about the id.
  forbidden: () => new HttpError(
    403, 'No sync space answers to this id and token. Check the pairing link, or turn sync off and on again to make a new space.', {}, 'syncForbidden'),
  exists: () => new HttpError(
    409, 'A sync space with this id already exists. If this device made it, read it with its token; otherwise choose a new random id.', {}, 'syncSpaceExists'),
  updateTooLarge: (limits: SyncLimits, bytes: number) => new HttpError(
    413, `A sync update may be at most ${size(limits.updateMaxBytes)} (this one is ${bytes} bytes): send the change as smaller updates, or upload a snapshot.`,
    {}, 'syncUpdateTooLarge'),
  snapshotTooLarge: (limits: SyncLimits, bytes: number) => new HttpError(
    413, `A sync snapshot may be at most ${size(limits.snapshotMaxBytes)} (this one is ${bytes} bytes).`, {}, 'syncSnapshotTooLarge'),
  spaceFull: (limits: SyncLimits) => new HttpError(
    413, `This sync space would hold more than its ${size(limits.spaceMaxBytes)}: upload a snapshot covering the latest update to compact it, then send again.`,
    {}, 'syncSpaceFull'),
  tooManyUpdates: (limits: SyncLimits, retryAfter: number) => new HttpError(
    429, `Too many updates to this sync space (at most ${limits.updatesPerWindow} in ${limits.rateWindowMs / 1000} seconds): send changes together, and try again in ${seconds(retryAfter)}.`,
    { 'Retry-After': String(retryAfter) }, 'syncTooManyUpdates'),
  tooManySpaces: (limits: SyncLimits, retryAfter: number) => new HttpError(
    429, `Too many sync spaces made from this address (at most ${limits.spacesPerClientPerHour} an hour). Try again in ${seconds(retryAfter)}.`,
    { 'Retry-After': String(retryAfter) }, 'syncTooManySpaces'),
  snapshotAhead: (covers: number, lastSeq: number) => new HttpError(
    409, `The snapshot covers update ${covers} but the space's last update is ${lastSeq}: a snapshot may cover only updates the space holds.`, {}, 'syncSnapshotAhead'),
  snapshotStale: (covers: number, stored: number) => new HttpError(
    409, `The space already has a snapshot covering update ${stored}, newer than ${covers}: read the space, then upload a snapshot covering its latest update.`,
    {}, 'syncSnapshotStale'),
  cursorAhead: (after: number, lastSeq: number) => new HttpError(
    409, `after=${after} is past the space's last update (${lastSeq}): the space was made again. Read it from the start (without after).`, {}, 'syncCursorAhead'),
};

const notificationSchema = z.object({ space: syncIdSchema, seq: z.number().int().positive() });

/**
 * Sync spaces (decision 068): stores and hands back opaque messages in sequence, checks the access token, keeps
 * the limits, removes unused spaces. It never reads a body; only sizes, sequence numbers and times.
 */
export class SyncService {
  private sweeper: NodeJS.Timeout | undefined;
  private sweeping: Promise<void> = Promise.resolve();

  constructor(
    private readonly repository: SyncRepository,
    readonly limits: SyncLimits,
    private readonly timing: SyncTiming,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** The space when `token` is its access token: 401 without a token, 403 for a wrong token or an unknown space. */
  async authorize(id: string, token: string | undefined): Promise<SpaceState> {
    if (token === undefined) throw syncErrors.tokenMissing();
    const state = await this.find(id, token);
    if (!state) throw syncErrors.forbidden();
    return state;
  }

  /** Whether `token` opens the space (the realtime subscription's check). */
  async canSubscribe(id: string, token: string): Promise<boolean> {
    return (await this.find(id, token)) !== undefined;
  }

  private async find(id: string, token: string): Promise<SpaceState | undefined> {
    const wellFormed = syncIdSchema.safeParse(id).success && syncTokenSchema.safeParse(token).success;
    const state = wellFormed ? await this.repository.findSpace(id) : undefined;
    const matches = timingSafeEqual(wellFormed ? tokenHash(token) : NO_HASH, state?.tokenHash ?? NO_HASH);
    return state && matches ? state : undefined;
  }

  /** Makes a space whose token is `token`; at most `spacesPerClientPerHour` per client address over all instances. */
  async createSpace(id: string, token: string, address: string, deviceId: string | undefined): Promise<void> {
    const client = clientKey(address);
    const attempt = await this.repository.withClientLock(client, async (tx) => {
      const recent = await this.repository.recentCreations(tx, client);
      if (recent.count >= this.limits.spacesPerClientPerHour) {
        return { refusal: syncErrors.tooManySpaces(this.limits, recent.retryAfterSeconds) };
      }
      if (!(await this.repository.insertSpace(tx, id, tokenHash(token), client))) return { refusal: syncErrors.exists() };
      if (deviceId !== undefined) await this.repository.recordDevice(id, deviceId, 0, this.limits.devicesPerSpace, tx);
      return { refusal: undefined };
    });
    // Another creation of this client holds the lock (on any instance): refused rather than waited for.
    if (!attempt) throw syncErrors.tooManySpaces(this.limits, 1);
    if (attempt.value.refusal) throw attempt.value.refusal;
  }

  /**
   * What can be refused from the headers alone, before the body is read: the update's declared size, the space's
   * room and its rate. append() checks the last two again under the space's lock.
   */
  checkAppend(state: SpaceState, bytes: number): void {
    if (bytes > this.limits.updateMaxBytes) throw syncErrors.updateTooLarge(this.limits, bytes);
    if (state.bytes + bytes > this.limits.spaceMaxBytes) throw syncErrors.spaceFull(this.limits);
    const rate = takeFromWindow(state.window, state.now, this.limits.updatesPerWindow, this.limits.rateWindowMs);
    if (!rate.ok) throw syncErrors.tooManyUpdates(this.limits, rate.retryAfterSeconds);
  }

  /** The same for a snapshot: its size, and that it covers no update the space lacks (putSnapshot checks again). */
  checkSnapshot(state: SpaceState, covers: number, bytes: number): void {
    if (bytes > this.limits.snapshotMaxBytes) throw syncErrors.snapshotTooLarge(this.limits, bytes);
    if (covers > state.lastSeq) throw syncErrors.snapshotAhead(covers, state.lastSeq);
  }

  /** Appends one message; its sequence number is the space's last + 1, given under the space's row lock. */
  async append(id: string, body: Buffer, deviceId: string | undefined): Promise<{ seq: number; bytes: number }> {
    return this.repository.transaction(async (tx) => {
      const state = await this.repository.lockSpace(tx, id);
      // Deleted since the request was authorised.
      if (!state) throw syncErrors.forbidden();
      if (state.bytes + body.byteLength > this.limits.spaceMaxBytes) throw syncErrors.spaceFull(this.limits);
      const rate = takeFromWindow(state.window, state.now, this.limits.updatesPerWindow, this.limits.rateWindowMs);
      if (!rate.ok) throw syncErrors.tooManyUpdates(this.limits, rate.retryAfterSeconds);
      const seq = state.lastSeq + 1;
      const bytes = await this.repository.insertUpdate(tx, id, seq, body, rate.window);
      if (deviceId !== undefined) await this.repository.recordDevice(id, deviceId, seq, this.limits.devicesPerSpace, tx);
      return { seq, bytes };
    });
  }

  /**
   * Replaces the space's snapshot with one covering update `covers` and deletes the updates it covers. A snapshot
   * may cover only updates the space has, and never fewer than the stored one (the same is allowed: a retry).
   */
  async putSnapshot(id: string, covers: number, body: Buffer, deviceId: string | undefined): Promise<{ covers: number; bytes: number }> {
    return this.repository.transaction(async (tx) => {
      const state = await this.repository.lockSpace(tx, id);
      if (!state) throw syncErrors.forbidden();
      if (covers > state.lastSeq) throw syncErrors.snapshotAhead(covers, state.lastSeq);
      const stored = await this.repository.snapshotCovers(tx, id);
      if (stored !== undefined && covers < stored) throw syncErrors.snapshotStale(covers, stored);
      const bytes = await this.repository.replaceSnapshot(tx, id, covers, body);
      // Thrown inside the transaction: the replacement is rolled back.
      if (bytes > this.limits.spaceMaxBytes) throw syncErrors.spaceFull(this.limits);
      if (deviceId !== undefined) await this.repository.recordDevice(id, deviceId, covers, this.limits.devicesPerSpace, tx);
      return { covers, bytes };
    });
  }

  /** One page of what a device at `after` lacks (null: it has nothing yet); see the repository's readPage. */
  async read(id: string, after: number | null, limit: number | undefined, deviceId: string | undefined): Promise<SyncPage> {
    const maxUpdates = Math.min(limit ?? this.limits.pageDefaultUpdates, this.limits.pageMaxUpdates);
    const page = await this.repository.readPage(id, after, maxUpdates, this.limits.pageMaxBytes, recordBytes);
    if (after !== null && after > page.lastSeq) throw syncErrors.cursorAhead(after, page.lastSeq);
    const records = page.records.map((record): SyncRecord => ({
      kind: record.kind === 'snapshot' ? RECORD_SNAPSHOT : RECORD_UPDATE, seq: record.seq, body: record.body,
    }));
    const reached = records.at(-1)?.seq ?? after ?? 0;
    await this.used(id, deviceId, reached);
    return { records, next: page.more ? reached : null };
  }

  async devices(id: string, deviceId: string | undefined): Promise<DeviceRow[]> {
    await this.used(id, deviceId, 0);
    return this.repository.devices(id);
  }

  async deleteSpace(id: string): Promise<void> {
    await this.repository.deleteSpace(id);
  }

  /** A read counts as use: the space's clock is reset, and the device's last seen and sequence number recorded. */
  private async used(id: string, deviceId: string | undefined, seq: number): Promise<void> {
    await this.repository.touch(id);
    if (deviceId !== undefined) await this.repository.recordDevice(id, deviceId, seq, this.limits.devicesPerSpace);
  }

  /**
   * Calls `onAppend` for each update appended on any instance (NOTIFY after its commit); resolves to a function
   * that stops listening. A payload that is not one is reported and skipped.
   */
  watchAppends(onAppend: (space: string, seq: number) => void): Promise<() => Promise<void>> {
    return this.repository.listenAppends((payload) => {
      let parsed;
      try {
        parsed = notificationSchema.safeParse(JSON.parse(payload));
      } catch {
        parsed = undefined;
      }
      if (parsed?.success) onAppend(parsed.data.space, parsed.data.seq);
      else this.onError(new Error(`Unreadable sync notification: ${payload.slice(0, 100)}`));
    });
  }

  /** Removes expired spaces every `sweepMs` (an unref'd timer: it never keeps the process alive). */
  start(): void {
    this.sweeper = setInterval(() => {
      this.sweeping = this.repository.sweep(this.timing.spaceTtlDays).then(() => {}, this.onError);
    }, this.timing.sweepMs);
    this.sweeper.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    await this.sweeping;
  }
}
