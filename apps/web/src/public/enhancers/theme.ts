// The theme on a server-rendered public page, as the app's ThemeProvider keeps it: theme-init.js applied the saved
// one before first paint; this applies it again when the system's preference changes (for 'system') or another tab
// saves a new one, and colours the browser's UI with the chosen theme.
import { STORAGE_KEYS } from '@/lib/storage-keys.ts';
import { applyTheme, readThemePreference, resolveTheme } from '@/lib/theme.ts';

export function followTheme(document: Document): void {
  const window = document.defaultView;
  if (!window?.matchMedia) return;
  const system = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () => applyTheme(document.documentElement, resolveTheme(readThemePreference(), system.matches));
  apply();
  system.addEventListener('change', apply);
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.theme) apply();
  });
}
