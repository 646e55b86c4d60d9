import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { HttpError } from '../../http/errors.ts';
import type { AdminSessionRepository } from './admin-session.repository.ts';

export interface SessionLimits {
  idleMs: number;
  absoluteMs: number;
  maxFailures: number;
  failureWindowMs: number;
}

export const DEFAULT_SESSION_LIMITS: SessionLimits = {
  idleMs: 30 * 60_000,
  absoluteMs: 12 * 60 * 60_000,
  maxFailures: 5,
  failureWindowMs: 60_000,
};

const sha256 = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

export class AdminSessionService {
  private readonly keyDigest: Buffer;

  constructor(
    private readonly repository: AdminSessionRepository,
    secretKey: string,
    readonly limits: SessionLimits,
  ) {
    this.keyDigest = sha256(secretKey);
  }

  /** Compares digests so the comparison takes the same time whatever the length or content of the guess. */
  private keyMatches(candidate: string): boolean {
    return timingSafeEqual(sha256(candidate), this.keyDigest);
  }

  /** Checks the key; returns a new session token, or throws 401, or 429 once the client is over its limit. */
  async login(key: string, client: string): Promise<{ token: string; expiresAt: Date }> {
    const ok = await this.repository.withClientLock(client, async (tx) => {
      const failures = await this.repository.recentFailures(tx, client, this.limits.failureWindowMs);
      if (failures.count >= this.limits.maxFailures) {
        throw new HttpError(429, 'Too many failed attempts. Please wait a minute and try again.', {
          'Retry-After': String(failures.retryAfterSeconds),
        });
      }
      const matches = this.keyMatches(key);
      if (!matches) await this.repository.recordFailure(tx, client);
      return matches;
    });
    if (!ok) throw new HttpError(401, 'Invalid secret key.');
    const token = randomBytes(32).toString('base64url');
    const expiresAt = await this.repository.create(sha256(token).toString('hex'), this.limits.absoluteMs);
    // Housekeeping rides on logins: rare, and never on the read path.
    await this.repository.deleteExpired(this.limits.idleMs);
    return { token, expiresAt };
  }

  /** The session's absolute expiry when the token is live (and refreshes its idle clock), else null. */
  async verify(token: string | undefined): Promise<Date | null> {
    if (!token || token.length > 100) return null;
    const expiresAt = await this.repository.touch(sha256(token).toString('hex'), this.limits.idleMs);
    return expiresAt ?? null;
  }

  async logout(token: string | undefined): Promise<void> {
    if (token && token.length <= 100) await this.repository.delete(sha256(token).toString('hex'));
  }
}
