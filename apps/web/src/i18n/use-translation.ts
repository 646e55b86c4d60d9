import type { TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';
import { i18next } from './i18n.ts';

// The app's `useTranslation`, in place of react-i18next's: the same `t` (i18next's own, one namespace), re-read when
// the language changes. react-i18next's hook copies the i18next instance's property descriptors on every mount and
// its `t` spreads every i18next option into each call; a 5,000-task board's first render mounts it about 400 times
// and that was 65 ms of its later visit's main thread (bench:board's profile, issue 33).

const subscribe = (onChange: () => void) => {
  i18next.on('languageChanged', onChange);
  return () => i18next.off('languageChanged', onChange);
};

// A key read without options is looked up once per language: i18next's `t` resolves each call anew (about 60 µs
// cold), and a board's first render reads the same few labels about 500 times (30 ms of a 5,000-task visit's
// profile). Texts added later (addTexts) empty the cache, so a key read before its file loaded is read again.
const plainTexts = new Map<string, string>();
i18next.store.on('added', () => plainTexts.clear());

function cachedT(): TFunction {
  const t = i18next.t.bind(i18next) as unknown as (...args: unknown[]) => string;
  return ((key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== 'string') return t(key, ...rest);
    let text = plainTexts.get(key);
    if (text === undefined) {
      text = t(key);
      plainTexts.set(key, text);
    }
    return text;
  }) as unknown as TFunction;
}

let bound: { language: string; t: TFunction } | undefined;

/** One `t` per language, so its identity is stable across renders (a dependency of memos and effects). */
function currentT(): TFunction {
  if (bound?.language !== i18next.language) {
    plainTexts.clear();
    bound = { language: i18next.language, t: cachedT() };
  }
  return bound.t;
}

export function useTranslation(): { t: TFunction; i18n: typeof i18next } {
  const t = useSyncExternalStore(subscribe, currentT, currentT);
  return { t, i18n: i18next };
}
