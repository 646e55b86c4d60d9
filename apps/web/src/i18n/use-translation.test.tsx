import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { addTexts, i18next } from './i18n.ts';
import admin from './locales/en/admin.json';
import commandPalette from './locales/en/command-palette.json';
import common from './locales/en/common.json';
import landing from './locales/en/landing.json';
import syncJoin from './locales/en/sync-join.json';
import workspace from './locales/en/workspace.json';
import { useTranslation } from './use-translation.ts';

describe('useTranslation', () => {
  afterEach(async () => {
    await i18next.changeLanguage('en');
  });

  it('translates with the app texts, and texts added later', () => {
    const { result } = renderHook(() => useTranslation());
    expect(result.current.t('app.name')).toBe('Grove');
    addTexts({ testOnlyGreeting: 'Hello {{name}}' } as never);
    const anyKey = result.current.t as (key: string, options?: object) => string;
    expect(anyKey('testOnlyGreeting', { name: 'Ada' })).toBe('Hello Ada');
    expect(result.current.i18n).toBe(i18next);
  });

  it('keeps the same t across renders, and gives a new one when the language changes', async () => {
    const { result, rerender } = renderHook(() => useTranslation());
    const first = result.current.t;
    rerender();
    expect(result.current.t).toBe(first);
    i18next.addResourceBundle('fr', 'translation', { testOnlyWord: 'bonjour' }, true, true);
    await act(async () => {
      await i18next.changeLanguage('fr');
    });
    expect(result.current.t).not.toBe(first);
    expect((result.current.t as (key: string) => string)('testOnlyWord')).toBe('bonjour');
  });

  it('reads a key without options once per language, and again once texts are added', async () => {
    const { result } = renderHook(() => useTranslation());
    const plain = result.current.t as (key: string) => string;
    expect(plain('testOnlyLater')).toBe('testOnlyLater');
    addTexts({ testOnlyLater: 'Later' } as never);
    expect(plain('testOnlyLater')).toBe('Later');
    i18next.addResourceBundle('fr', 'translation', { testOnlyLater: 'Plus tard' }, true, true);
    await act(async () => {
      await i18next.changeLanguage('fr');
    });
    expect((result.current.t as (key: string) => string)('testOnlyLater')).toBe('Plus tard');
    await act(async () => {
      await i18next.changeLanguage('en');
    });
    expect((result.current.t as (key: string) => string)('testOnlyLater')).toBe('Later');
  });
});

describe('useTranslation reading the texts itself', () => {
  /** Every text of every locale file, by key. */
  function leaves(node: unknown, prefix = ''): [string, string][] {
    if (typeof node === 'string') return [[prefix, node]];
    if (typeof node !== 'object' || node === null) return [];
    return Object.entries(node).flatMap(([key, value]) => leaves(value, prefix === '' ? key : `${prefix}.${key}`));
  }
  const files = [admin, commandPalette, common, landing, syncJoin, workspace];

  it('gives what i18next gives for every text of the app, with and without its options', () => {
    for (const file of files) addTexts(file);
    const { result } = renderHook(() => useTranslation());
    const t = result.current.t as (key: string, options?: object) => string;
    const i18nextT = i18next.t.bind(i18next) as (key: string, options?: object) => string;
    const all = files.flatMap((file) => leaves(file));
    expect(all.length).toBeGreaterThan(500);
    let filled = 0;
    for (const [key, text] of all) {
      expect(t(key)).toBe(i18nextT(key));
      const names = [...text.matchAll(/\{\{\s*-?\s*(\w+)[^}]*\}\}/g)].map((match) => match[1] ?? '');
      if (names.length === 0) continue;
      // Values that look like placeholders or nesting stay as they are, in both.
      const samples = [
        Object.fromEntries(names.map((name, index) => [name, index % 2 === 0 ? `value of ${name}` : index + 2])),
        Object.fromEntries(names.map((name) => [name, `{{${name}}} $t(app.name)`])),
        Object.fromEntries(names.map((name) => [name, 1])),
        Object.fromEntries(names.slice(1).map((name) => [name, 'only some'])),
        { ...Object.fromEntries(names.map((name) => [name, 'x'])), extra: 'y' },
      ];
      for (const options of samples) expect(t(key, options), `${key} ${JSON.stringify(options)}`).toBe(i18nextT(key, options));
      filled += 1;
    }
    expect(filled).toBeGreaterThan(100);
  });

  it('leaves plurals, contexts and missing keys to i18next', () => {
    addTexts({ testOnlyApples_one: 'one apple', testOnlyApples_other: '{{count}} apples', testOnlyCount: 'n={{count}}', testOnlyPears: 'pears: {{count}}', testOnlyPears_other: '{{count}} pears', testOnlyPlain: 'Plain {{who}}' } as never);
    const { result } = renderHook(() => useTranslation());
    const t = result.current.t as (key: string, options?: object) => string;
    expect(t('testOnlyApples', { count: 1 })).toBe('one apple');
    expect(t('testOnlyApples', { count: 3 })).toBe('3 apples');
    expect(t('testOnlyCount', { count: 2 })).toBe('n=2');
    expect(t('testOnlyPears', { count: 2 })).toBe('2 pears');
    expect(t('testOnlyMissing', { who: 'x' })).toBe('testOnlyMissing');
    expect(t('testOnlyPlain')).toBe('Plain {{who}}');
    expect(t('testOnlyPlain', { who: 'Ada' })).toBe('Plain Ada');
    expect(t('testOnlyPlain', { who: { name: 'Ada' } })).toBe(i18next.t('testOnlyPlain', { who: { name: 'Ada' } } as never));
  });
});
