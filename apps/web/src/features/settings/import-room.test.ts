import { createDefaultStudioData } from '@grove/domain/workspace/defaults';
import type { StudioData } from '@grove/domain/workspace/model';
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '@/test/memory-storage.ts';
import { LOCAL_STORAGE_QUOTA } from '@/lib/workspace-store/workspace-actions.ts';
import { WORKSPACE_KEY } from '@/lib/workspace-store/workspace-store.ts';
import { importRoom } from './import-room.ts';

const NOW = new Date('2026-03-01T09:00:00.000Z');

function withNotes(characters: number): StudioData {
  const data = createDefaultStudioData(NOW);
  return { ...data, pages: [{ id: 'p', title: 'Notes', icon: 'x', parentId: null, createdAt: NOW.toISOString(), content: [{ id: 'b', type: 'paragraph', content: 'a'.repeat(characters) }] }] };
}

describe('importRoom', () => {
  it('measures the stored envelope the store would write, not the data alone', () => {
    const data = withNotes(1000);
    const { size } = importRoom(new MemoryStorage(), data);
    const json = JSON.stringify(data);
    // The key, the header ({"schemaVersion":1,"revision":1,"writer":"…",) and the data.
    expect(size).toBeGreaterThan(WORKSPACE_KEY.length + json.length);
    expect(size).toBeLessThan(WORKSPACE_KEY.length + json.length + 80);
  });

  it('counts a character above U+00FF as the store writes it: a six-character escape', () => {
    const plain = importRoom(new MemoryStorage(), withNotes(10)).size;
    const data = withNotes(10);
    const page = data.pages[0];
    if (!page) throw new Error('no page');
    const withIcon = { ...data, pages: [{ ...page, icon: '🌱' }] };
    // '🌱' is two UTF-16 units, each written as \uXXXX, replacing the one-character 'x'.
    expect(importRoom(new MemoryStorage(), withIcon).size).toBe(plain - 1 + 12);
  });

  it('leaves out what the workspace itself uses now, and counts every other key', () => {
    const storage = new MemoryStorage();
    storage.setItem(WORKSPACE_KEY, 'w'.repeat(2_000_000));
    expect(importRoom(storage, withNotes(10)).room).toBe(LOCAL_STORAGE_QUOTA);
    storage.setItem('grove-theme', 'dark');
    storage.setItem('grove-data-unreadable-2026', 'r'.repeat(1_000_000));
    expect(importRoom(storage, withNotes(10)).room).toBe(LOCAL_STORAGE_QUOTA - 'grove-theme'.length - 4 - 'grove-data-unreadable-2026'.length - 1_000_000);
  });

  it('fits up to the room left, and not one character more', () => {
    const storage = new MemoryStorage();
    const small = importRoom(storage, withNotes(0));
    const exactly = withNotes(LOCAL_STORAGE_QUOTA - small.size);
    expect(importRoom(storage, exactly)).toEqual({ size: LOCAL_STORAGE_QUOTA, room: LOCAL_STORAGE_QUOTA, fits: true });
    expect(importRoom(storage, withNotes(LOCAL_STORAGE_QUOTA - small.size + 1)).fits).toBe(false);
    storage.setItem('other', 'x'.repeat(LOCAL_STORAGE_QUOTA));
    expect(importRoom(storage, withNotes(0))).toMatchObject({ room: 0, fits: false });
  });
});
