import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AFTER_PAINT_LATEST_MS, clearPageTimer, setPageTimer } from './page-timers.ts';

describe('the page store\'s timers', () => {
  const frames: FrameRequestCallback[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    frames.length = 0;
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', (id: number) => {
      frames[id - 1] = () => undefined;
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  const paint = () => frames.splice(0).forEach((frame) => frame(0));

  it('run a save due at once in the task after the next frame, not before it', () => {
    const save = vi.fn();
    setPageTimer(save, 0);
    vi.advanceTimersByTime(10);
    expect(save).not.toHaveBeenCalled();
    paint();
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(save).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(AFTER_PAINT_LATEST_MS);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('run it at the latest after AFTER_PAINT_LATEST_MS when no frame comes (a hidden tab), once', () => {
    const save = vi.fn();
    setPageTimer(save, 0);
    vi.advanceTimersByTime(AFTER_PAINT_LATEST_MS);
    expect(save).toHaveBeenCalledTimes(1);
    paint();
    vi.advanceTimersByTime(AFTER_PAINT_LATEST_MS);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('wait as setTimeout does for a later save, and cancel either', () => {
    const later = vi.fn();
    const soon = vi.fn();
    setPageTimer(later, 1000);
    vi.advanceTimersByTime(999);
    expect(later).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(later).toHaveBeenCalledTimes(1);
    clearPageTimer(setPageTimer(soon, 0));
    paint();
    vi.advanceTimersByTime(AFTER_PAINT_LATEST_MS);
    expect(soon).not.toHaveBeenCalled();
  });
});
