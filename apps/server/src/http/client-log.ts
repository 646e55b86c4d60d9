import type { FastifyBaseLogger } from 'fastify';

/** Client mistakes logged per kind and minute; the rest are counted and reported in one line. */
export const CLIENT_LOG_PER_MINUTE = 10;
const MINUTE_MS = 60_000;

interface Window {
  startedAt: number;
  logged: number;
  left: number;
}

/**
 * The log of what clients get wrong (a bad Host, a broken WebSocket frame; decision 067): at `warn`, without a
 * stack (the stack is ours, not the client's), and at most CLIENT_LOG_PER_MINUTE a minute per kind, so a flood of
 * them cannot fill the log. A kind's next line after a full minute says how many were left out.
 */
export class ClientMistakeLog {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly log: FastifyBaseLogger, private readonly now: () => number = Date.now) {}

  warn(kind: string, message: string, details: Record<string, unknown> = {}): void {
    const now = this.now();
    let window = this.windows.get(kind);
    if (!window || now - window.startedAt >= MINUTE_MS) {
      if (window && window.left > 0) this.log.warn({ kind, left: window.left }, `${window.left} more client mistakes of this kind were not logged`);
      window = { startedAt: now, logged: 0, left: 0 };
      this.windows.set(kind, window);
    }
    if (window.logged >= CLIENT_LOG_PER_MINUTE) {
      window.left += 1;
      return;
    }
    window.logged += 1;
    this.log.warn({ kind, ...details }, message);
  }
}

/** An error's code and message only: what a client mistake is logged with. */
export function withoutStack(error: unknown): { code?: string; message: string } {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return { ...(typeof code === 'string' ? { code } : {}), message: typeof message === 'string' ? message : String(error) };
}
