// The relay's refusal, as the sync engine and the screens tell it apart from a network failure (a TypeError).

/** The relay refused a request (its status and the code it named); a failure to reach it stays a TypeError. */
export class SyncRequestError extends Error {
  constructor(readonly status: number, readonly code: string | null, message: string) {
    super(message);
    this.name = 'SyncRequestError';
  }
}
