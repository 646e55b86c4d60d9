// The store's timers in a page (workspace-provider.tsx). A save due at once (a change after a quiet spell) waits
// for the frame that shows the change: run in a task of its own right after the keystroke's, it came before that
// frame and held it back (the first keystroke in a page painted 35 ms later than in a bare editor, bench:pages).
// Once painted, it runs in the next task; a tab that paints nothing (hidden) runs it AFTER_PAINT_LATEST_MS later.

/** The longest a save due at once waits for a painted frame. */
export const AFTER_PAINT_LATEST_MS = 50;

interface PageTimer {
  frame?: number;
  timeouts: ReturnType<typeof setTimeout>[];
}

/** As setTimeout, but `ms` 0 means "once the next frame is painted" (at most AFTER_PAINT_LATEST_MS). */
export function setPageTimer(callback: () => void, ms: number): PageTimer {
  const timer: PageTimer = { timeouts: [] };
  if (ms > 0 || typeof requestAnimationFrame !== 'function') {
    timer.timeouts.push(setTimeout(callback, ms));
    return timer;
  }
  let ran = false;
  const run = () => {
    if (ran) return;
    ran = true;
    clearPageTimer(timer);
    callback();
  };
  // A frame's callbacks run before it is painted; a task posted from them runs after.
  timer.frame = requestAnimationFrame(() => {
    timer.timeouts.push(setTimeout(run, 0));
  });
  timer.timeouts.push(setTimeout(run, AFTER_PAINT_LATEST_MS));
  return timer;
}

export function clearPageTimer(handle: unknown): void {
  const timer = handle as PageTimer;
  if (timer.frame !== undefined) cancelAnimationFrame(timer.frame);
  for (const timeout of timer.timeouts) clearTimeout(timeout);
}
