import { applyBackup, type Backup } from '../backup/backup.ts';
import { defineCommand } from '../workspace/command.ts';
import { createDefaultStudioData } from '../workspace/defaults.ts';
import { idsFromSeed, type IdSeed } from '../workspace/ids.ts';
import type { StudioData } from '../workspace/model.ts';

// Commands on the workspace as a whole (Settings). The screens' own commands live beside their rules; these live
// beside the registry, above backup/, whose import they run (workspace/ imports no feature: decision 062).

/**
 * Clear All: the defaults (docs/product.md, Settings, backup and data); the seed board's ids come from the seed,
 * so a replay makes the same.
 */
export const clearWorkspace = defineCommand<{ idSeed: IdSeed }>(
  'clearWorkspace',
  (_data, { idSeed }, now) => createDefaultStudioData(now, idsFromSeed(idSeed)),
  { destructive: true },
);

/** Import: each section present in the backup replaces the current one (backup.ts); ids renamed in repair come from the seed. */
export const importBackup = defineCommand<{ backup: Backup; idSeed: IdSeed }>(
  'importBackup',
  (data, { backup, idSeed }, now) => applyBackup(data, backup, now, idsFromSeed(idSeed)),
  { destructive: true },
);

/** A restore point brought back: its data, already loaded (migrated and repaired). */
export const restoreWorkspace = defineCommand<{ data: StudioData }>(
  'restoreWorkspace',
  (_data, input) => input.data,
  { destructive: true },
);
