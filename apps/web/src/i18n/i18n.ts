import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type admin from './locales/en/admin.json';
import type commandPalette from './locales/en/command-palette.json';
import common from './locales/en/common.json';
import type landing from './locales/en/landing.json';
import type syncJoin from './locales/en/sync-join.json';
import type workspace from './locales/en/workspace.json';

// The texts are split by where they are read, so a page's first load carries only its own: common.json (the
// site's frame, the public pages, errors) here; landing.json, admin.json and workspace.json are added by the
// landing screen, the admin screens and the app layout as their code loads (addTexts), sync-join.json by the dialog
// that a pairing link opens (on any page), command-palette.json by the palette and the shortcut sheet. One namespace, so keys
// read the same everywhere ('kanban.addTask').
export const defaultNS = 'translation';
export type Texts = typeof common & typeof landing & typeof admin & typeof workspace & typeof syncJoin & typeof commandPalette;
export const resources = { en: { translation: common } } as const;

// English is bundled and is the fallback, so initialisation is synchronous: no flash of raw keys.
void i18next.use(initReactI18next).init({
  resources,
  lng: 'en',
  fallbackLng: 'en',
  defaultNS,
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/** Adds a part of the texts (a locales/en/*.json file); called at the top of the module whose screens read it. */
export function addTexts(texts: Partial<Texts>): void {
  i18next.addResourceBundle('en', defaultNS, texts, true, false);
}

export { i18next };
