import { afterEach, beforeEach, expect, vi } from 'vitest';

/**
 * Fails a component test of the board on any console.error it logs, but the one happy-dom causes: it does not know
 * the filter bar's <search> element, and React says so. Call once inside a describe block.
 */
export function failOnBoardConsoleErrors(): void {
  let errors: unknown[][] = [];
  beforeEach(() => {
    errors = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (!(String(args[0]).includes('is unrecognized in this browser') && args[1] === 'search')) errors.push(args);
    });
  });
  afterEach(() => expect(errors.map((args) => String(args[0]).slice(0, 300))).toEqual([]));
}
