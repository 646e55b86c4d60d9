import { storedReplicaText } from '@grove/domain/replica/stored-workspace';
import { createWorkspaceDoc } from '@grove/domain/replica/workspace-doc';
import type { StudioData } from '@grove/domain/workspace/model';
import { randomWriterId, readStoredHeader } from '@/lib/workspace-store/stored-header.ts';
import { LOCAL_STORAGE_QUOTA, localStorageUsage } from '@/lib/workspace-store/workspace-actions.ts';
import { WORKSPACE_KEY } from '@/lib/workspace-store/workspace-store.ts';

export interface ImportRoom {
  /** Characters the workspace would take in local storage after the import (key and stored document). */
  size: number;
  /** Characters the workspace can have at most: the quota less what the other keys use. */
  room: number;
  fits: boolean;
}

/**
 * Whether the workspace an import would make can ever be saved. Measured as the store writes it at its smallest
 * (the document encoded whole, as a save that does not fit is retried: decision 061; not the backup file, which
 * is indented and may hold sections the import repairs or keeps), against the quota estimate the storage meter
 * shows.
 */
export function importRoom(storage: Storage, next: StudioData): ImportRoom {
  const stored = storage.getItem(WORKSPACE_KEY);
  const revision = (readStoredHeader(stored)?.revision ?? 0) + 1;
  const size = WORKSPACE_KEY.length + storedReplicaText(createWorkspaceDoc(next), revision, randomWriterId()).length;
  const others = localStorageUsage(storage) - (stored === null ? 0 : WORKSPACE_KEY.length + stored.length);
  const room = Math.max(0, LOCAL_STORAGE_QUOTA - others);
  return { size, room, fits: size <= room };
}
