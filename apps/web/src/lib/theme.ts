import { STORAGE_KEYS } from './storage-keys.ts';

// Same key and values as public/theme-init.js, which applies the theme before first paint.
export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
export type ResolvedTheme = 'light' | 'dark';

export const isThemePreference = (value: unknown): value is ThemePreference =>
  typeof value === 'string' && (THEME_PREFERENCES as readonly string[]).includes(value);

/** Accepts the plain value and a JSON-quoted one, so a hand-edited or older value still counts. */
export function parseThemePreference(raw: string | null): ThemePreference {
  if (raw === null) return 'system';
  let value: unknown = raw;
  if (raw.startsWith('"')) {
    try {
      value = JSON.parse(raw);
    } catch {
      return 'system';
    }
  }
  return isThemePreference(value) ? value : 'system';
}

export function resolveTheme(preference: ThemePreference, systemPrefersDark: boolean): ResolvedTheme {
  if (preference === 'system') return systemPrefersDark ? 'dark' : 'light';
  return preference;
}

/** Browser UI colour per theme; matches --background in styles.css. */
export const THEME_COLORS: Record<ResolvedTheme, string> = { light: '#f7f6f1', dark: '#101714' };

export function applyTheme(root: HTMLElement, theme: ResolvedTheme): void {
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  // The chosen theme, not the OS preference, colours the browser's own UI.
  for (const meta of root.ownerDocument.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')) {
    meta.content = THEME_COLORS[theme];
  }
}

export function readThemePreference(): ThemePreference {
  // On the server (a rendered page): the system theme; theme-init.js applies the visitor's before first paint.
  if (typeof window === 'undefined') return 'system';
  try {
    return parseThemePreference(window.localStorage.getItem(STORAGE_KEYS.theme));
  } catch (error) {
    console.error('Could not read the theme preference.', error);
    return 'system';
  }
}

export function writeThemePreference(preference: ThemePreference): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.theme, preference);
  } catch (error) {
    console.error('Could not save the theme preference.', error);
  }
}
