import type * as z from 'zod/mini';
import type { StudioSection } from './model.ts';

// Shared tools for turning stored data of unknown quality into the model without losing more than needed.

/**
 * What a repair did, for a short translated summary (the import confirm); `message` says it in detail.
 * left-out: a part this version does not know or cannot keep; dropped: an entry or a reference that could
 * not be kept; reset: a value replaced by a valid one; renamed: a repeated id given a new one; relinked: a
 * link to a missing or looping item mended; default: a section unreadable or missing, replaced by its default.
 */
export const REPAIR_KINDS = ['left-out', 'dropped', 'reset', 'renamed', 'relinked', 'default'] as const;
export type RepairKind = (typeof REPAIR_KINDS)[number];

export interface Repair {
  section: StudioSection | 'workspace';
  kind: RepairKind;
  message: string;
  /** True when something stored was dropped or replaced, so the raw data is worth keeping. */
  lossy: boolean;
}

export type Report = (section: Repair['section'], message: string, lossy: boolean, kind: RepairKind) => void;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** 'projects[2].name', 'kanbanBoard.items["item-1"].content': a path a person can follow. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((segment, index) => {
      if (typeof segment === 'number') return `[${segment}]`;
      const name = String(segment);
      if (/^[A-Za-z_$][\w$]*$/.test(name)) return index === 0 ? name : `.${name}`;
      return `[${JSON.stringify(name)}]`;
    })
    .join('');
}

export function describeIssues(error: z.core.$ZodError, prefix: readonly PropertyKey[] = []): string[] {
  return error.issues.map((issue) => {
    const path = formatPath([...prefix, ...issue.path]);
    return path ? `${path}: ${issue.message}` : issue.message;
  });
}

export type Fallbacks = Readonly<Record<string, () => unknown>>;

export interface ParsedEntry<T> {
  value: T;
  /** Top-level fields that were invalid and replaced by a default or a fallback. */
  fixedFields: string[];
}

/**
 * Parses one stored entry; fields the schema does not know are kept (model.ts). A field that fails is
 * removed and parsed again, so it takes its schema default, its fallback, or (if optional) disappears; the
 * entry is dropped (null) only when that cannot succeed, for example when its title is missing.
 */
export function parseEntry<S extends z.ZodMiniType>(schema: S, raw: unknown, fallbacks: Fallbacks = {}): ParsedEntry<z.output<S>> | null {
  // zod skips a '__proto__' field (copying it would set the prototype): name it as reset, so it is not lost unnoticed.
  const unkept = isRecord(raw) && Object.hasOwn(raw, '__proto__') ? ['__proto__'] : [];
  const first = schema.safeParse(raw);
  if (first.success) return { value: first.data, fixedFields: unkept };
  if (!isRecord(raw)) return null;
  const badFields = [...new Set(first.error.issues.map((issue) => issue.path[0]).filter((key) => typeof key === 'string'))];
  if (badFields.length === 0) return null;
  const repaired: Record<string, unknown> = { ...raw };
  for (const field of badFields) {
    const fallback = fallbacks[field];
    if (fallback) repaired[field] = fallback();
    else delete repaired[field];
  }
  const second = schema.safeParse(repaired);
  return second.success ? { value: second.data, fixedFields: [...badFields, ...unkept] } : null;
}

/** Keeps ids unique: a repeated id is replaced by a new one, so neither entry is lost. */
export function uniqueIds<T extends { id: string }>(entries: readonly T[], newId: () => string, onRenamed: (entry: T) => void): T[] {
  const seen = new Set<string>();
  return entries.map((entry) => {
    if (!seen.has(entry.id)) {
      seen.add(entry.id);
      return entry;
    }
    onRenamed(entry);
    const base = newId();
    let id = base;
    // A generator that repeats itself (only a broken test double would) must not loop forever.
    for (let attempt = 1; seen.has(id); attempt += 1) id = `${base}-${attempt}`;
    seen.add(id);
    return { ...entry, id };
  });
}

export function describeEntry(section: string, index: number | string, raw: unknown): string {
  const at = typeof index === 'number' ? `${section}[${index}]` : `${section}[${JSON.stringify(index)}]`;
  return isRecord(raw) && typeof raw.id === 'string' ? `${at} (${raw.id})` : at;
}
