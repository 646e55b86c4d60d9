import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenInputQuiet } from './when-idle.ts';

describe('whenInputQuiet', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const press = (type: string) => window.dispatchEvent(new Event(type));

  it('runs once nobody has typed, pressed or scrolled for the quiet time, and only once', () => {
    const task = vi.fn();
    whenInputQuiet(task, 2000, 30_000);
    vi.advanceTimersByTime(1500);
    press('keydown');
    vi.advanceTimersByTime(1500);
    press('pointerdown');
    vi.advanceTimersByTime(1500);
    press('wheel');
    vi.advanceTimersByTime(1999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(task).toHaveBeenCalledTimes(1);
    press('keydown');
    vi.advanceTimersByTime(40_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs at the latest time however busy the page is', () => {
    const task = vi.fn();
    whenInputQuiet(task, 2000, 30_000);
    for (let elapsed = 0; elapsed < 29_500; elapsed += 500) {
      press('keydown');
      vi.advanceTimersByTime(500);
    }
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(499);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('does not run once cancelled', () => {
    const task = vi.fn();
    const cancel = whenInputQuiet(task, 2000, 30_000);
    vi.advanceTimersByTime(1000);
    cancel();
    vi.advanceTimersByTime(60_000);
    expect(task).not.toHaveBeenCalled();
  });
});
