// Test support only: fast-check arbitraries of valid, already normal Studio data (what loading produces),
// for property tests here and in the feature domains built on the model. Never imported by app code.
import fc from 'fast-check';
import { sanitizeBlockHtml } from '../workspace/block-html.ts';
import {
  BLOCK_TYPES, DECORATIONS, GARDEN_SOURCE_TYPES, GARDEN_STATUSES, MAX_GROWTH_STAGE, MAX_LEVEL, PRIORITIES, PROJECT_STATUSES,
  type Block, type Gamification, type GardenEntry, type KanbanBoard, type KanbanColumn, type KanbanItem, type MindMap,
  type MindMapEdge, type MindMapNode, type Page, type Project, type StudioData,
} from '../workspace/model.ts';

export const idArb = fc.string({ minLength: 1, maxLength: 12 }).filter((id) => id !== '__proto__');

const dateArb = fc.date({ min: new Date('1970-01-01T00:00:00.000Z'), max: new Date('2200-01-01T00:00:00.000Z'), noInvalidDate: true });
export const isoDateTimeArb = dateArb.map((date) => date.toISOString());
export const isoCalendarDateArb = dateArb.map((date) => date.toISOString().slice(0, 10));
export const isoDateArb = fc.oneof(isoDateTimeArb, isoCalendarDateArb);

// JSON turns -0 into 0; adding 0 does the same, so generated numbers survive a round trip unchanged.
const finiteArb = fc.double({ min: -1e9, max: 1e9, noNaN: true }).map((value) => value + 0);

/** Distinct ids, one per element of the returned list. */
const uniqueIdsArb = (minLength: number, maxLength: number) => fc.uniqueArray(idArb, { minLength, maxLength });

export const projectArb: fc.Arbitrary<Project> = fc.record({
  id: idArb,
  name: fc.string(),
  description: fc.string(),
  status: fc.constantFrom(...PROJECT_STATUSES),
  priority: fc.constantFrom(...PRIORITIES),
  progress: fc.integer({ min: 0, max: 100 }),
  teamSize: fc.integer({ min: 1, max: 500 }),
  dueDate: isoDateArb,
  createdAt: isoDateTimeArb,
}, { requiredKeys: ['id', 'name', 'description', 'status', 'priority', 'progress', 'teamSize', 'createdAt'] });

/** Rich text as loading leaves it: the editor's own HTML form (decision 049). */
export const blockHtmlArb = fc.oneof(
  fc.string(),
  fc.array(fc.oneof(fc.string(), fc.constantFrom('<strong>', '</strong>', '<em>', '</em>', '<code>', '</code>', '<br>', '</a>',
    '<a href="https://example.com/?a=1&amp;b=2">', '<a href="/pages/1">', '&nbsp;', '&amp;', '&lt;')), { maxLength: 12 }).map((parts) => parts.join('')),
).map(sanitizeBlockHtml);

const blockFieldsArb = fc.record({
  type: fc.constantFrom(...BLOCK_TYPES),
  content: blockHtmlArb,
  checked: fc.boolean(),
}, { requiredKeys: ['type', 'content'] });

const blocksArb: fc.Arbitrary<Block[]> = uniqueIdsArb(0, 4).chain((ids) =>
  fc.tuple(...ids.map((id) => blockFieldsArb.map((fields) => ({ id, ...fields })))));

const pageFieldsArb = fc.record({
  title: fc.string(),
  icon: fc.string({ minLength: 1, maxLength: 4 }),
  createdAt: isoDateTimeArb,
  content: blocksArb,
  coverImage: fc.constant('data:image/png;base64,iVBORw0KGgo='),
}, { requiredKeys: ['title', 'icon', 'createdAt', 'content'] });

