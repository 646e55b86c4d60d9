import { z } from 'zod';
import { isoDateStringSchema } from './iso-date.ts';

// The Studio data model (spec section 3): the one object stored under 'grove-data'. These schemas are the
// canonical, strict shape; loading (load.ts) repairs stored data into it, and backups are validated by it.
// Defaults given with .default() are the spec's own ("priority missing means medium"), not repairs.

const idSchema = z.string().min(1);

export const PRIORITIES = ['high', 'medium', 'low'] as const;
export const prioritySchema = z.enum(PRIORITIES);
export type Priority = z.infer<typeof prioritySchema>;

// --- Projects -------------------------------------------------------------------------------------------

export const PROJECT_STATUSES = ['active', 'on-hold', 'completed'] as const;
export const projectStatusSchema = z.enum(PROJECT_STATUSES);
export type ProjectStatus = z.infer<typeof projectStatusSchema>;

export const MIN_TEAM_SIZE = 1;

export const projectSchema = z.object({
  id: idSchema,
  name: z.string(),
  description: z.string().default(''),
  status: projectStatusSchema.default('active'),
  priority: prioritySchema.default('medium'),
  /** Percent complete, 0-100. */
  progress: z.number().min(0).max(100).default(0),
  teamSize: z.number().int().min(MIN_TEAM_SIZE).default(MIN_TEAM_SIZE),
  dueDate: isoDateStringSchema.optional(),
  createdAt: isoDateStringSchema,
});
export type Project = z.infer<typeof projectSchema>;

// --- Pages ----------------------------------------------------------------------------------------------

export const DEFAULT_PAGE_TITLE = 'Untitled';
export const DEFAULT_PAGE_ICON = '📄';

export const BLOCK_TYPES = ['paragraph', 'heading', 'todo'] as const;
export const blockTypeSchema = z.enum(BLOCK_TYPES);
export type BlockType = z.infer<typeof blockTypeSchema>;

export const blockSchema = z.object({
  id: idSchema,
  type: blockTypeSchema,
  /** Rich text as HTML. */
  content: z.string().default(''),
  /** Meaningful for 'todo' blocks only. */
  checked: z.boolean().optional(),
});
export type Block = z.infer<typeof blockSchema>;

export const pageSchema = z.object({
  id: idSchema,
  title: z.string().default(DEFAULT_PAGE_TITLE),
  icon: z.string().min(1).default(DEFAULT_PAGE_ICON),
  /** null for a root page. */
  parentId: idSchema.nullable().default(null),
  createdAt: isoDateStringSchema,
  content: z.array(blockSchema).default([]),
  /** An embedded data URL. */
  coverImage: z.string().optional(),
});
export type Page = z.infer<typeof pageSchema>;

// --- Kanban ---------------------------------------------------------------------------------------------

export const kanbanColumnSchema = z.object({
  id: idSchema,
  title: z.string(),
  /** Task ids in display order; every task is in exactly one column. */
  itemIds: z.array(idSchema),
});
export type KanbanColumn = z.infer<typeof kanbanColumnSchema>;

export const kanbanItemSchema = z.object({
  id: idSchema,
  /** The task's title. */
  content: z.string(),
  description: z.string().default(''),
  priority: prioritySchema.default('medium'),
  tags: z.array(z.string()).default([]),
  /** New tasks store a calendar date ('YYYY-MM-DD'); older data may hold a date-time. */
  dueDate: isoDateStringSchema.optional(),
});
export type KanbanItem = z.infer<typeof kanbanItemSchema>;

export const kanbanBoardSchema = z.object({
  /** In display order. */
  columns: z.array(kanbanColumnSchema),
  /** Keyed by id, so a move changes two columns' itemIds and no task. */
  items: z.record(idSchema, kanbanItemSchema),
});
export type KanbanBoard = z.infer<typeof kanbanBoardSchema>;

// --- Mind map -------------------------------------------------------------------------------------------

export const MIND_MAP_NODE_TYPE = 'customText';

export const mindMapNodeSchema = z.object({
  id: idSchema,
  type: z.literal(MIND_MAP_NODE_TYPE).default(MIND_MAP_NODE_TYPE),
  position: z.object({ x: z.number(), y: z.number() }),
  data: z.object({
    label: z.string(),
    style: z.object({ backgroundColor: z.string().optional() }).optional(),
  }),
  selected: z.boolean().optional(),
});
export type MindMapNode = z.infer<typeof mindMapNodeSchema>;

export const mindMapEdgeSchema = z.object({
  id: idSchema,
  source: idSchema,
  target: idSchema,
});
export type MindMapEdge = z.infer<typeof mindMapEdgeSchema>;

export const mindMapSchema = z.object({
  nodes: z.array(mindMapNodeSchema),
  edges: z.array(mindMapEdgeSchema),
});
export type MindMap = z.infer<typeof mindMapSchema>;

// --- Garden ---------------------------------------------------------------------------------------------

export const MAX_GROWTH_STAGE = 3;
export const GARDEN_SOURCE_TYPES = ['task', 'project', 'page'] as const;
export const GARDEN_STATUSES = ['healthy', 'wilting', 'dead'] as const;
export const gardenStatusSchema = z.enum(GARDEN_STATUSES);
export type GardenStatus = z.infer<typeof gardenStatusSchema>;
export type GardenSourceType = (typeof GARDEN_SOURCE_TYPES)[number];

export const gardenEntrySchema = z.object({
  /** Equal to the source task's id: one tree per task. */
  id: idSchema,
  sourceId: idSchema,
  sourceType: z.enum(GARDEN_SOURCE_TYPES).default('task'),
  /** 0 Sprout, 1 Sapling, 2 Small Tree, 3 Full Tree. */
  growthStage: z.number().int().min(0).max(MAX_GROWTH_STAGE),
  status: gardenStatusSchema.default('healthy'),
  createdAt: isoDateStringSchema,
});
export type GardenEntry = z.infer<typeof gardenEntrySchema>;

// --- Gamification ---------------------------------------------------------------------------------------

export const MAX_LEVEL = 7;
export const DECORATIONS = ['flowers', 'pond', 'path'] as const;
export const decorationSchema = z.enum(DECORATIONS);
export type Decoration = z.infer<typeof decorationSchema>;

export const gamificationSchema = z.object({
  score: z.number().min(0),
  level: z.number().int().min(1).max(MAX_LEVEL),
  streak: z.number().int().min(0),
  /** Day of the last completed task; null before the first. */
  lastCompletedDate: isoDateStringSchema.nullable(),
  unlockedDecorations: z.array(decorationSchema),
});
export type Gamification = z.infer<typeof gamificationSchema>;

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
export type StudioData = z.infer<typeof studioDataSchema>;
