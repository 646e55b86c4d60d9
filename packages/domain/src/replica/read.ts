import * as Y from 'yjs';
import type { Block, Gamification, KanbanBoard, MindMap, Page, StudioData } from '../workspace/model.ts';
import { foldCompletions, orderedEvents } from './completions.ts';
import { COMPLETIONS_ROOT, fieldShape, GAMIFICATION_ROOT, LAID_OUT_SECTIONS, rootName, SECTION_SHAPES, type Shape } from './layout.ts';
import { readBlockElement } from './page-blocks.ts';
import { fromStoredValue, isPlain } from './plain-values.ts';
import { nestedContainer, rootContainer, type Container } from './write.ts';

// The document as StudioData (docs/decisions/061-yjs-merge-engine.md). A pure function of the document's state,
// so every tab holding the same updates shows the same data. A reader remembers what it read per Yjs type and
// forgets only the types a transaction changed (and their parents), so an edit re-reads one task, not the board,
// and the objects of untouched parts keep their identity. Merged states no single command makes are settled
// here, the same way everywhere: a task listed twice stays in its first place, an edge to a gone node is dropped…

type Entity = Record<string, unknown> & { id: string };

/** The column that holds tasks left with none (the same id everywhere, so every replica shows the same board). */
export const RECOVERED_COLUMN_ID = 'recovered-tasks';
const RECOVERED_COLUMN_TITLE = 'To-do';

const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The same list when every element is the same object as before; otherwise `next`. */
function sameOr<T>(previous: readonly T[] | undefined, next: T[]): T[] {
  if (previous?.length === next.length && previous.every((value, index) => value === next[index])) return previous as T[];
  return next;
}

export class WorkspaceReader {
  private readonly doc: Y.Doc;
  private readonly cache = new WeakMap<object, unknown>();
  /** A root order list's items map: a change to either is a change to the list. */
  private readonly partners = new WeakMap<object, object>();
  private readonly lastLists = new Map<string, unknown[]>();
  private readonly settled = new WeakMap<object, unknown>();
  private last: StudioData | null = null;

  constructor(doc: Y.Doc) {
    this.doc = doc;
    doc.on('afterTransaction', (transaction: Y.Transaction) => {
      for (const type of transaction.changed.keys()) this.forget(type);
      for (const type of transaction.changedParentTypes.keys()) this.forget(type);
    });
  }

  private forget(type: object): void {
    this.cache.delete(type);
    const partner = this.partners.get(type);
    if (partner) this.cache.delete(partner);
  }

  /** The workspace as the document holds it now. */
  read(): StudioData {
    const sections = this.sections();
    const next = {
      projects: sections.projects, pages: this.settlePages(sections.pages as Page[]),
      kanbanBoard: this.settleBoard(sections.kanbanBoard as KanbanBoard), mindMap: this.settleMindMap(sections.mindMap as MindMap),
      garden: sections.garden, gamification: sections.gamification,
    } as StudioData;
    const last = this.last;
    if (last && (Object.keys(next) as (keyof StudioData)[]).every((key) => last[key] === next[key])) return last;
    this.last = next;
    return next;
  }

  /**
   * The workspace as the document holds it, before the merged states are settled (a task left with no column is in
   * none here). A command's change is written against this, not against what it was shown: what settling decided
   * and the command kept (the task shown in the first column) is then written into the document, so the document
   * reads back as the command's result even after the column order changes.
   */
  unsettled(): StudioData {
    return this.sections() as unknown as StudioData;
  }

  private sections(): Record<string, unknown> {
    const sections: Record<string, unknown> = {};
    for (const section of LAID_OUT_SECTIONS) sections[section] = this.readSection(section);
    sections.gamification = this.readGamification();
    return sections;
  }

  private readSection(section: (typeof LAID_OUT_SECTIONS)[number]): unknown {
    const shape: Shape = SECTION_SHAPES[section];
    if (shape.kind === 'entities') return this.readRootList(section, shape.of, [section]);
    const rest = this.doc.getMap<unknown>(section);
    const value: Record<string, unknown> = { ...(this.readMap(rest, shape)) };
    for (const [key, field] of Object.entries(shape.kind === 'map' ? shape.fields ?? {} : {})) {
      if (field.kind === 'entities') value[key] = this.readRootList(rootName(section, key), field.of, [section, key]);
      else if (field.kind === 'map') value[key] = this.readMap(this.doc.getMap(rootName(section, key)), field);
    }
    const previous = this.lastLists.get(section)?.[0] as Record<string, unknown> | undefined;
    if (previous && Object.keys(previous).length === Object.keys(value).length
      && Object.keys(value).every((key) => previous[key] === value[key])) return previous;
    this.lastLists.set(section, [value]);
    return value;
  }

  private readRootList(name: string, of: Shape, path: string[]): Entity[] {
    const container = rootContainer(this.doc, ...path);
    this.partners.set(container.order, container.items);
    this.partners.set(container.items, container.order);
    const cached = this.cache.get(container.items) as Entity[] | undefined;
    if (cached) return cached;
    const list = sameOr(this.lastLists.get(name) as Entity[] | undefined, this.readList(container, of));
    this.lastLists.set(name, list);
    this.cache.set(container.items, list);
    return list;
  }

  /** Entities in list order, each once; an entity missing from the order (never lost) after them, by id. */
  private readList(container: Container, of: Shape): Entity[] {
    const seen = new Set<string>();
    const list: Entity[] = [];
    const take = (id: string) => {
      if (seen.has(id)) return;
      const item = container.items.get(id);
      if (!(item instanceof Y.Map)) return;
      seen.add(id);
      list.push(this.readMap(item, of) as Entity);
    };
    for (const id of container.order.toArray()) take(id);
    if (seen.size < container.items.size) [...container.items.keys()].filter((id) => !seen.has(id)).sort(compareIds).forEach(take);
    return list;
  }

