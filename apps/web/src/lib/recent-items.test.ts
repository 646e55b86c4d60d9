import { describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '@/test/memory-storage.ts';
import { commandUses, noteCommandUsed, noteRecentItem, RECENT_ITEMS_MAX, recentItems } from './recent-items.ts';
import { STORAGE_KEYS } from './storage-keys.ts';

describe('recent items', () => {
  it('keeps the newest first, each once, at most RECENT_ITEMS_MAX', () => {
    const storage = new MemoryStorage();
    noteRecentItem({ kind: 'page', id: 'a' }, storage);
    noteRecentItem({ kind: 'task', id: 'a' }, storage);
    noteRecentItem({ kind: 'page', id: 'a' }, storage);
    expect(recentItems(storage)).toEqual([{ kind: 'page', id: 'a' }, { kind: 'task', id: 'a' }]);
    for (let i = 0; i < 20; i += 1) noteRecentItem({ kind: 'project', id: `p${i}` }, storage);
    expect(recentItems(storage)).toHaveLength(RECENT_ITEMS_MAX);
    expect(recentItems(storage)[0]).toEqual({ kind: 'project', id: 'p19' });
  });

  it('counts the commands run, and starts afresh from anything unreadable', () => {
    const storage = new MemoryStorage();
    noteCommandUsed('create.task', storage);
    noteCommandUsed('create.task', storage);
    expect(commandUses(storage)).toEqual({ 'create.task': 2 });
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    storage.setItem(STORAGE_KEYS.recent, '{"items":[{"kind":"elsewhere","id":1}],"uses":{}}');
    expect(recentItems(storage)).toEqual([]);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});
