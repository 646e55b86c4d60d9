import { HttpError } from '../../http/errors.ts';

interface ClientState {
  failures: number[];
  pending: number;
  chain: Promise<unknown>;
}

// Attempts one client may have queued on this instance; a flood beyond it is refused without waiting.
const MAX_PENDING = 5;
// Entries kept before idle ones are pruned: the key space is the clients', so it must be bounded.
const MAX_CLIENTS = 10_000;

/** 429 saying when to try again (decision 067): the limit is per client address, so it says so in seconds. */
export const tooManyAttempts = (retryAfterSeconds: number) => {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError(429, `Too many failed attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`, { 'Retry-After': String(seconds) });
};

/**
 * The in-process front of the login limit: a client over the limit on this instance is answered 429 without
 * touching the database, and one client's attempts run one at a time here, so a burst of parallel guesses
 * never holds more than one pooled database connection. The database limit still holds across instances.
 */
export class LoginThrottle {
  private readonly clients = new Map<string, ClientState>();

  constructor(private readonly maxFailures: number, private readonly windowMs: number, private readonly now = Date.now) {}

  /** Runs `attempt` after this client's earlier attempts; it returns whether the attempt failed. */
  run<T>(key: string, attempt: () => Promise<{ failed: boolean; value: T }>): Promise<T> {
    const state = this.state(key);
    this.refuseIfLimited(state);
    if (state.pending >= MAX_PENDING) throw tooManyAttempts(1);
    state.pending += 1;
    const result = state.chain.then(async () => {
      this.refuseIfLimited(state);
      let outcome;
      try {
        outcome = await attempt();
      } catch (error) {
        // Fail closed: an attempt that could not be checked counts against the client, unless it was refused.
        if (!(error instanceof HttpError && error.statusCode === 429)) state.failures.push(this.now());
        throw error;
      }
      if (outcome.failed) state.failures.push(this.now());
      return outcome.value;
    });
    state.chain = result.then(() => undefined, () => undefined).finally(() => {
      state.pending -= 1;
    });
    return result;
  }

  private refuseIfLimited(state: ClientState): void {
    const since = this.now() - this.windowMs;
    while (state.failures.length > 0 && (state.failures[0] ?? 0) <= since) state.failures.shift();
    const oldest = state.failures[0];
    if (oldest !== undefined && state.failures.length >= this.maxFailures) {
      throw tooManyAttempts(Math.ceil((oldest + this.windowMs - this.now()) / 1000));
    }
  }

  private state(key: string): ClientState {
    let state = this.clients.get(key);
    if (!state) {
      if (this.clients.size >= MAX_CLIENTS) this.prune();
      state = { failures: [], pending: 0, chain: Promise.resolve() };
      this.clients.set(key, state);
    }
    return state;
  }

  private prune(): void {
    const since = this.now() - this.windowMs;
    for (const [key, state] of this.clients) {
      if (state.pending === 0 && state.failures.every((at) => at <= since)) this.clients.delete(key);
    }
    // Still full (a flood of distinct clients, all recent): forget the oldest; the database limit remains.
    for (const key of this.clients.keys()) {
      if (this.clients.size < MAX_CLIENTS) break;
      this.clients.delete(key);
    }
  }
}
