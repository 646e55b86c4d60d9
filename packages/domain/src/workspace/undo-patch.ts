import type { StudioData } from './model.ts';

// Undo and redo for any workspace command, without an inverse written per command: the store records what a
// command changed (a patch: the values before and after at each changed place) and undo puts the old values
// back. Places are as fine as the data allows (a task's title, a column's order of task ids, one project of
// the list by its id), so another tab's change elsewhere never blocks an undo. Undo first checks that every
// place still holds what the command left there: if another tab (or a later command) changed it since,
// nothing is changed and the conflicting places are returned, instead of guessing.
// `undefined` and a missing key are the same thing here, as they are once the data is stored as JSON.

/** An object key, or the element of a list of items with ids. */
export type PathSegment = string | { readonly id: string };
export type Path = readonly PathSegment[];

export type Change =
  /** A value replaced, added (before undefined) or removed (after undefined). */
  | { readonly kind: 'value'; readonly path: Path; readonly before: unknown; readonly after: unknown }
  /** An element with an id added to or removed from the list at `path`, at `index`. */
  | { readonly kind: 'insert' | 'remove'; readonly path: Path; readonly id: string; readonly index: number; readonly value: unknown }
  /** The ids kept in the list at `path` (in both states) changed order. */
  | { readonly kind: 'order'; readonly path: Path; readonly before: readonly string[]; readonly after: readonly string[] };

export interface Patch {
  /** In the order they apply going forward. */
  readonly changes: readonly Change[];
}

export type PatchResult = { ok: true; data: StudioData } | { ok: false; conflicts: Path[] };