/** Each page's parent is an earlier page or none, so the tree has no loops and no missing parents. */
export const pagesArb: fc.Arbitrary<Page[]> = uniqueIdsArb(0, 6).chain((ids) =>
  fc.tuple(...ids.map((id, index) => fc.record({
    fields: pageFieldsArb,
    parentId: index === 0 ? fc.constant(null) : fc.option(fc.constantFrom(...ids.slice(0, index)), { nil: null }),
  }).map(({ fields, parentId }) => ({ id, parentId, ...fields })))));

const itemFieldsArb = fc.record({
  content: fc.string(),
  description: fc.string(),
  priority: fc.constantFrom(...PRIORITIES),
  tags: fc.array(fc.string(), { maxLength: 3 }),
  dueDate: isoDateArb,
}, { requiredKeys: ['content', 'description', 'priority', 'tags'] });

/** At least one column (a board with none would be re-seeded), every task in exactly one column. */
export const boardArb: fc.Arbitrary<KanbanBoard> = fc.record({
  columnIds: uniqueIdsArb(1, 5),
  itemIds: uniqueIdsArb(0, 10),
}).chain(({ columnIds, itemIds }) => fc.record({
  titles: fc.tuple(...columnIds.map(() => fc.string())),
  homes: fc.tuple(...itemIds.map(() => fc.nat({ max: columnIds.length - 1 }))),
  fields: fc.tuple(...itemIds.map(() => itemFieldsArb)),
}).map(({ titles, homes, fields }): KanbanBoard => {
  const columns: KanbanColumn[] = columnIds.map((id, index) => ({ id, title: titles[index] ?? '', itemIds: [] }));
  const items: [string, KanbanItem][] = itemIds.map((id, index) => {
    columns[homes[index] ?? 0]?.itemIds.push(id);
    return [id, { id, ...(fields[index] ?? { content: '', description: '', priority: 'medium', tags: [] }) }];
  });
  return { columns, items: Object.fromEntries(items) };
}));

const nodeFieldsArb = fc.record({
  position: fc.record({ x: finiteArb, y: finiteArb }),
  label: fc.string(),
  style: fc.record({ backgroundColor: fc.constantFrom('#ffffff', '#fee2e2', '#dbeafe', '#d1fae5', '#fef3c7', '#f3e8ff') }, { requiredKeys: [] }),
  selected: fc.boolean(),
}, { requiredKeys: ['position', 'label'] });

/** At least one node (an empty map is replaced by the default), edges only between existing nodes. */
export const mindMapArb: fc.Arbitrary<MindMap> = fc.record({
  nodeIds: uniqueIdsArb(1, 6),
  edgeIds: uniqueIdsArb(0, 6),
}).chain(({ nodeIds, edgeIds }) => fc.record({
  nodes: fc.tuple(...nodeIds.map((id) => nodeFieldsArb.map(({ position, label, style, selected }): MindMapNode => ({
    id,
    type: 'customText',
    position,
    data: style === undefined ? { label } : { label, style },
    ...(selected === undefined ? {} : { selected }),
  })))),
  edges: fc.tuple(...edgeIds.map((id) => fc.record({
    source: fc.constantFrom(...nodeIds),
    target: fc.constantFrom(...nodeIds),
  }).map((ends): MindMapEdge => ({ id, ...ends })))),
}));

export const gardenArb: fc.Arbitrary<GardenEntry[]> = uniqueIdsArb(0, 6).chain((ids) => fc.tuple(...ids.map((id) => fc.record({
  sourceType: fc.constantFrom(...GARDEN_SOURCE_TYPES),
  growthStage: fc.integer({ min: 0, max: MAX_GROWTH_STAGE }),
  status: fc.constantFrom(...GARDEN_STATUSES),
  createdAt: isoDateTimeArb,
}).map((fields) => ({ id, sourceId: id, ...fields })))));

