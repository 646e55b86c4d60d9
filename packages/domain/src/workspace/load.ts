import { createDefaultStudioData } from './defaults.ts';
import { generateId, type IdGenerator } from './ids.ts';
import { migrate, type NewerVersion } from './migrate.ts';
import { STUDIO_SECTIONS, type StudioData } from './model.ts';
import { normaliseBoard } from './normalise-board.ts';
import { normaliseGamification, normaliseGarden, normalisePages, normaliseProjects } from './normalise-sections.ts';
import { isRecord, type Repair, type Report } from './repair.ts';
import { sanitiseMindMap } from './sanitise-mind-map.ts';

// Loading (docs/product.md, Local-first storage): stored data merged over the defaults, section by section, with the mind map
// sanitised and an empty board seeded. Nothing here throws, and nothing readable is thrown away silently:
// every repair is listed, and `lossy` tells the store to keep the raw data before it writes over it.

export interface NormaliseResult {
  data: StudioData;
  repairs: Repair[];
}

/** Repairs current-version Studio data of unknown quality into the model. Sections are independent. */
export function normaliseStudioData(raw: unknown, now: Date, ids: IdGenerator = generateId): NormaliseResult {
  const repairs: Repair[] = [];
  const report: Report = (section, message, lossy, kind) => {
    repairs.push({ section, kind, message, lossy });
  };
  if (!isRecord(raw)) report('workspace', 'stored data is not an object; using the defaults.', raw !== undefined, 'default');
  const source = isRecord(raw) ? raw : {};
  const unknownKeys = Object.keys(source).filter((key) => !(STUDIO_SECTIONS as readonly string[]).includes(key));
  if (unknownKeys.length > 0) report('workspace', `unknown fields were left out: ${unknownKeys.join(', ')}.`, true, 'left-out');
  const data: StudioData = {
    projects: normaliseProjects(source.projects, now, ids, report),
    pages: normalisePages(source.pages, now, ids, report),
    kanbanBoard: normaliseBoard(source.kanbanBoard, now, ids, report),
    mindMap: sanitiseMindMap(source.mindMap, ids, report),
    garden: normaliseGarden(source.garden, report),
    gamification: normaliseGamification(source.gamification, report),
  };
  return { data, repairs };
}

export type LoadResult =
  | {
    ok: true;
    data: StudioData;
    /** The stored revision (0 when nothing was stored); the store's next save writes revision + 1. */
    revision: number;
    /** 'empty': nothing was stored; 'unreadable': stored data could not be read at all (defaults used). */
    source: 'empty' | 'stored' | 'unreadable';
    /** The schema version the data was stored with; null when there was none to read. */
    fromVersion: number | null;
    repairs: Repair[];
    /** Something stored was dropped or replaced: keep the raw data before saving over it. */
    lossy: boolean;
  }
  /** Written by a newer Grove: show it can't be opened here, and never write over it. */
  | NewerVersion;

function unreadable(message: string, now: Date, ids: IdGenerator): LoadResult {
  const repairs: Repair[] = [{ section: 'workspace', kind: 'default', message: `${message} Using the defaults.`, lossy: true }];
  return { ok: true, data: createDefaultStudioData(now, ids), revision: 0, source: 'unreadable', fromVersion: null, repairs, lossy: true };
}

/**
 * Reads what is stored under 'grove-data' (JSON-parsed; undefined or null when nothing is stored):
 * the original product's bare data or a versioned envelope. Never throws.
 */
export function loadWorkspace(raw: unknown, now: Date, ids: IdGenerator = generateId): LoadResult {
  if (raw === undefined || raw === null) {
    return { ok: true, data: createDefaultStudioData(now, ids), revision: 0, source: 'empty', fromVersion: null, repairs: [], lossy: false };
  }
  try {
    const migrated = migrate(raw);
    if (!migrated.ok) return migrated.reason === 'newer-version' ? migrated : unreadable(migrated.message, now, ids);
    const { data, repairs } = normaliseStudioData(migrated.envelope.data, now, ids);
    return {
      ok: true,
      data,
      revision: migrated.envelope.revision,
      source: 'stored',
      fromVersion: migrated.fromVersion,
      repairs,
      lossy: repairs.some((repair) => repair.lossy),
    };
  } catch (error) {
    // Unreachable by design (the property tests feed it arbitrary values); if a bug gets here, the user
    // still gets a working app and, since this is lossy, the store keeps the raw data.
    return unreadable(`Stored data could not be loaded: ${String(error)}.`, now, ids);
  }
}
