import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi, type MockInstance } from 'vitest';
import { addTexts } from '@/i18n/i18n.ts';
import admin from '@/i18n/locales/en/admin.json';
import landing from '@/i18n/locales/en/landing.json';
import workspace from '@/i18n/locales/en/workspace.json';

// Components render here without the frames and screens that add their texts in the app.
addTexts(landing);
addTexts(admin);
addTexts(workspace);

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
