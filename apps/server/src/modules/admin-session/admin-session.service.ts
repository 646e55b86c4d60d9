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

export class AdminSessionService {
  private readonly keyDigest: Buffer;

  private readonly throttle: LoginThrottle;

  private lastHousekeeping = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly repository: AdminSessionRepository,
    secretKey: string,
    readonly limits: SessionLimits,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.keyDigest = sha256(secretKey);
    this.throttle = new LoginThrottle(limits.maxFailures, limits.failureWindowMs);
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
   * The session's absolute expiry when the token is live (and refreshes its idle clock), else null. One
   * indexed UPDATE per admin request: a session ended anywhere (logout on another instance, clean-up, by
   * hand) is refused at once, with no cache to keep in step across instances.
   */
  async verify(token: string | undefined): Promise<Date | null> {
    if (!token || token.length > 100) return null;
    return (await this.repository.touch(tokenHash(token), this.limits.idleMs)) ?? null;
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
    await this.repository.announceEnded(hash);
  }

  /**
   * Calls `onEnded` with a test for tokens of each session logged out on any instance (NOTIFY; decision 067);
   * resolves to a function that stops listening. Only hashes travel, never tokens.
   */
  watchEnded(onEnded: (isEndedToken: (token: string) => boolean) => void): Promise<() => Promise<void>> {
    return this.repository.listenEnded((hash) => onEnded((token) => tokenHash(token) === hash));
  }
}
