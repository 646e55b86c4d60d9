import { restoreWorkspace } from '@grove/domain/commands/workspace-commands';
import type { WorkspaceCommand } from '@grove/domain/workspace/command';
import { loadWorkspace } from '@grove/domain/workspace/load';
import { createEnvelope } from '@grove/domain/workspace/schema-version';
import { createRestorePoint, readRestorePoint, type RestorePointReason } from './restore-points.ts';
import { RECOVERY_KEY_PREFIX, type HistoryEntry, type WorkspaceStore } from './workspace-store.ts';

/** Keeps a copy of the workspace (IndexedDB in the app; tests pass their own). */
export type KeepRestorePoint = (text: string, reason: RestorePointReason) => Promise<unknown>;

/**
 * Changes the workspace as a whole (import, clear, restore) after taking a restore point of what is there now:
 * unsaved changes included, and another tab's newer save included even when this tab missed its notification.
 * The command runs like any other (coalesced save, undoable, replayed over another tab's newer data).
 * If the restore point cannot be taken, nothing changes and the error is thrown to the caller.
 */
export async function replaceWorkspace<Input>(
  store: WorkspaceStore,
  reason: RestorePointReason,
  command: WorkspaceCommand<Input>,
  input: Input,
  keep: KeepRestorePoint = createRestorePoint,
): Promise<HistoryEntry | null> {
  // The restore point must hold what the command replaces: if the workspace changed while it was being
  // written (an edit, another tab), take it again.
  for (let attempt = 0; ; attempt += 1) {
    store.catchUp();
    const current = store.getSnapshot().data;
    await keep(JSON.stringify(createEnvelope(current, 0)), reason);
    store.catchUp();
    if (store.getSnapshot().data === current || attempt >= 2) break;
  }
  return store.dispatch(command, input);
}

/** Brings back a restore point (itself protected by a new restore point of the current workspace). */
export async function restoreFromPoint(store: WorkspaceStore, id: number, now = new Date()): Promise<HistoryEntry | null> {
  const text = await readRestorePoint(id);
  if (text === null) throw new Error(`Restore point ${id} no longer exists.`);
  const loaded = loadWorkspace(JSON.parse(text) as unknown, now);
  if (!loaded.ok) throw new Error('The restore point was written by a newer version of Grove.');
  return replaceWorkspace(store, 'restore', restoreWorkspace, { data: loaded.data });
}

export interface KeptRecovery {
  key: string;
  keptAt: string;
  size: number;
}

/** Unreadable data kept aside by the store, newest first. */
export function listKeptRecoveries(storage: Storage): KeptRecovery[] {
  const kept: KeptRecovery[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(RECOVERY_KEY_PREFIX)) {
      kept.push({ key, keptAt: key.slice(RECOVERY_KEY_PREFIX.length), size: storage.getItem(key)?.length ?? 0 });
    }
  }
  return kept.sort((a, b) => b.keptAt.localeCompare(a.keptAt));
}

/** Characters used in local storage by this origin (the browsers' quota is about 5 million). */
export function localStorageUsage(storage: Storage): number {
  let used = 0;
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index) ?? '';
    used += key.length + (storage.getItem(key)?.length ?? 0);
  }
  return used;
}

export const LOCAL_STORAGE_QUOTA = 5 * 1024 * 1024;
