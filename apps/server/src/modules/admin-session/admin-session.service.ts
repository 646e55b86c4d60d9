import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { HttpError } from '../../http/errors.ts';
import type { AdminSessionRepository } from './admin-session.repository.ts';
import { clientKey } from '../../http/client-key.ts';
import { LoginThrottle, tooManyAttempts } from './login-throttle.ts';

export interface SessionLimits {
  idleMs: number;
  absoluteMs: number;
  maxFailures: number;
  failureWindowMs: number;
  /** Least time between two clean-ups of expired sessions and old failed attempts (per instance). */
  housekeepingMs: number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = {
  idleMs: 30 * 60_000,
  absoluteMs: 12 * 60 * 60_000,
  maxFailures: 5,
  failureWindowMs: 60_000,
  housekeepingMs: 60_000,
};

const sha256 = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();
const tokenHash = (token: string): string => sha256(token).toString('hex');

/** Sessions remembered per instance at most; an admin has a few (one per browser), so this is never reached in use. */
const MAX_REMEMBERED = 1000;

interface Remembered {
  expiresAt: Date;
  /**
   * performance.now() until which the database's confirmation is trusted: a monotonic clock, so a wall
   * clock set back (or a Node clock behind the database's) never stretches it.
   */
  trustedUntil: number;
}

export class AdminSessionService {
  private readonly keyDigest: Buffer;

  private readonly throttle: LoginThrottle;

  private lastHousekeeping = Number.NEGATIVE_INFINITY;

  /**
   * Live sessions this instance verified in the last refresh interval, by token hash: an admin request then
   * needs no query. A session deleted anywhere is forgotten when its NOTIFY arrives (migration 005).
   */
  private readonly remembered = new Map<string, Remembered>();

  /** Counts the sessions forgotten by NOTIFY or gap, so a verification that raced one is not remembered. */
  private forgettings = 0;

  private stopWatching: (() => Promise<void>) | undefined;

  /** Whether every ended session is heard of now: from start() to stop(), except while the connection is lost. */
  private listening = false;

  /**
   * How long a verification is trusted without asking again, and so how far behind the database's idle clock
   * may be: idle expiry may come up to this much early (at most 30 s, a fiftieth of the idle time), never late.
   */
  private readonly refreshEveryMs: number;

  constructor(
    private readonly repository: AdminSessionRepository,
    secretKey: string,
    readonly limits: SessionLimits,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.keyDigest = sha256(secretKey);
    this.throttle = new LoginThrottle(limits.maxFailures, limits.failureWindowMs);
    this.refreshEveryMs = Math.min(30_000, limits.idleMs / 50);
  }

  /** Starts hearing of sessions ended on any instance; verify() remembers sessions only once this is done. */
  async start(): Promise<void> {
    this.stopWatching = await this.repository.watchEnded({
      ended: (hash) => this.forget(hash),
      lost: () => {
        this.listening = false;
        this.forget();
      },
      gap: () => {
        this.forget();
        this.listening = this.stopWatching !== undefined;
      },
    });
    // A verification in flight since before the LISTEN may have missed an end: it is not remembered.
    this.forget();
    this.listening = true;
  }

  async stop(): Promise<void> {
    const stop = this.stopWatching;
    this.stopWatching = undefined;
    this.listening = false;
    this.forget();
    await stop?.();
  }

  /** Forgets one session, or every session when the news of ended sessions may have been lost. */
  private forget(hash?: string): void {
    this.forgettings += 1;
    if (hash === undefined) this.remembered.clear();
    else this.remembered.delete(hash);
  }

  /** Compares digests so the comparison takes the same time whatever the length or content of the guess. */
  private keyMatches(candidate: string): boolean {
    return timingSafeEqual(sha256(candidate), this.keyDigest);
  }

