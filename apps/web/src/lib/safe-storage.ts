/**
 * Preference storage that never throws: a read or write failure (privacy mode, quota, disabled storage)
 * logs the error and the caller gets its default. Workspace data has its own, stricter store.
 */
export function readJson<T>(storage: Storage | undefined, key: string, isValid: (value: unknown) => value is T): T | undefined {
  try {
    const raw = storage?.getItem(key);
    if (raw === null || raw === undefined) return undefined;
    const value: unknown = JSON.parse(raw);
    if (isValid(value)) return value;
    console.error(`Ignoring an unexpected value stored under "${key}".`);
    return undefined;
  } catch (error) {
    console.error(`Could not read "${key}" from storage.`, error);
    return undefined;
  }
}

export function writeJson(storage: Storage | undefined, key: string, value: unknown): boolean {
  try {
    storage?.setItem(key, JSON.stringify(value));
    return true;
  } catch (error) {
    console.error(`Could not save "${key}" to storage.`, error);
    return false;
  }
}

export function browserStorage(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
