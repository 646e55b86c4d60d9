import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { addTexts, i18next } from './i18n.ts';
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
