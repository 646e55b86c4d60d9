/**
 * Runs `task` when the browser is next idle, or after `timeoutMs` at the latest (at once where there is no
 * requestIdleCallback, as in tests); returns a function that cancels it if it has not run.
 * For work a screen does not need in its first frames (a save's restore point, the presence join, the service
 * worker's registration), so it does not share them.
 */
export function whenIdle(task: () => void, timeoutMs = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, 0);
  return () => window.clearTimeout(id);
}
