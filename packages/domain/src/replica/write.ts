import * as Y from 'yjs';
import type { Block, StudioData } from '../workspace/model.ts';
import { deepEqual, isEntityList, isPlainObject } from '../workspace/undo-patch.ts';
import { writeGamification } from './completions.ts';
import { fieldShape, LAID_OUT_SECTIONS, rootName, SECTION_SHAPES, type Shape } from './layout.ts';
import { fromStoredValue, toStoredValue } from './plain-values.ts';
import { buildPageFragment, writePageBlocks, type ListEdits } from './page-blocks.ts';

// Writes what a command changed into the Yjs document (docs/decisions/061-yjs-merge-engine.md): the data before
// and after the command are compared, skipping every object they share, and only the changed places are written,
// as the layout says (fields set, lists reconciled, a page's text spliced). The caller wraps it in one transaction.

type Entity = Record<string, unknown> & { id: string };
export interface Container {
  readonly order: Y.Array<string>;
  readonly items: Y.Map<unknown>;
}

const ORDER = 'order';
const ITEMS = 'items';

const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every((entry) => typeof entry === 'string');

/** A section's entity list kept in two root types (layout.ts). */
export function rootContainer(doc: Y.Doc, ...path: string[]): Container {
  return { order: doc.getArray<string>(rootName(...path, ORDER)), items: doc.getMap(rootName(...path, ITEMS)) };
}

/** An entity list inside an entity (a page's blocks): a Y.Map holding the two, or null when `value` is not one. */
export function nestedContainer(value: unknown): Container | null {
  if (!(value instanceof Y.Map)) return null;
  const order: unknown = value.get(ORDER);
  const items: unknown = value.get(ITEMS);
  return order instanceof Y.Array && items instanceof Y.Map ? { order: order as Y.Array<string>, items } : null;
}

/** A value as new document content laid out by `shape` (an object a map, an entity list a container…). */
export function build(shape: Shape, value: unknown): unknown {
  if (shape.kind === 'entities' && isEntityList(value)) {
    const container = new Y.Map<unknown>();
    const order = new Y.Array<string>();
    order.push(value.map((entity) => entity.id));
    const items = new Y.Map<unknown>();
    for (const entity of value) items.set(entity.id, build(shape.of, entity));
    container.set(ORDER, order);
    container.set(ITEMS, items);
    return container;
  }
  if (shape.kind === 'ids' && isStringList(value)) {
    const list = new Y.Array<string>();
    list.push(value);
    return list;
  }
  if (shape.kind === 'blocks' && Array.isArray(value)) return buildPageFragment(value as Block[]);
  if ((shape.kind === 'map' || shape.kind === 'auto') && isPlainObject(value)) {
    const map = new Y.Map<unknown>();
    for (const [key, field] of Object.entries(value)) {
      if (field !== undefined) map.set(key, build(fieldShape(shape, key), field));
    }
    return map;
  }
  return toStoredValue(value);
}

/** The fields of a plain object that changed from `before` to `after`, written into `map`. */
export function writeFields(map: Y.Map<unknown>, shape: Shape, before: Record<string, unknown>, after: Record<string, unknown>): void {
  if (before === after) return;
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const old = Object.hasOwn(before, key) ? before[key] : undefined;
    const next = Object.hasOwn(after, key) ? after[key] : undefined;
    if (old === next && map.has(key) === (next !== undefined)) continue;
    if (next === undefined) map.delete(key);
    else writeField(map, key, fieldShape(shape, key), old, next);
  }
}

function writeField(map: Y.Map<unknown>, key: string, shape: Shape, before: unknown, after: unknown): void {
  const current = map.get(key);
  const container = shape.kind === 'entities' ? nestedContainer(current) : null;
  if (container && shape.kind === 'entities' && isEntityList(after)) {
    writeEntities(container, shape.of, isEntityList(before) ? before : [], after);
  } else if (current instanceof Y.Map && isPlainObject(after) && shape.kind !== 'entities') {
    writeFields(current, shape, isPlainObject(before) ? before : {}, after);
  } else if (current instanceof Y.Array && shape.kind === 'ids' && isStringList(after)) {
    reconcileList(current as Y.Array<string>, after);
  } else if (current instanceof Y.XmlFragment && shape.kind === 'blocks' && Array.isArray(after)) {
    writePageBlocks(current, Array.isArray(before) ? before as Block[] : [], after as Block[], reconcile);
  } else if (current instanceof Y.AbstractType || !deepEqual(fromStoredValue(current), after)) {
    map.set(key, build(shape, after));
  }
}

/** An entity list: changed entities written field by field, new ones added, gone ones removed, then the order. */
export function writeEntities(container: Container, of: Shape, before: readonly Entity[], after: readonly Entity[]): void {
  if (before === after) return;
  const beforeById = new Map(before.map((entity) => [entity.id, entity]));
  const afterIds = after.map((entity) => entity.id);
  const kept = new Set(afterIds);
  for (const entity of after) {
    const old = beforeById.get(entity.id);
    if (old === entity) continue;
    const current = container.items.get(entity.id);
    if (current instanceof Y.Map) writeFields(current, of, old ?? {}, entity);
    else container.items.set(entity.id, build(of, entity));
  }
  for (const entity of before) if (!kept.has(entity.id)) container.items.delete(entity.id);
  const sameOrder = before.length === after.length && before.every((entity, index) => entity.id === afterIds[index]);
  if (!sameOrder) reconcileList(container.order, afterIds);
}

