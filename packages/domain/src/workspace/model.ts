import * as z from 'zod/mini';
import en from 'zod/v4/locales/en.js';
import { isoDateStringSchema } from './iso-date.ts';

// The Studio data model (docs/product.md, Local-first storage): the one object stored under 'grove-data'. These schemas are the
// canonical shape; loading (load.ts) repairs stored data into it, and backups are validated by it.
// Defaults given with _default() are the product's own ("priority missing means medium"), not repairs.
// Every object inside the data is a looseObject: a field this version does not know (written by a newer or
// forked Grove) is kept through load, save, export and import rather than dropped (decision 039). Only the
// top level is closed: an unknown section there is reported as damage by load.ts.
// The schemas are zod's mini API (decision 079): every workspace screen loads them at its start, and the classic
// API's 90 KB (a method per schema) came with them. Its English messages are the same as the classic API's.

z.config(en());

const idSchema = z.string().check(z.minLength(1));

/**
 * The type of a loose schema's output without its `[key: string]: unknown` index signatures: the fields this
 * version knows. Values may carry more at run time; spreading an entry to change it keeps them. Records (an
 * index signature and no named field, like the board's items) stay records.
 */
type NamedKeys<T> = keyof { [K in keyof T as string extends K ? never : K]: true };
type Known<T> = T extends readonly (infer E)[]
  ? Known<E>[]
  : T extends object
    ? [NamedKeys<T>] extends [never]
        ? { [K in keyof T]: Known<T[K]> }
        : { [K in keyof T as string extends K ? never : K]: Known<T[K]> }
    : T;

export const PRIORITIES = ['high', 'medium', 'low'] as const;
export const prioritySchema = z.enum(PRIORITIES);
export type Priority = z.infer<typeof prioritySchema>;

// --- Projects -------------------------------------------------------------------------------------------

export const PROJECT_STATUSES = ['active', 'on-hold', 'completed'] as const;
export const projectStatusSchema = z.enum(PROJECT_STATUSES);
export type ProjectStatus = z.infer<typeof projectStatusSchema>;

export const MIN_TEAM_SIZE = 1;

export const projectSchema = z.looseObject({
  id: idSchema,
  name: z.string(),
  description: z._default(z.string(), ''),
  status: z._default(projectStatusSchema, 'active'),
  priority: z._default(prioritySchema, 'medium'),
  /** Percent complete, 0-100. */
  progress: z._default(z.number().check(z.minimum(0), z.maximum(100)), 0),
  teamSize: z._default(z.int().check(z.minimum(MIN_TEAM_SIZE)), MIN_TEAM_SIZE),
  dueDate: z.optional(isoDateStringSchema),
  createdAt: isoDateStringSchema,
});
export type Project = Known<z.infer<typeof projectSchema>>;

// --- Pages ----------------------------------------------------------------------------------------------

export const DEFAULT_PAGE_TITLE = 'Untitled';
export const DEFAULT_PAGE_ICON = '📄';

export const BLOCK_TYPES = ['paragraph', 'heading', 'todo'] as const;
export const blockTypeSchema = z.enum(BLOCK_TYPES);
export type BlockType = z.infer<typeof blockTypeSchema>;

export const blockSchema = z.looseObject({
  id: idSchema,
  type: blockTypeSchema,
  /** Rich text as HTML. */
  content: z._default(z.string(), ''),
  /** Meaningful for 'todo' blocks only. */
  checked: z.optional(z.boolean()),
});
export type Block = Known<z.infer<typeof blockSchema>>;

export const pageSchema = z.looseObject({
  id: idSchema,
  title: z._default(z.string(), DEFAULT_PAGE_TITLE),
  icon: z._default(z.string().check(z.minLength(1)), DEFAULT_PAGE_ICON),
  /** null for a root page. */
  parentId: z._default(z.nullable(idSchema), null),
  createdAt: isoDateStringSchema,
  content: z._default(z.array(blockSchema), []),
  /** An embedded data URL. */
  coverImage: z.optional(z.string()),
});
export type Page = Known<z.infer<typeof pageSchema>>;

// --- Kanban ---------------------------------------------------------------------------------------------

export const kanbanColumnSchema = z.looseObject({
  id: idSchema,
  title: z.string(),
  /** Task ids in display order; every task is in exactly one column. */
  itemIds: z.array(idSchema),
});
export type KanbanColumn = Known<z.infer<typeof kanbanColumnSchema>>;

export const kanbanItemSchema = z.looseObject({
  id: idSchema,
  /** The task's title. */
  content: z.string(),
  description: z._default(z.string(), ''),
  priority: z._default(prioritySchema, 'medium'),
  tags: z._default(z.array(z.string()), []),
  /** New tasks store a calendar date ('YYYY-MM-DD'); older data may hold a date-time. */
  dueDate: z.optional(isoDateStringSchema),
});
export type KanbanItem = Known<z.infer<typeof kanbanItemSchema>>;

