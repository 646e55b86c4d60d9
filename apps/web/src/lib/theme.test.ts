import { describe, expect, it } from 'vitest';
import { applyTheme, parseThemePreference, resolveTheme } from './theme.ts';

describe('theme', () => {
  it('reads plain and JSON-quoted values, defaulting to system', () => {
    expect(parseThemePreference('dark')).toBe('dark');
    expect(parseThemePreference('"light"')).toBe('light');
    expect(parseThemePreference(null)).toBe('system');
    expect(parseThemePreference('purple')).toBe('system');
    expect(parseThemePreference('"broken')).toBe('system');
  });

  it('resolves system from the operating system preference', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('applies the class and color scheme to the root element', () => {
    const root = document.createElement('html');
    applyTheme(root, 'dark');
    expect(root.classList.contains('dark')).toBe(true);
    expect(root.style.colorScheme).toBe('dark');
    applyTheme(root, 'light');
    expect(root.classList.contains('dark')).toBe(false);
    expect(root.style.colorScheme).toBe('light');
  });
});