export const gamificationArb: fc.Arbitrary<Gamification> = fc.record({
  score: fc.integer({ min: 0, max: 1_000_000 }),
  level: fc.integer({ min: 1, max: MAX_LEVEL }),
  streak: fc.integer({ min: 0, max: 3650 }),
  lastCompletedDate: fc.option(isoCalendarDateArb, { nil: null }),
  unlockedDecorations: fc.subarray([...DECORATIONS]),
  vacation: fc.option(fc.record({ since: isoCalendarDateArb, until: isoCalendarDateArb }, { requiredKeys: ['since'] }), { nil: undefined }),
}, { requiredKeys: ['score', 'level', 'streak', 'lastCompletedDate', 'unlockedDecorations'] });

export const studioDataArb: fc.Arbitrary<StudioData> = fc.record({
  projects: fc.uniqueArray(projectArb, { maxLength: 5, selector: (project) => project.id }),
  pages: pagesArb,
  kanbanBoard: boardArb,
  mindMap: mindMapArb,
  garden: gardenArb,
  gamification: gamificationArb,
});

// --- Fields from a newer or forked Grove ----------------------------------------------------------------

/** Every field name the model knows, at any level: an unknown field must be none of them. */
const KNOWN_FIELDS = new Set([
  'id', 'name', 'description', 'status', 'priority', 'progress', 'teamSize', 'dueDate', 'createdAt',
  'type', 'content', 'checked', 'title', 'icon', 'parentId', 'coverImage',
  'itemIds', 'tags', 'columns', 'items',
  'position', 'x', 'y', 'data', 'label', 'style', 'backgroundColor', 'selected', 'source', 'target', 'nodes', 'edges',
  'sourceId', 'sourceType', 'growthStage',
  'score', 'level', 'streak', 'lastCompletedDate', 'unlockedDecorations', 'vacation', 'since', 'until',
]);

/** A few fields this version does not know, with any JSON value. */
export const unknownFieldsArb: fc.Arbitrary<Record<string, unknown>> = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 10 }).filter((key) => !KNOWN_FIELDS.has(key) && key !== '__proto__'),
  // Through JSON once, as stored data always is (it turns -0 into 0).
  fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.parse(JSON.stringify(value)) as unknown),
  { maxKeys: 2, noNullPrototype: true },
);

type AddFields = <T extends object>(value: T) => T;

/** Every object inside the data (entries, their nested objects, the board, the map, gamification), through `add`. */
function eachObject(data: StudioData, add: AddFields): StudioData {
  return {
    projects: data.projects.map((project) => add(project)),
    pages: data.pages.map((page) => add({ ...page, content: page.content.map((block) => add(block)) })),
    kanbanBoard: add({
      columns: data.kanbanBoard.columns.map((column) => add(column)),
      items: Object.fromEntries(Object.entries(data.kanbanBoard.items).map(([id, item]) => [id, add(item)])),
    }),
    mindMap: add({
      nodes: data.mindMap.nodes.map((node) => add({
        ...node,
        position: add(node.position),
        data: add(node.data.style ? { ...node.data, style: add(node.data.style) } : node.data),
      })),
      edges: data.mindMap.edges.map((edge) => add(edge)),
    }),
    garden: data.garden.map((entry) => add(entry)),
    gamification: add(data.gamification),
  };
}

/** The same data with unknown fields added to some of the objects inside it, as a newer Grove might write. */
export function withUnknownFieldsArb(data: StudioData): fc.Arbitrary<StudioData> {
  let count = 0;
  eachObject(data, (value) => {
    count += 1;
    return value;
  });
  return fc.array(unknownFieldsArb, { minLength: count, maxLength: count }).map((extras) => {
    let next = 0;
    return eachObject(data, (value) => ({ ...extras[next++], ...value }));
  });
}

/** Valid Studio data whose objects carry fields this version does not know. */
export const studioDataWithUnknownFieldsArb: fc.Arbitrary<StudioData> = studioDataArb.chain(withUnknownFieldsArb);

/** The same data with `fields` added to every object inside it (an object's own fields win). */
export function withFieldsOnEveryObject(data: StudioData, fields: Record<string, unknown>): StudioData {
  return eachObject(data, (value) => ({ ...fields, ...value }));
}