  private readMap(map: Y.Map<unknown>, shape: Shape): Record<string, unknown> {
    const cached = this.cache.get(map) as Record<string, unknown> | undefined;
    if (cached) return cached;
    // A loop over the map rather than its entries spread and mapped, and a plain value (most fields: a title, a
    // date) taken as it is without asking its shape: a workspace's first read reads every task, on code not yet
    // compiled (bench:board's profiles of a later visit). A key such as '__proto__' (a field from elsewhere) is
    // defined, not assigned, so it stays a field.
    const value: Record<string, unknown> = {};
    map.forEach((entry, key) => {
      const read = isPlain(entry) ? entry : this.readValue(entry, fieldShape(shape, key));
      if (key === '__proto__') Object.defineProperty(value, key, { value: read, enumerable: true, writable: true, configurable: true });
      else value[key] = read;
    });
    this.cache.set(map, value);
    return value;
  }

  private readValue(value: unknown, shape: Shape): unknown {
    if (typeof value !== 'object' || value === null) return value;
    if (value instanceof Y.XmlFragment) return this.readBlocks(value);
    // A page's blocks in the layout of stored format 2 (a list of maps, the HTML a Y.Text): read to be upgraded.
    if (shape.kind === 'blocks' && value instanceof Y.Map) return this.readValue(value, { kind: 'entities', of: { kind: 'auto' } });
    if (value instanceof Y.Text) return value.toJSON();
    if (value instanceof Y.Array) return [...new Set(value.toArray() as unknown[])];
    if (value instanceof Y.Map) {
      const container = shape.kind === 'entities' ? nestedContainer(value) : null;
      if (!container || shape.kind !== 'entities') return this.readMap(value, shape);
      const cached = this.cache.get(value) as Entity[] | undefined;
      if (cached) return cached;
      const list = this.readList(container, shape.of);
      this.cache.set(value, list);
      return list;
    }
    return fromStoredValue(value);
  }

  /** A page's blocks from its fragment, each element read once until it changes; a repeated id read apart. */
  private readBlocks(fragment: Y.XmlFragment): Block[] {
    const cached = this.cache.get(fragment) as Block[] | undefined;
    if (cached) return cached;
    const seen = new Set<string>();
    const blocks: Block[] = [];
    for (const child of fragment.toArray()) {
      if (!(child instanceof Y.XmlElement)) continue;
      let block = this.cache.get(child) as Block | undefined;
      if (!block) {
        block = readBlockElement(child);
        this.cache.set(child, block);
      }
      if (seen.has(block.id)) block = readBlockElement(child, `${block.id}-${child._item?.id.client ?? 0}-${child._item?.id.clock ?? 0}`);
      seen.add(block.id);
      blocks.push(block);
    }
    this.cache.set(fragment, blocks);
    return blocks;
  }

  private readGamification(): Gamification {
    const base = this.readMap(this.doc.getMap(GAMIFICATION_ROOT), { kind: 'auto' });
    const events = this.doc.getMap<unknown>(COMPLETIONS_ROOT);
    const cached = this.cache.get(events) as { base: unknown; value: Gamification } | undefined;
    if (cached?.base === base) return cached.value;
    const value = foldCompletions(base as Gamification, orderedEvents(new Map(events.entries())));
    this.cache.set(events, { base, value });
    return value;
  }

  private memo<T extends object>(input: T, settle: (value: T) => T): T {
    const known = this.settled.get(input) as T | undefined;
    if (known) return known;
    const value = settle(input);
    this.settled.set(input, value);
    return value;
  }

  /** A page whose parent is gone (deleted in another tab as it was created) becomes a root page. */
  private settlePages(pages: Page[]): Page[] {
    return this.memo(pages, (list) => {
      const ids = new Set(list.map((page) => page.id));
      const fixed = list.map((page) => (page.parentId !== null && !ids.has(page.parentId) ? { ...page, parentId: null } : page));
      return sameOr(list, fixed);
    });
  }

  /** Each task in exactly one column (its first place in board order), only ids of tasks, none left out. */
  private settleBoard(board: KanbanBoard): KanbanBoard {
    return this.memo(board, (value) => {
      const seen = new Set<string>();
      const columns = value.columns.map((column) => {
        const itemIds = column.itemIds.filter((id) => {
          if (seen.has(id) || !Object.hasOwn(value.items, id)) return false;
          seen.add(id);
          return true;
        });
        return itemIds.length === column.itemIds.length ? column : { ...column, itemIds };
      });
      const unlisted = Object.keys(value.items).filter((id) => !seen.has(id)).sort(compareIds);
      const first = columns[0];
      if (first && unlisted.length > 0) columns[0] = { ...first, itemIds: [...first.itemIds, ...unlisted] };
      // Every column deleted in one tab while a task was added in another: the task gets a column back.
      if (!first && unlisted.length > 0) columns.push({ id: RECOVERED_COLUMN_ID, title: RECOVERED_COLUMN_TITLE, itemIds: unlisted });
      const next = sameOr(value.columns, columns);
      return next === value.columns ? value : { ...value, columns: next };
    });
  }

  /** Edges only between nodes that are there. */
  private settleMindMap(map: MindMap): MindMap {
    return this.memo(map, (value) => {
      const nodes = new Set(value.nodes.map((node) => node.id));
      const edges = value.edges.filter((edge) => nodes.has(edge.source) && nodes.has(edge.target));
      return edges.length === value.edges.length ? value : { ...value, edges };
    });
  }
}
