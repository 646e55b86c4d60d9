import { levelProgress, type LevelProgress } from '../gamification/levels.ts';
import {
  DECORATIONS, type Decoration, type Gamification, type GardenEntry, type GardenStatus, type KanbanItem, type Page, type Project,
  type StudioData,
} from '../workspace/model.ts';
import { shallowEqualArrays } from '../workspace/selectors.ts';

// What the Garden screen reads (docs/product.md, Garden): its trees, oldest first, with the name of what each
// grew from, and the decorations to draw. Memoised like workspace/selectors.ts, so an unchanged garden
// gives the same list and the same tree objects.

export type StageKey = 'sprout' | 'sapling' | 'smallTree' | 'fullTree' | 'unknown';

const STAGE_KEYS: readonly StageKey[] = ['sprout', 'sapling', 'smallTree', 'fullTree'];

/** The picture and label of a growth stage: 0 Sprout … 3 Full Tree; anything else (imported data) is unknown. */
export function stageKey(growthStage: number): StageKey {
  return (Number.isInteger(growthStage) ? STAGE_KEYS[growthStage] : undefined) ?? 'unknown';
}

export interface GardenTree {
  readonly entry: GardenEntry;
  /** The source task's content, project's name or page's title; null when the item is gone ('Item not found'). */
  readonly sourceTitle: string | null;
  readonly stage: StageKey;
  readonly status: GardenStatus;
}

function sourceTitle(
  entry: GardenEntry,
  items: Record<string, KanbanItem>,
  projects: readonly Project[],
  pages: readonly Page[],
): string | null {
  switch (entry.sourceType) {
    case 'task':
      return Object.hasOwn(items, entry.sourceId) ? (items[entry.sourceId]?.content ?? null) : null;
    case 'project':
      return projects.find((project) => project.id === entry.sourceId)?.name ?? null;
    case 'page':
      return pages.find((page) => page.id === entry.sourceId)?.title ?? null;
  }
}

/** Oldest first by creation time; entries with the same time (or an unreadable one) keep their stored order. */
function oldestFirst(garden: readonly GardenEntry[]): GardenEntry[] {
  const time = (entry: GardenEntry) => {
    const parsed = Date.parse(entry.createdAt);
    return Number.isNaN(parsed) ? Number.POSITIVE_INFINITY : parsed;
  };
  return garden
    .map((entry, index) => ({ entry, index, at: time(entry) }))
    .sort((a, b) => (a.at === b.at ? a.index - b.index : a.at < b.at ? -1 : 1))
    .map(({ entry }) => entry);
}

interface TreesCache {
  readonly garden: GardenEntry[];
  readonly items: Record<string, KanbanItem>;
  readonly projects: Project[];
  readonly pages: Page[];
  readonly trees: GardenTree[];
}

let treesCache: TreesCache | undefined;
const treeByEntry = new WeakMap<GardenEntry, GardenTree>();

/** The garden's trees, oldest first; the same list (and tree objects) while neither the trees nor their sources change. */
export function selectGardenTrees(data: StudioData): GardenTree[] {
  const { garden, projects, pages } = data;
  const { items } = data.kanbanBoard;
  const cached = treesCache;
  if (cached && cached.garden === garden && cached.items === items && cached.projects === projects && cached.pages === pages) {
    return cached.trees;
  }
  const trees = oldestFirst(garden).map((entry): GardenTree => {
    const title = sourceTitle(entry, items, projects, pages);
    const previous = treeByEntry.get(entry);
    if (previous && previous.sourceTitle === title) return previous;
    const tree = { entry, sourceTitle: title, stage: stageKey(entry.growthStage), status: entry.status };
    treeByEntry.set(entry, tree);
    return tree;
  });
  const result = cached && shallowEqualArrays(cached.trees, trees) ? cached.trees : trees;
  treesCache = { garden, items, projects, pages, trees: result };
  return result;
}

export type UnlockedDecorations = Readonly<Record<Decoration, boolean>>;

const unlockedCache = new WeakMap<Decoration[], UnlockedDecorations>();

/** Which decorations to draw (three flowers, a pond, a path); the same object while the unlocked list is unchanged. */
export function selectUnlockedDecorations(data: StudioData): UnlockedDecorations {
  const list = data.gamification.unlockedDecorations;
  const cached = unlockedCache.get(list);
  if (cached) return cached;
  const entries = DECORATIONS.map((decoration) => [decoration, list.includes(decoration)] as const);
  const unlocked = Object.fromEntries(entries) as Record<Decoration, boolean>;
  unlockedCache.set(list, unlocked);
  return unlocked;
}

const progressCache = new WeakMap<Gamification, LevelProgress>();

/** The header card's bar towards the next level; the same object while the gamification state is unchanged. */
export function selectLevelProgress(data: StudioData): LevelProgress {
  const cached = progressCache.get(data.gamification);
  if (cached) return cached;
  const progress = levelProgress(data.gamification);
  progressCache.set(data.gamification, progress);
  return progress;
}
