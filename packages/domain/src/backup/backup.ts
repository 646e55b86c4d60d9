import { z } from 'zod';
import { generateId, type IdGenerator } from '../workspace/ids.ts';
import { toLocalIsoDate } from '../workspace/iso-date.ts';
import { normaliseStudioData } from '../workspace/load.ts';
import { migrateData } from '../workspace/migrate.ts';
import {
  gamificationSchema, gardenEntrySchema, kanbanBoardSchema, mindMapSchema, pageSchema, projectSchema,
  STUDIO_SECTIONS, type StudioData, type StudioSection,
} from '../workspace/model.ts';
import { describeIssues, isRecord } from '../workspace/repair.ts';
import { CURRENT_SCHEMA_VERSION } from '../workspace/schema-version.ts';

// The backup file (spec sections 3, 5, 7): export, validation of the whole file before anything changes,
// and import, which replaces each section present and keeps the missing ones.

export const backupSchema = z.object({
  /** Absent in backups of the original product (version 0) and accepted as such. */
  schemaVersion: z.number().int().min(0).optional(),
  projects: z.array(projectSchema).optional(),
  pages: z.array(pageSchema).optional(),
  kanbanBoard: kanbanBoardSchema.optional(),
  mindMap: mindMapSchema.optional(),
  garden: z.array(gardenEntrySchema).optional(),
  gamification: gamificationSchema.optional(),
});
export type Backup = z.infer<typeof backupSchema>;

/** Per section of the file: how much it holds, or null when the section is absent (and will be kept). */
export interface BackupSummary {
  projects: number | null;
  pages: number | null;
  tasks: number | null;
  columns: number | null;
  mindMapNodes: number | null;
  gardenTrees: number | null;
  gamification: boolean;
  /** The sections the import will replace. */
  sections: StudioSection[];
}

export type ParseBackupResult =
  | { ok: true; backup: Backup; summary: BackupSummary }
  /** The UI shows 'Failed to parse the backup file.' */
  | { ok: false; reason: 'invalid-json' }
  /** Parsed but not a backup this version can import; `issues` say why, one line each. */
  | { ok: false; reason: 'invalid-backup'; issues: string[] };

const MAX_ISSUES = 20;

export function serializeBackup(data: StudioData): string {
  const backup: Backup = { schemaVersion: CURRENT_SCHEMA_VERSION };
  for (const section of STUDIO_SECTIONS) Object.assign(backup, { [section]: data[section] });
  return JSON.stringify(backup, null, 2);
}

/**
 * 'backup-YYYY-MM-DD.json' with the user's local calendar date: an export made at 00:30 in Sydney is named
 * for that day, not for the UTC day before it (toISOString would do that).
 */
export function backupFileName(date: Date): string {
  return `backup-${toLocalIsoDate(date)}.json`;
}

export function summariseBackup(backup: Backup): BackupSummary {
  const count = (list: readonly unknown[] | undefined) => list?.length ?? null;
  return {
    projects: count(backup.projects),
    pages: count(backup.pages),
    tasks: backup.kanbanBoard ? Object.keys(backup.kanbanBoard.items).length : null,
    columns: count(backup.kanbanBoard?.columns),
    mindMapNodes: count(backup.mindMap?.nodes),
    gardenTrees: count(backup.garden),
    gamification: backup.gamification !== undefined,
    sections: STUDIO_SECTIONS.filter((section) => backup[section] !== undefined),
  };
}

/** zod skips a '__proto__' key in a record (it would replace the prototype), so such a task would vanish unnoticed. */
function reservedTaskIds(data: Record<string, unknown>): string[] {
  const board = data.kanbanBoard;
  return isRecord(board) && isRecord(board.items) && Object.hasOwn(board.items, '__proto__')
    ? ['kanbanBoard.items["__proto__"]: "__proto__" cannot be a task id.']
    : [];
}

function invalid(issues: string[]): ParseBackupResult {
  const shown = issues.slice(0, MAX_ISSUES);
  if (issues.length > MAX_ISSUES) shown.push(`…and ${issues.length - MAX_ISSUES} more.`);
  return { ok: false, reason: 'invalid-backup', issues: shown };
}

/** Validates an already parsed value as a backup: the whole of it, migrating older versions first. */
export function validateBackup(value: unknown): ParseBackupResult {
  if (!isRecord(value)) {
    const found = Array.isArray(value) ? 'a list' : value === null ? 'null' : `a ${typeof value}`;
    return invalid([`The file holds ${found}, not a Grove backup (an object with ${STUDIO_SECTIONS.join(', ')}).`]);
  }
  const { schemaVersion = 0, ...sections } = value;
  if (typeof schemaVersion !== 'number' || !Number.isSafeInteger(schemaVersion) || schemaVersion < 0) {
    return invalid(['schemaVersion: expected a whole number of 0 or more.']);
  }
  if (!STUDIO_SECTIONS.some((section) => sections[section] !== undefined)) {
    return invalid([`The file holds none of the backup sections (${STUDIO_SECTIONS.join(', ')}).`]);
  }
  const migrated = migrateData(sections, schemaVersion);
  if (!migrated.ok) {
    return invalid([migrated.reason === 'newer-version'
      ? `This backup was made by a newer version of Grove (data version ${migrated.foundVersion}); this version reads up to version ${migrated.supportedVersion}. Update Grove to import it.`
      : migrated.message]);
  }
  const parsed = backupSchema.safeParse({ ...migrated.data, schemaVersion: CURRENT_SCHEMA_VERSION });
  const issues = [...reservedTaskIds(migrated.data), ...(parsed.success ? [] : describeIssues(parsed.error))];
  if (!parsed.success || issues.length > 0) return invalid(issues);
  return { ok: true, backup: parsed.data, summary: summariseBackup(parsed.data) };
}

/** Reads a backup file's text. Never throws; nothing changes until applyBackup. */
export function parseBackup(text: string): ParseBackupResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'invalid-json' };
  }
  return validateBackup(value);
}

/**
 * Import: each section present in the backup replaces the current one, missing sections are kept as they
 * are. The result is repaired like loaded data (mind map sanitised, board made consistent, empty board
 * seeded). All or nothing: a backup that does not validate returns `current` itself.
 */
export function applyBackup(current: StudioData, backup: Backup, now: Date, ids: IdGenerator = generateId): StudioData {
  const checked = backupSchema.safeParse(backup);
  if (!checked.success) return current;
  const present = STUDIO_SECTIONS.filter((section) => checked.data[section] !== undefined);
  const merged: Record<string, unknown> = { ...current };
  for (const section of present) merged[section] = checked.data[section];
  const { data } = normaliseStudioData(merged, now, ids);
  const result: StudioData = { ...current };
  for (const section of present) Object.assign(result, { [section]: data[section] });
  return result;
}
