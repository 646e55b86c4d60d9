import type { StudioData } from './model.ts';

// Stored data changes only through versioned migrations (STYLE.md 3). To change the stored shape: bump
// CURRENT_SCHEMA_VERSION, add migrations/vN-to-vN+1.ts to the list in migrate.ts, and freeze a fixture
// of the version being left in fixtures/vN.json.
//
// Version 0 is what the original product wrote: the bare Studio object, no envelope, no version.
// Version 1 is the first envelope.
export const CURRENT_SCHEMA_VERSION = 1;

/** What the store keeps under 'grove-data'. */
export interface StoredEnvelope<TData = StudioData> {
  schemaVersion: number;
  /** Raised by every save; a tab whose revision is behind the stored one must not write (cross-tab safety). */
  revision: number;
  data: TData;
}

export function createEnvelope(data: StudioData, revision: number): StoredEnvelope {
  return { schemaVersion: CURRENT_SCHEMA_VERSION, revision, data };
}

/**
 * One step from `from` to `from + 1`. It receives the Studio data of that version, possibly partial (a
 * backup may hold only some sections) and possibly damaged: it changes only what is present, never throws,
 * and never mutates its input. Whatever it cannot make sense of it leaves for loading to repair.
 */
export interface Migration {
  from: number;
  migrate: (data: Readonly<Record<string, unknown>>) => Record<string, unknown>;
}
