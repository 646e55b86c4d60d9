import { useCallback, useEffect, useRef, useState } from 'react';
import { STORAGE_KEYS } from './storage-keys.ts';
import { browserStorage, readJson, writeJson } from './safe-storage.ts';

// The expanded rows of the page tree (docs/product.md, Persisted preferences): a JSON array of page ids under
// 'grove-expanded-pages'. A preference, not workspace data: unreadable means nothing is expanded.

const isIdList = (value: unknown): value is string[] => Array.isArray(value) && value.every((id) => typeof id === 'string');

/** The stored set; empty when nothing is stored or the value is unreadable (logged, never thrown). */
export function readExpandedPages(storage: Storage | undefined): ReadonlySet<string> {
  return new Set(readJson(storage, STORAGE_KEYS.expandedPages, isIdList) ?? []);
}

export function writeExpandedPages(storage: Storage | undefined, expanded: ReadonlySet<string>): boolean {
  return writeJson(storage, STORAGE_KEYS.expandedPages, [...expanded]);
}

/** The set with the id added (expanded) or removed; the same set when that changes nothing. */
export function withExpanded(expanded: ReadonlySet<string>, id: string, open: boolean): ReadonlySet<string> {
  if (expanded.has(id) === open) return expanded;
  const next = new Set(expanded);
  if (open) next.add(id);
  else next.delete(id);
  return next;
}

/** Expands these pages in the stored set (a new subpage is then visible in the tree under its open parents). */
export function expandPages(storage: Storage | undefined, ids: readonly string[]): void {
  const before = readExpandedPages(storage);
  const after = ids.reduce((set, id) => withExpanded(set, id, true), before);
  if (after !== before) writeExpandedPages(storage, after);
}

export type ExpandedPages = [
  expanded: ReadonlySet<string>,
  toggle: (id: string) => void,
  setExpanded: (id: string, open: boolean) => void,
  replace: (expanded: ReadonlySet<string>) => void,
];

/** The persisted set, saved on every change and followed when another tab changes it. */
export function useExpandedPages(): ExpandedPages {
  const [expanded, setState] = useState(() => readExpandedPages(browserStorage('local')));
  // The latest set, so two changes in one event build on each other and the save stays out of the state updater.
  const latest = useRef(expanded);

  const update = useCallback((change: (current: ReadonlySet<string>) => ReadonlySet<string>) => {
    const next = change(latest.current);
    if (next === latest.current) return;
    latest.current = next;
    setState(next);
    writeExpandedPages(browserStorage('local'), next);
  }, []);

  useEffect(() => {
    const follow = (event: StorageEvent) => {
      if (event.key !== STORAGE_KEYS.expandedPages) return;
      latest.current = readExpandedPages(browserStorage('local'));
      setState(latest.current);
    };
    window.addEventListener('storage', follow);
    return () => window.removeEventListener('storage', follow);
  }, []);

  const toggle = useCallback((id: string) => update((current) => withExpanded(current, id, !current.has(id))), [update]);
  const setExpanded = useCallback((id: string, open: boolean) => update((current) => withExpanded(current, id, open)), [update]);
  const replace = useCallback((next: ReadonlySet<string>) => update(() => next), [update]);
  return [expanded, toggle, setExpanded, replace];
}
