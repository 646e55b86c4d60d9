import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';
import '@/i18n/i18n.ts';

// Tests fail on an unexpected console.error; a test that expects one mocks console.error itself.
let errorSpy: MockInstance<typeof console.error>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error');
});

afterEach(() => {
  cleanup();
  const calls = errorSpy.mock.calls.length;
  const mocked = errorSpy.getMockImplementation() !== undefined;
  errorSpy.mockRestore();
  localStorage.clear();
  sessionStorage.clear();
  if (!mocked) expect(calls, 'unexpected console.error').toBe(0);
});