type Entity = Record<string, unknown> & { id: string };

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An own property only: ids such as 'toString' or 'constructor' must not find Object.prototype's. */
function own(object: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/** A list whose elements are objects with unique string ids (an empty list qualifies). */
export function isEntityList(value: unknown): value is Entity[] {
  if (!Array.isArray(value)) return false;
  const seen = new Set<string>();
  for (const element of value) {
    if (!isPlainObject(element) || typeof element.id !== 'string' || seen.has(element.id)) return false;
    seen.add(element.id);
  }
  return true;
}

/** Structural equality of JSON-like values, a missing key equal to an undefined one. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((element, index) => deepEqual(element, b[index]));
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (!deepEqual(own(a, key), own(b, key))) return false;
  return true;
}

function sameSequence(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

function diffEntities(before: Entity[], after: Entity[], path: Path, out: Change[]): void {
  const beforeIndex = new Map(before.map((entity, index) => [entity.id, index]));
  const afterIndex = new Map(after.map((entity, index) => [entity.id, index]));
  // Removals last-first and insertions first-last, so each index is right when applied in order (and, reversed
  // for undo, the removed elements go back first-last).
  for (let index = before.length - 1; index >= 0; index -= 1) {
    const entity = before[index] as Entity;
    if (!afterIndex.has(entity.id)) out.push({ kind: 'remove', path, id: entity.id, index, value: entity });
  }
  after.forEach((entity, index) => {
    if (!beforeIndex.has(entity.id)) out.push({ kind: 'insert', path, id: entity.id, index, value: entity });
  });
  for (const entity of after) {
    const previous = beforeIndex.get(entity.id);
    if (previous !== undefined) diffValue(before[previous], entity, [...path, { id: entity.id }], out);
  }
  const keptBefore = before.filter((entity) => afterIndex.has(entity.id)).map((entity) => entity.id);
  const keptAfter = after.filter((entity) => beforeIndex.has(entity.id)).map((entity) => entity.id);
  if (!sameSequence(keptBefore, keptAfter)) out.push({ kind: 'order', path, before: keptBefore, after: keptAfter });
}

function diffValue(before: unknown, after: unknown, path: Path, out: Change[]): void {
  if (before === after) return;
  if (isPlainObject(before) && isPlainObject(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const [old, next] = [own(before, key), own(after, key)];
      if (old === undefined || next === undefined) {
        if (old !== next) out.push({ kind: 'value', path: [...path, key], before: old, after: next });
      } else {
        diffValue(old, next, [...path, key], out);
      }
    }
    return;
  }
  if (isEntityList(before) && isEntityList(after)) {
    diffEntities(before, after, path, out);
    return;
  }
  if (!deepEqual(before, after)) out.push({ kind: 'value', path, before, after });
}

/** What changed from `before` to `after`; cheap when `after` shares the unchanged parts of `before`. */
export function diffWorkspace(before: StudioData, after: StudioData): Patch {
  const changes: Change[] = [];
  diffValue(before, after, [], changes);
  return { changes };
}

export function isEmptyPatch(patch: Patch): boolean {
  return patch.changes.length === 0;
}

const NOT_FOUND = Symbol('not found');

function child(container: unknown, segment: PathSegment): unknown {
  if (typeof segment === 'string') return isPlainObject(container) ? own(container, segment) : NOT_FOUND;
  if (!Array.isArray(container)) return NOT_FOUND;
  const found: unknown = container.find((element) => isPlainObject(element) && element.id === segment.id);
  return found ?? NOT_FOUND;
}

function getIn(root: unknown, path: Path): unknown {
  let current = root;
  for (const segment of path) {
    if (current === NOT_FOUND || current === undefined) return NOT_FOUND;
    current = child(current, segment);
  }
  return current;
}

/** A copy of `root` with the value at `path` replaced by `update(old)`; its parents must exist. */
function updateIn(root: unknown, path: Path, update: (old: unknown) => unknown): unknown {
  const [segment, ...rest] = path;
  if (segment === undefined) return update(root);
  if (typeof segment === 'string') {
    const container = root as Record<string, unknown>;
    const value = updateIn(own(container, segment), rest, update);
    const copy = { ...container };
    if (value === undefined) delete copy[segment];
    else copy[segment] = value;
    return copy;
  }
  const list = root as Entity[];
  return list.map((element) => (element.id === segment.id ? updateIn(element, rest, update) as Entity : element));
}

function invert(change: Change): Change {
  switch (change.kind) {
    case 'value':
      return { ...change, before: change.after, after: change.before };
    case 'order':
      return { ...change, before: change.after, after: change.before };
    case 'insert':
      return { ...change, kind: 'remove' };
    case 'remove':
      return { ...change, kind: 'insert' };
  }
}

/** Applies one change if the data still holds what the change expects there; null when it does not. */
function applyChange(data: unknown, change: Change): unknown {
  if (change.kind === 'value') {
    const parent = getIn(data, change.path.slice(0, -1));
    if (parent === NOT_FOUND || parent === undefined) return null;
    const current = getIn(data, change.path);
    if (!deepEqual(current === NOT_FOUND ? undefined : current, change.before)) return null;
    return updateIn(data, change.path, () => change.after);
  }
  const list = getIn(data, change.path);
  if (!isEntityList(list)) return null;
  if (change.kind === 'order') {
    const moving = new Set(change.before);
    const slots = list.flatMap((entity, index) => (moving.has(entity.id) ? [index] : []));
    if (!sameSequence(slots.map((index) => (list[index] as Entity).id), change.before)) return null;
    const byId = new Map(list.map((entity) => [entity.id, entity]));
    const next = [...list];
    slots.forEach((slot, index) => {
      next[slot] = byId.get(change.after[index] as string) as Entity;
    });
    return updateIn(data, change.path, () => next);
  }
  const position = list.findIndex((entity) => entity.id === change.id);
  if (change.kind === 'insert') {
    if (position !== -1) return null;
    const next = [...list];
    next.splice(Math.min(change.index, next.length), 0, change.value as Entity);
    return updateIn(data, change.path, () => next);
  }
  if (position === -1 || !deepEqual(list[position], change.value)) return null;
  return updateIn(data, change.path, () => list.filter((_, index) => index !== position));
}

function applyChanges(data: StudioData, changes: readonly Change[]): PatchResult {
  let current: unknown = data;
  const conflicts: Path[] = [];
  for (const change of changes) {
    const next = applyChange(current, change);
    if (next === null) conflicts.push(change.path);
    else current = next;
  }
  return conflicts.length > 0 ? { ok: false, conflicts } : { ok: true, data: current as StudioData };
}

/** Undoes the patch on `data`: all of it, or nothing when a place no longer holds what the patch left there. */
export function revertPatch(data: StudioData, patch: Patch): PatchResult {
  return applyChanges(data, patch.changes.map(invert).reverse());
}

/** Applies the patch again (redo): all of it, or nothing when a place no longer holds what it found there. */
export function reapplyPatch(data: StudioData, patch: Patch): PatchResult {
  return applyChanges(data, patch.changes);
}
