import * as z from 'zod/mini';
import { generateId, type IdGenerator } from '../workspace/ids.ts';
import { toLocalIsoDate } from '../workspace/iso-date.ts';
import { normaliseStudioData } from '../workspace/load.ts';
import { migrateData } from '../workspace/migrate.ts';
import {
  gamificationSchema, gardenEntrySchema, kanbanBoardSchema, mindMapSchema, pageSchema, projectSchema,
  STUDIO_SECTIONS, type StudioData, type StudioSection,
} from '../workspace/model.ts';
import { describeIssues, formatPath, isRecord, type Repair } from '../workspace/repair.ts';
import { CURRENT_SCHEMA_VERSION } from '../workspace/schema-version.ts';

// The backup file (docs/product.md, Settings, backup and data): export, validation of the whole file before
// anything changes, and import, which replaces each section present and keeps the missing ones. Fields inside the sections
// that this version does not know are kept (model.ts), so a newer Grove's backup imports intact.

export const backupSchema = z.object({
  /** Absent in backups of the original product (version 0) and accepted as such. */
  schemaVersion: z.optional(z.int().check(z.minimum(0))),
  projects: z.optional(z.array(projectSchema)),
  pages: z.optional(z.array(pageSchema)),
  kanbanBoard: z.optional(kanbanBoardSchema),
  mindMap: z.optional(mindMapSchema),
  garden: z.optional(z.array(gardenEntrySchema)),
  gamification: z.optional(gamificationSchema),
});
export type Backup = z.infer<typeof backupSchema>;

/**
 * Per section of the file: how much the import puts in place, after the repairs a load makes (a repeated
 * id renamed, a dangling edge dropped...); null when the section is absent (and will be kept).
 */
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
  /** `repairs`: what the import will change in the file's sections, and what of the file it leaves out. */
  | { ok: true; backup: Backup; summary: BackupSummary; repairs: Repair[] }
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

export function summariseImport(data: StudioData, sections: readonly StudioSection[]): BackupSummary {
  const has = (section: StudioSection) => sections.includes(section);
  const count = (section: StudioSection, list: readonly unknown[]) => (has(section) ? list.length : null);
  return {
    projects: count('projects', data.projects),
    pages: count('pages', data.pages),
    tasks: count('kanbanBoard', Object.keys(data.kanbanBoard.items)),
    columns: count('kanbanBoard', data.kanbanBoard.columns),
    mindMapNodes: count('mindMap', data.mindMap.nodes),
    gardenTrees: count('garden', data.garden),
    gamification: has('gamification'),
    sections: STUDIO_SECTIONS.filter(has),
  };
}

interface RepairedBackup {
  /** The sections present in the backup, repaired as a load repairs them; the others hold defaults. */
  data: StudioData;
  present: StudioSection[];
  repairs: Repair[];
}

/** Sections are repaired independently (load.ts), so the backup's can be repaired without the current data. */
function repairBackup(backup: Backup, now: Date, ids: IdGenerator): RepairedBackup {
  const present = STUDIO_SECTIONS.filter((section) => backup[section] !== undefined);
  const { data, repairs } = normaliseStudioData(Object.fromEntries(present.map((section) => [section, backup[section]])), now, ids);
  // The absent sections are reported missing; they are not imported, so that is no news.
  return { data, present, repairs: repairs.filter((repair) => repair.section !== 'workspace' && present.includes(repair.section)) };
}

/**
 * Fields the parse did not keep, by path: zod skips a '__proto__' key (copying it would replace the
 * prototype), so such a task, or a field of that name, would otherwise vanish unnoticed. The file is refused
 * instead. A value kept as it was (an unknown field's) is not looked into: nothing of it is lost.
 */
function unkeptFields(raw: unknown, parsed: unknown, path: PropertyKey[], found: string[]): string[] {
  if (raw === parsed) return found;
  if (Array.isArray(raw) && Array.isArray(parsed)) {
    raw.forEach((entry, index) => unkeptFields(entry, parsed[index], [...path, index], found));
  } else if (isRecord(raw) && isRecord(parsed)) {
    for (const [key, entry] of Object.entries(raw)) {
      if (Object.hasOwn(parsed, key)) {
        unkeptFields(entry, parsed[key], [...path, key], found);
        continue;
      }
      const at = key === '__proto__' ? `${formatPath(path)}["__proto__"]` : formatPath([...path, key]);
      const isTask = path.length === 2 && path[0] === 'kanbanBoard' && path[1] === 'items';
      found.push(isTask ? `${at}: ${JSON.stringify(key)} cannot be a task id.` : `${at}: a field of this name cannot be imported.`);
    }
  }
  return found;
}

function invalid(issues: string[]): ParseBackupResult {
  const shown = issues.slice(0, MAX_ISSUES);
  if (issues.length > MAX_ISSUES) shown.push(`…and ${issues.length - MAX_ISSUES} more.`);
  return { ok: false, reason: 'invalid-backup', issues: shown };
}

/**
 * Validates an already parsed value as a backup: the whole of it, migrating older versions first. The
 * summary and repairs describe the import after repair; `now` and `ids` only shape that preview.
 */
export function validateBackup(value: unknown, now: Date = new Date(), ids: IdGenerator = generateId): ParseBackupResult {
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
  if (!parsed.success) return invalid(describeIssues(parsed.error));
  const unkept = STUDIO_SECTIONS.flatMap((section) => unkeptFields(migrated.data[section], parsed.data[section], [section], []));
  if (unkept.length > 0) return invalid(unkept);
  const repaired = repairBackup(parsed.data, now, ids);
  const unknown = Object.keys(sections).filter((key) => !(STUDIO_SECTIONS as readonly string[]).includes(key));
  const leftOut: Repair[] = unknown.length > 0
    ? [{ section: 'workspace', kind: 'left-out', message: `unknown sections of the file are not imported: ${unknown.join(', ')}.`, lossy: true }]
    : [];
  const summary = summariseImport(repaired.data, repaired.present);
  return { ok: true, backup: parsed.data, summary, repairs: [...leftOut, ...repaired.repairs] };
}

/** Reads a backup file's text. Never throws; nothing changes until applyBackup. */
export function parseBackup(text: string, now: Date = new Date(), ids: IdGenerator = generateId): ParseBackupResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'invalid-json' };
  }
  return validateBackup(value, now, ids);
}

/**
 * Import: each section present in the backup replaces the current one, missing sections are kept as they
 * are. The result is repaired like loaded data (mind map sanitised, board made consistent, empty board
 * seeded). All or nothing: a backup that does not validate returns `current` itself.
 */
export function applyBackup(current: StudioData, backup: Backup, now: Date, ids: IdGenerator = generateId): StudioData {
  const checked = backupSchema.safeParse(backup);
  if (!checked.success) return current;
  const { data, present } = repairBackup(checked.data, now, ids);
  const result: StudioData = { ...current };
  for (const section of present) Object.assign(result, { [section]: data[section] });
  return result;
}
