import { v0ToV1 } from './migrations/v0-to-v1.ts';
import { isRecord } from './repair.ts';
import { CURRENT_SCHEMA_VERSION, type Migration, type StoredEnvelope } from './schema-version.ts';

/** MIGRATIONS[n] takes version n to n + 1; a test checks the list reaches CURRENT_SCHEMA_VERSION. */
export const MIGRATIONS: readonly Migration[] = [v0ToV1];

export interface NewerVersion {
  ok: false;
  reason: 'newer-version';
  foundVersion: number;
  supportedVersion: number;
}

export interface Unreadable {
  ok: false;
  reason: 'unreadable';
  message: string;
}

export type MigrateDataResult = { ok: true; data: Record<string, unknown> } | NewerVersion | Unreadable;

export type MigrateResult =
  | { ok: true; envelope: StoredEnvelope<Record<string, unknown>>; fromVersion: number }
  | NewerVersion
  | Unreadable;

function isVersion(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

/**
 * Runs the migrations from `fromVersion` to the current version over Studio data (whole or partial, as in
 * a backup). Data from a newer version is refused, never touched: an older app cannot know what it means.
 */
export function migrateData(data: Readonly<Record<string, unknown>>, fromVersion: number): MigrateDataResult {
  if (!isVersion(fromVersion)) return { ok: false, reason: 'unreadable', message: `Unknown schema version ${String(fromVersion)}.` };
  if (fromVersion > CURRENT_SCHEMA_VERSION) {
    return { ok: false, reason: 'newer-version', foundVersion: fromVersion, supportedVersion: CURRENT_SCHEMA_VERSION };
  }
  let current: Record<string, unknown> = { ...data };
  for (let version = fromVersion; version < CURRENT_SCHEMA_VERSION; version += 1) {
    const step = MIGRATIONS[version];
    if (!step || step.from !== version) return { ok: false, reason: 'unreadable', message: `No migration from version ${version}.` };
    try {
      current = step.migrate(current);
    } catch (error) {
      // Migrations are written not to throw; if one does, the data is reported unreadable (and so kept), not lost.
      return { ok: false, reason: 'unreadable', message: `Migration from version ${version} failed: ${String(error)}` };
    }
  }
  return { ok: true, data: current };
}

function envelopeFrom(data: Record<string, unknown>, revision: number, fromVersion: number): MigrateResult {
  return { ok: true, envelope: { schemaVersion: CURRENT_SCHEMA_VERSION, revision, data }, fromVersion };
}

/**
 * Reads what is stored under 'grove-data' (already JSON-parsed) into a current-version envelope.
 * An object with a schemaVersion is an envelope; any other object is the original product's bare data
 * (version 0). Never throws.
 */
export function migrate(raw: unknown): MigrateResult {
  if (!isRecord(raw)) {
    return { ok: false, reason: 'unreadable', message: `Stored data is ${Array.isArray(raw) ? 'a list' : typeof raw}, not an object.` };
  }
  if (!('schemaVersion' in raw)) {
    const result = migrateData(raw, 0);
    return result.ok ? envelopeFrom(result.data, 0, 0) : result;
  }
  const { schemaVersion, revision, data } = raw;
  if (!isVersion(schemaVersion)) return { ok: false, reason: 'unreadable', message: 'Stored schemaVersion is not a whole number.' };
  if (schemaVersion > CURRENT_SCHEMA_VERSION) {
    return { ok: false, reason: 'newer-version', foundVersion: schemaVersion, supportedVersion: CURRENT_SCHEMA_VERSION };
  }
  if (!isRecord(data)) return { ok: false, reason: 'unreadable', message: 'Stored envelope holds no data object.' };
  const result = migrateData(data, schemaVersion);
  if (!result.ok) return result;
  // A damaged revision restarts at 0; the store then treats any other tab's data as newer, which is the safe side.
  const safeRevision = isVersion(revision) ? revision : 0;
  return envelopeFrom(result.data, safeRevision, schemaVersion);
}
