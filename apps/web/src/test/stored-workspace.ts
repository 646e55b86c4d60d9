import { storedWorkspaceData } from '@grove/domain/replica/stored-workspace';
import type { StudioData } from '@grove/domain/workspace/model';
import { STORAGE_KEYS } from '@/lib/storage-keys.ts';

// Tests read back what a store saved through this, never by parsing the stored text themselves: the domain's
// reader knows every stored format (decision 061), so a change of format needs no change in the tests.

/** The workspace data saved in `storage`, in any stored format; null when nothing readable is stored. */
export function storedData(storage: Storage): StudioData | null {
  return storedWorkspaceData(storage.getItem(STORAGE_KEYS.workspace));
}
