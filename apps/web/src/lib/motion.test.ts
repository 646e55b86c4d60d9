import { afterEach, describe, expect, it, vi } from 'vitest';
import { motionDuration, prefersReducedMotion, scrollBehavior } from './motion.ts';

function preferReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

describe('motion preference', () => {
  afterEach(() => vi.restoreAllMocks());

  it('animates by default', () => {
    preferReducedMotion(false);
    expect(prefersReducedMotion()).toBe(false);
    expect(scrollBehavior()).toBe('smooth');
    expect(motionDuration(800)).toBe(800);
  });

  it('jumps straight to the end when the user asks for less motion', () => {
    preferReducedMotion(true);
    expect(prefersReducedMotion()).toBe(true);
    expect(scrollBehavior()).toBe('auto');
    expect(motionDuration(800)).toBe(0);
  });
});