  /**
   * Checks the key; returns a new session token, or throws 401, or 429 once the client is over its limit.
   * `address` is the client's address as the request gives it; the limit is kept per normalised hash of it.
   * Fails closed: if the limit cannot be checked or recorded, the attempt is refused and counts as a failure.
   */
  async login(key: string, address: string): Promise<{ token: string; expiresAt: Date }> {
    try {
      const client = clientKey(address);
      const ok = await this.throttle.run(client, async () => {
        const matches = await this.checkWithLimit(key, client);
        return { failed: !matches, value: matches };
      });
      if (!ok) throw new HttpError(401, 'Invalid secret key.');
      const token = randomBytes(32).toString('base64url');
      const expiresAt = await this.repository.create(tokenHash(token), this.limits.absoluteMs);
      return { token, expiresAt };
    } finally {
      await this.housekeeping();
    }
  }

  /**
   * Deletes expired sessions and failed attempts older than an hour. It rides on login attempts, failed ones
   * included (a stream of wrong keys would otherwise grow the failures table for as long as nobody signs
   * in), at most once per `housekeepingMs`, and never on the read path. Its failure changes no answer.
   */
  private async housekeeping(): Promise<void> {
    const now = Date.now();
    if (now - this.lastHousekeeping < this.limits.housekeepingMs) return;
    this.lastHousekeeping = now;
    await this.repository.deleteExpired(this.limits.idleMs).catch(this.onError);
  }

  private async checkWithLimit(key: string, client: string): Promise<boolean> {
    let attempt;
    try {
      attempt = await this.repository.withClientLock(client, async (tx) => {
        const failures = await this.repository.recentFailures(tx, client, this.limits.failureWindowMs);
        if (failures.count >= this.limits.maxFailures) return { limited: true, retryAfter: failures.retryAfterSeconds } as const;
        const matches = this.keyMatches(key);
        if (!matches) await this.repository.recordFailure(tx, client);
        return { limited: false, matches } as const;
      });
    } catch (error) {
      this.onError(error);
      throw new HttpError(503, 'Signing in is unavailable right now. Please try again in a minute.', { 'Retry-After': '60' });
    }
    // Another attempt of this client holds the lock (on another instance): refuse rather than wait.
    if (!attempt) throw tooManyAttempts(1);
    if (attempt.value.limited) throw tooManyAttempts(attempt.value.retryAfter);
    return attempt.value.matches;
  }

  /**
   * The session's absolute expiry when the token is live (and refreshes its idle clock), else null. Asks the
   * database at most once per refresh interval per session, and always in the last interval before the
   * absolute expiry (measured by the database's clock).
   */
  async verify(token: string | undefined): Promise<Date | null> {
    if (!token || token.length > 100) return null;
    const hash = tokenHash(token);
    const startedAt = performance.now();
    const known = this.remembered.get(hash);
    if (known && startedAt < known.trustedUntil) return known.expiresAt;
    const forgettings = this.forgettings;
    const session = await this.repository.touch(hash, this.limits.idleMs);
    if (!session) {
      this.remembered.delete(hash);
      return null;
    }
    // Not remembered if a session was forgotten meanwhile (it may be this one, deleted after the touch read
    // it), nor while ended sessions may go unheard of (before start(), after stop(), connection lost).
    const trustMs = Math.min(this.refreshEveryMs, session.remainingMs - this.refreshEveryMs);
    if (this.listening && forgettings === this.forgettings && trustMs > 0) {
      this.remember(hash, { expiresAt: session.expiresAt, trustedUntil: startedAt + trustMs });
    }
    return session.expiresAt;
  }

  private remember(hash: string, session: Remembered): void {
    this.remembered.delete(hash);
    if (this.remembered.size >= MAX_REMEMBERED) {
      const oldest = this.remembered.keys().next();
      if (!oldest.done) this.remembered.delete(oldest.value);
    }
    this.remembered.set(hash, session);
  }

  /**
   * The session's absolute expiry when the token is live, else null; unlike verify, it does not count as
   * activity: an open admin socket or a screen asking whether it is still unlocked keeps no session alive.
   */
  async peek(token: string | undefined): Promise<Date | null> {
    if (!token || token.length > 100) return null;
    return (await this.repository.liveExpiry(tokenHash(token), this.limits.idleMs)) ?? null;
  }

  async logout(token: string | undefined): Promise<void> {
    if (!token || token.length > 100) return;
    const hash = tokenHash(token);
    await this.repository.delete(hash);
    // At once on this instance; the NOTIFY tells the others (and this one again).
    this.forget(hash);
  }
}
