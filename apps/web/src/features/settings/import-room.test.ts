import { storedReplicaText } from '@grove/domain/replica/stored-workspace';
import { createWorkspaceDoc } from '@grove/domain/replica/workspace-doc';
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
  it('measures the stored document the store would write, not the data alone', () => {
    const data = withNotes(1000);
    const { size } = importRoom(new MemoryStorage(), data);
    const stored = storedReplicaText(createWorkspaceDoc(data), 1, 'abcdefghijkl');
    // The same text but for the random ids of a new document (a few characters of its encoding).
    expect(Math.abs(size - (WORKSPACE_KEY.length + stored.length))).toBeLessThan(16);
    expect(size).toBeGreaterThan(WORKSPACE_KEY.length + 1000);
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
    const data = withNotes(500);
    const { size } = importRoom(new MemoryStorage(), data);
    const leaving = (room: number) => {
      const storage = new MemoryStorage();
      storage.setItem('other', 'x'.repeat(LOCAL_STORAGE_QUOTA - 'other'.length - room));
      return storage;
    };
    // The size varies by a character or two with the new document's random ids: leave a margin around it.
    expect(importRoom(leaving(size + 8), data).fits).toBe(true);
    expect(importRoom(leaving(size - 8), data).fits).toBe(false);
    const full = new MemoryStorage();
    full.setItem('other', 'x'.repeat(LOCAL_STORAGE_QUOTA));
    expect(importRoom(full, withNotes(0))).toMatchObject({ room: 0, fits: false });
  });
});
