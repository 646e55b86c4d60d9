import { afterEach, beforeEach, vi } from 'vitest';

/** A JSON response, made when fetch is called (a Response body can be read once). */
export const jsonResponse = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Replaces fetch for the file's tests: each call answers with the next queued response, and a call with none
 * queued never settles (a screen stays in its loading state). Returns the queue to push responses onto.
 */
export function queuedFetch(): (() => Response)[] {
  const responses: (() => Response)[] = [];
  beforeEach(() => {
    responses.length = 0;
    vi.stubGlobal('fetch', vi.fn(() => {
      const next = responses.shift();
      return next ? Promise.resolve(next()) : new Promise<Response>(() => undefined);
    }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return responses;
}