export const kanbanBoardSchema = z.looseObject({
  /** In display order. */
  columns: z.array(kanbanColumnSchema),
  /** Keyed by id, so a move changes two columns' itemIds and no task. */
  items: z.record(idSchema, kanbanItemSchema),
});
export type KanbanBoard = Known<z.infer<typeof kanbanBoardSchema>>;

// --- Mind map -------------------------------------------------------------------------------------------

export const MIND_MAP_NODE_TYPE = 'customText';

export const mindMapNodeSchema = z.looseObject({
  id: idSchema,
  type: z._default(z.literal(MIND_MAP_NODE_TYPE), MIND_MAP_NODE_TYPE),
  position: z.looseObject({ x: z.number(), y: z.number() }),
  data: z.looseObject({
    label: z.string(),
    style: z.optional(z.looseObject({ backgroundColor: z.optional(z.string()) })),
  }),
  selected: z.optional(z.boolean()),
});
export type MindMapNode = Known<z.infer<typeof mindMapNodeSchema>>;

export const mindMapEdgeSchema = z.looseObject({
  id: idSchema,
  source: idSchema,
  target: idSchema,
});
export type MindMapEdge = Known<z.infer<typeof mindMapEdgeSchema>>;

export const mindMapSchema = z.looseObject({
  nodes: z.array(mindMapNodeSchema),
  edges: z.array(mindMapEdgeSchema),
});
export type MindMap = Known<z.infer<typeof mindMapSchema>>;

// --- Garden ---------------------------------------------------------------------------------------------

export const MAX_GROWTH_STAGE = 3;
export const GARDEN_SOURCE_TYPES = ['task', 'project', 'page'] as const;
export const GARDEN_STATUSES = ['healthy', 'wilting', 'dead'] as const;
export const gardenStatusSchema = z.enum(GARDEN_STATUSES);
export type GardenStatus = z.infer<typeof gardenStatusSchema>;
export type GardenSourceType = (typeof GARDEN_SOURCE_TYPES)[number];

export const gardenEntrySchema = z.looseObject({
  /** Equal to the source task's id: one tree per task. */
  id: idSchema,
  sourceId: idSchema,
  sourceType: z._default(z.enum(GARDEN_SOURCE_TYPES), 'task'),
  /** 0 Sprout, 1 Sapling, 2 Small Tree, 3 Full Tree. */
  growthStage: z.int().check(z.minimum(0), z.maximum(MAX_GROWTH_STAGE)),
  status: z._default(gardenStatusSchema, 'healthy'),
  createdAt: isoDateStringSchema,
});
export type GardenEntry = Known<z.infer<typeof gardenEntrySchema>>;

// --- Gamification ---------------------------------------------------------------------------------------

export const MAX_LEVEL = 7;
export const DECORATIONS = ['flowers', 'pond', 'path'] as const;
export const decorationSchema = z.enum(DECORATIONS);
export type Decoration = z.infer<typeof decorationSchema>;

export const gamificationSchema = z.looseObject({
  score: z.number().check(z.minimum(0)),
  level: z.int().check(z.minimum(1), z.maximum(MAX_LEVEL)),
  streak: z.int().check(z.minimum(0)),
  /** Day of the last completed task; null before the first. */
  lastCompletedDate: z.nullable(isoDateStringSchema),
  unlockedDecorations: z.array(decorationSchema),
  /**
   * Vacation mode (docs/decisions/073-garden-vacation-mode.md): on from `since` while `until` is absent; after it
   * is turned off, the last one is kept, so its days keep not counting.
   */
  vacation: z.optional(z.object({ since: isoDateStringSchema, until: z.optional(isoDateStringSchema) })),
});
export type Gamification = Known<z.infer<typeof gamificationSchema>>;

// --- Studio data ----------------------------------------------------------------------------------------

export const STUDIO_SECTIONS = ['projects', 'pages', 'kanbanBoard', 'mindMap', 'garden', 'gamification'] as const;
export type StudioSection = (typeof STUDIO_SECTIONS)[number];

export const studioDataSchema = z.object({
  projects: z.array(projectSchema),
  pages: z.array(pageSchema),
  kanbanBoard: kanbanBoardSchema,
  mindMap: mindMapSchema,
  /** Oldest first: the garden draws trees in this order. */
  garden: z.array(gardenEntrySchema),
  gamification: gamificationSchema,
});
export type StudioData = Known<z.infer<typeof studioDataSchema>>;
