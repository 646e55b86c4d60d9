import { useCallback, useMemo, useRef, useState } from 'react';
import { browserStorage, readJson, writeJson } from './safe-storage.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

// The unsaved text of an open dialog, kept in local storage as it is typed, so a reload or a closed tab does not
// lose it: the same dialog opened again for the same object (a task's id, 'new' for a new one) starts from it.
// One draft per kind of dialog; saving or cancelling forgets it (decision 064).

export type DraftKey = (typeof STORAGE_KEYS.drafts)[keyof typeof STORAGE_KEYS.drafts];

interface StoredDraft {
  readonly target: string;
  readonly value: unknown;
}

const isStoredDraft = (value: unknown): value is StoredDraft =>
  typeof value === 'object' && value !== null && typeof (value as { target?: unknown }).target === 'string' && 'value' in value;

/** Whether `value` is an object whose `keys` all hold strings (a form's fields as typed). */
export function hasStringFields<K extends string>(value: unknown, keys: readonly K[]): value is Record<K, string> {
  return typeof value === 'object' && value !== null && keys.every((key) => typeof (value as Record<string, unknown>)[key] === 'string');
}

/** The draft kept under `key` for `target`, when `isValid` accepts it. */
export function readDraft<T>(
  storage: Storage | undefined,
  key: DraftKey,
  target: string,
  isValid: (value: unknown) => value is T,
): T | undefined {
  const stored = readJson(storage, key, isStoredDraft);
  return stored?.target === target && isValid(stored.value) ? stored.value : undefined;
}

/** Forgets the draft under `key`: only the one for `target` when given. */
export function discardDraft(storage: Storage | undefined, key: DraftKey, target?: string): void {
  try {
    if (target !== undefined && readJson(storage, key, isStoredDraft)?.target !== target) return;
    storage?.removeItem(key);
  } catch (error) {
    console.error(`Could not remove "${key}" from storage.`, error);
  }
}

/** Forgets every draft (Clear All Data). */
export function discardAllDrafts(storage: Storage | undefined = browserStorage('local')): void {
  for (const key of Object.values(STORAGE_KEYS.drafts)) discardDraft(storage, key);
}

export interface Draft<T> {
  readonly value: T;
  /** Changes the value and keeps it; a value equal to the saved one leaves no draft. */
  readonly set: (next: T | ((current: T) => T)) => void;
  /** Forgets the draft (saved or cancelled); what is on screen stays. */
  readonly clear: () => void;
}

/**
 * A form's value that outlives a reload: it starts from the draft kept for `target` (when there is one that
 * `isValid` accepts), else from `saved()`, the object as stored. `key`, `target` and `storage` are read once.
 */
export function useDraft<T>(
  key: DraftKey,
  target: string,
  saved: () => T,
  isValid: (value: unknown) => value is T,
  storage: Storage | undefined = browserStorage('local'),
): Draft<T> {
  const [start] = useState(() => {
    const base = saved();
    return { key, target, storage, base: JSON.stringify(base), value: readDraft(storage, key, target, isValid) ?? base };
  });
  const [value, setValue] = useState<T>(start.value);
  const current = useRef(start.value);

  const set = useCallback((next: T | ((value: T) => T)) => {
    const changed = typeof next === 'function' ? (next as (value: T) => T)(current.current) : next;
    current.current = changed;
    setValue(changed);
    if (JSON.stringify(changed) === start.base) discardDraft(start.storage, start.key, start.target);
    else writeJson(start.storage, start.key, { target: start.target, value: changed });
  }, [start]);
  const clear = useCallback(() => discardDraft(start.storage, start.key, start.target), [start]);

  return useMemo(() => ({ value, set, clear }), [value, set, clear]);
}
