import type { TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';
import { defaultNS, i18next } from './i18n.ts';

// The app's `useTranslation`, in place of react-i18next's: the same `t` (i18next's own, one namespace), re-read when
// the language changes. react-i18next's hook copies the i18next instance's property descriptors on every mount and
// its `t` spreads every i18next option into each call; a 5,000-task board's first render mounts it about 400 times
// and that was 65 ms of its later visit's main thread (bench:board's profile, issue 33).

const subscribe = (onChange: () => void) => {
  i18next.on('languageChanged', onChange);
  return () => i18next.off('languageChanged', onChange);
};

// Texts are read from the loaded resources without i18next for the two common cases: a key read without options,
// and a key whose text has only plain {{name}} placeholders, read with exactly those names as options (string or
// number values). i18next's `t` resolves each call anew, and on a screen's first render its code is not yet
// compiled: a board's first render spent 16 % of React's render in it (bench:board's trace, issue 33). Anything
// else (a count, a context, a missing key, a format, nesting, another language's fallback) goes to i18next.
// Each key's text is looked up once per language; texts added later (addTexts) empty the cache.

/** A text's {{name}} placeholders; a text with any other (formatted, unescaped) or with nesting is not read here. */
const PLACEHOLDER = /\{\{(\w+)\}\}/g;
const OTHER_SYNTAX = /\{\{(?!\w+\}\})|\$t\(/;

interface Template {
  text: string;
  /** Its placeholders' names, none when the text is read as it is. */
  names: ReadonlySet<string>;
}

/** null: the key is left to i18next. */
const templates = new Map<string, Template | null>();
i18next.store.on('added', () => templates.clear());

/** The text under `key` in the current language's loaded texts, if it is a plain text this module can fill in. */
function templateOf(key: string): Template | null {
  let template = templates.get(key);
  if (template !== undefined) return template;
  let node: unknown = i18next.store.data[i18next.language]?.[defaultNS];
  for (const part of key.split('.')) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  template = null;
  if (typeof node === 'string' && !key.includes(':') && !OTHER_SYNTAX.test(node)) {
    template = { text: node, names: new Set(Array.from(node.matchAll(PLACEHOLDER), (match) => match[1] ?? '')) };
  }
  templates.set(key, template);
  return template;
}

/** i18next reads these options as more than values: a plural form or a context's variant of the key. */
const VARIANT_OPTIONS = new Set(['count', 'context', 'ordinal']);

/** The options fill the placeholders exactly: the same names, each a string or a number, none choosing a variant. */
function fillsExactly(template: Template, options: Record<string, unknown>): boolean {
  const keys = Object.keys(options);
  return keys.length === template.names.size && !keys.some((name) => VARIANT_OPTIONS.has(name))
    && keys.every((name) => template.names.has(name) && (typeof options[name] === 'string' || typeof options[name] === 'number'));
}

function cachedT(): TFunction {
  const t = i18next.t.bind(i18next) as unknown as (...args: unknown[]) => string;
  return ((key: unknown, ...rest: unknown[]) => {
    const options = rest[0];
    const template = typeof key === 'string' && rest.length <= 1 ? templateOf(key) : null;
    if (template && rest.length === 0 && template.names.size === 0) return template.text;
    if (template && typeof options === 'object' && options !== null && !Array.isArray(options) && fillsExactly(template, options as Record<string, unknown>)) {
      const values = options as Record<string, string | number>;
      return template.text.replace(PLACEHOLDER, (_match, name: string) => String(values[name]));
    }
    return t(key, ...rest);
  }) as unknown as TFunction;
}

let bound: { language: string; t: TFunction } | undefined;

/** One `t` per language, so its identity is stable across renders (a dependency of memos and effects). */
function currentT(): TFunction {
  if (bound?.language !== i18next.language) {
    templates.clear();
    bound = { language: i18next.language, t: cachedT() };
  }
  return bound.t;
}

export function useTranslation(): { t: TFunction; i18n: typeof i18next } {
  const t = useSyncExternalStore(subscribe, currentT, currentT);
  return { t, i18n: i18next };
}
