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

/** How long nobody may type, press or scroll before background work that can wait starts (whenInputQuiet). */
export const INPUT_QUIET_MS = 2000;

/** What counts as someone using the page: typing, pressing, scrolling. */
const INPUT_EVENTS = ['keydown', 'pointerdown', 'wheel', 'touchstart'] as const;

/**
 * Runs `task` once nobody has typed, pressed or scrolled for `quietMs` and the browser is then idle, or after
 * `latestMs` at the latest; returns a function that cancels it if it has not run. For heavy background work that
 * would slow typing down on a small machine (the service worker's first install fetches and stores the whole build).
 */
export function whenInputQuiet(task: () => void, quietMs: number, latestMs: number): () => void {
  let quietTimer: number | undefined;
  let cancelIdle: (() => void) | undefined;
  const stop = () => {
    window.clearTimeout(quietTimer);
    window.clearTimeout(latestTimer);
    cancelIdle?.();
    for (const type of INPUT_EVENTS) window.removeEventListener(type, wait, { capture: true });
  };
  const run = () => {
    stop();
    task();
  };
  function wait(): void {
    window.clearTimeout(quietTimer);
    cancelIdle?.();
    cancelIdle = undefined;
    quietTimer = window.setTimeout(() => {
      cancelIdle = whenIdle(run);
    }, quietMs);
  }
  const latestTimer = window.setTimeout(run, latestMs);
  for (const type of INPUT_EVENTS) window.addEventListener(type, wait, { capture: true, passive: true });
  wait();
  return stop;
}