/** Indexes (into `values`) of a longest strictly increasing subsequence. */
function longestIncreasing(values: readonly number[]): Set<number> {
  const tails: number[] = [];
  const previous = new Array<number>(values.length).fill(-1);
  for (let index = 0; index < values.length; index += 1) {
    const value = values[index] as number;
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((values[tails[middle] as number] as number) < value) low = middle + 1;
      else high = middle;
    }
    if (low > 0) previous[index] = tails[low - 1] as number;
    tails[low] = index;
  }
  const kept = new Set<number>();
  for (let index = tails.at(-1) ?? -1; index !== -1; index = previous[index] as number) kept.add(index);
  return kept;
}

/**
 * Makes a list holding `current` hold `target` with few edits: the entries already in target order stay (so another
 * tab's concurrent moves of other entries are not undone), repeated or unwanted entries go, the rest are inserted.
 */
export function reconcile(current: readonly string[], target: readonly string[], edits: ListEdits): void {
  // The entries equal at both ends stay as they are: a move or an edit touches a few entries of a long list (a
  // column of thousands of tasks), and only the part between is compared below. The ends are unique, as the target
  // is, so no entry repeated in the middle is kept twice.
  let start = 0;
  while (start < current.length && start < target.length && current[start] === target[start]) start += 1;
  let end = 0;
  while (end < current.length - start && end < target.length - start
    && current[current.length - 1 - end] === target[target.length - 1 - end]) end += 1;
  if (start > 0 || end > 0) {
    if (start === current.length && start === target.length) return;
    const shifted: ListEdits = {
      remove: (index, count) => edits.remove(index + start, count),
      insert: (index, ids) => edits.insert(index + start, ids),
    };
    reconcileMiddle(current.slice(start, current.length - end), target.slice(start, target.length - end), shifted);
    return;
  }
  reconcileMiddle(current, target, edits);
}

function reconcileMiddle(current: readonly string[], target: readonly string[], edits: ListEdits): void {
  const targetIndex = new Map(target.map((id, index) => [id, index]));
  const seen = new Set<string>();
  const candidates: number[] = [];
  current.forEach((id, position) => {
    if (targetIndex.has(id) && !seen.has(id)) {
      seen.add(id);
      candidates.push(position);
    }
  });
  const staying = longestIncreasing(candidates.map((position) => targetIndex.get(current[position] as string) as number));
  const stay = new Set(candidates.filter((_, index) => staying.has(index)));
  for (let end = current.length - 1; end >= 0;) {
    if (stay.has(end)) {
      end -= 1;
      continue;
    }
    let start = end;
    while (start > 0 && !stay.has(start - 1)) start -= 1;
    edits.remove(start, end - start + 1);
    end = start - 1;
  }
  const remaining = current.filter((_, position) => stay.has(position));
  let next = 0;
  for (let position = 0; position < target.length;) {
    if (next < remaining.length && remaining[next] === target[position]) {
      next += 1;
      position += 1;
      continue;
    }
    const run: string[] = [];
    while (position < target.length && target[position] !== remaining[next]) run.push(target[position++] as string);
    edits.insert(position - run.length, run);
  }
}

/** A Y.Array of ids made to hold `target` (reconcile). */
export function reconcileList(list: Y.Array<string>, target: readonly string[]): void {
  reconcile(list.toArray(), target, {
    remove: (index, count) => list.delete(index, count),
    insert: (index, ids) => list.insert(index, ids),
  });
}

/**
 * Writes the change from `before` to `after` (`before` null: a new document) into `doc`. Call it inside one
 * `doc.transact(…, origin)`; `before` must be what the document holds (WorkspaceReader.unsettled, read.ts).
 */
export function writeData(doc: Y.Doc, before: StudioData | null, after: StudioData): void {
  for (const section of LAID_OUT_SECTIONS) {
    const old: unknown = before?.[section];
    const next: unknown = after[section];
    if (old === next) continue;
    const shape: Shape = SECTION_SHAPES[section];
    if (shape.kind === 'entities') {
      writeEntities(rootContainer(doc, section), shape.of, isEntityList(old) ? old : [], next as Entity[]);
      continue;
    }
    const oldFields = isPlainObject(old) ? old : {};
    const nextFields = next as Record<string, unknown>;
    const rest = doc.getMap(section);
    for (const key of new Set([...Object.keys(oldFields), ...Object.keys(nextFields)])) {
      const [was, now] = [oldFields[key], nextFields[key]];
      if (was === now && before !== null) continue;
      const field = fieldShape(shape, key);
      if (field.kind === 'entities' && isEntityList(now)) {
        writeEntities(rootContainer(doc, section, key), field.of, isEntityList(was) ? was : [], now);
      } else if (field.kind === 'map' && isPlainObject(now)) {
        writeFields(doc.getMap(rootName(section, key)), field, isPlainObject(was) ? was : {}, now);
      } else if (now === undefined) {
        rest.delete(key);
      } else {
        writeField(rest, key, field, was, now);
      }
    }
  }
  writeGamification(doc, before, after);
}
