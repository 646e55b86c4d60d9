// What this browser opened lately, for the command palette's empty state (issue 32): pages, tasks, projects and map
// nodes, newest first, and how often each palette command ran. A preference of this browser, not workspace data:
// it is not synced or exported, and an item deleted since is left out where it is shown.
import type { SearchKind } from '@grove/domain/search/search-documents';
import { browserStorage, readJson, writeJson } from './safe-storage.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

export const RECENT_ITEMS_MAX = 12;

export interface RecentItem {
  kind: SearchKind;
  id: string;
}

interface Recent {
  items: RecentItem[];
  /** Times each palette command ran, by command id. */
  uses: Record<string, number>;
}

const KINDS = new Set<string>(['page', 'task', 'project', 'node']);

function isRecent(value: unknown): value is Recent {
  if (typeof value !== 'object' || value === null) return false;
  const { items, uses } = value as Partial<Recent>;
  return Array.isArray(items) && items.every((item: unknown) => {
    const { kind, id } = (item ?? {}) as Partial<RecentItem>;
    return typeof kind === 'string' && KINDS.has(kind) && typeof id === 'string';
  }) && typeof uses === 'object' && uses !== null && Object.values(uses).every((count) => typeof count === 'number');
}

const read = (storage: Storage | undefined): Recent => readJson(storage, STORAGE_KEYS.recent, isRecent) ?? { items: [], uses: {} };

/** Notes that an item was opened: it goes first, once. */
export function noteRecentItem(item: RecentItem, storage = browserStorage('local')): void {
  const recent = read(storage);
  const items = [item, ...recent.items.filter((each) => each.kind !== item.kind || each.id !== item.id)].slice(0, RECENT_ITEMS_MAX);
  writeJson(storage, STORAGE_KEYS.recent, { ...recent, items });
}

export function recentItems(storage = browserStorage('local')): RecentItem[] {
  return read(storage).items;
}

/** Notes that a palette command ran. */
export function noteCommandUsed(id: string, storage = browserStorage('local')): void {
  const recent = read(storage);
  writeJson(storage, STORAGE_KEYS.recent, { ...recent, uses: { ...recent.uses, [id]: (recent.uses[id] ?? 0) + 1 } });
}

export function commandUses(storage = browserStorage('local')): Readonly<Record<string, number>> {
  return read(storage).uses;
}
