import { createIdGenerator } from '@grove/domain/workspace/ids';
import { loadWorkspace } from '@grove/domain/workspace/load';
import {
  BLOCK_TYPES, DECORATIONS, PRIORITIES, PROJECT_STATUSES,
  type Block, type GardenEntry, type KanbanColumn, type KanbanItem, type MindMapEdge, type MindMapNode, type Page,
  type Project, type StudioData,
} from '@grove/domain/workspace/model';
import { createEnvelope } from '@grove/domain/workspace/schema-version';

// A large, realistic workspace for the store benchmark: the same every run (seeded), shaped like a heavy
// user's data (long task descriptions, pages of rich text, a big mind map, a garden grown from completed
// tasks), and valid for the domain schemas, so loading measures parsing and checking, not repairing.

/** The counts were tuned so the stored envelope is about 3 MB of JSON. */
export const WORKSPACE_SHAPE = { projects: 120, pages: 160, blocksPerPage: 12, tasks: 3000, mindMapNodes: 600, gardenEntries: 1800 };

const BASE_TIME = Date.UTC(2026, 0, 5, 9, 0, 0);
const DAY_MS = 86_400_000;

/** mulberry32: small, fast and good enough for test data; seeded so every run builds the same workspace. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const WORDS = (
  'review draft design sprint client budget release notes meeting agenda research prototype feedback '
  + 'roadmap backlog estimate deploy migrate refactor test document interview survey analytics report '
  + 'invoice contract onboarding workshop launch campaign newsletter garden schedule follow-up milestone '
  + 'quarterly planning retro accessibility performance security dashboard mobile offline sync export'
).split(' ');
const TAGS = ['design', 'dev', 'ops', 'marketing', 'urgent', 'research', 'writing', 'personal', 'finance', 'q3', 'blocked', 'review'];
const COLORS = ['#fde68a', '#bbf7d0', '#bfdbfe', '#fecaca', '#e9d5ff', '#fed7aa'];
const ICONS = ['📄', '📝', '📚', '🗂️', '💡', '🌱'];

interface Pick {
  random: () => number;
  int: (min: number, max: number) => number;
  one: <T>(list: readonly T[]) => T;
  words: (min: number, max: number) => string;
  sentence: (min: number, max: number) => string;
  isoDay: (fromDays: number, toDays: number) => string;
}

function picker(random: () => number): Pick {
  const int = (min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
  const one = <T>(list: readonly T[]): T => list[int(0, list.length - 1)] as T;
  const words = (min: number, max: number): string => Array.from({ length: int(min, max) }, () => one(WORDS)).join(' ');
  const sentence = (min: number, max: number): string => {
    const text = words(min, max);
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  };
  const isoDay = (fromDays: number, toDays: number): string => {
    return new Date(BASE_TIME + int(fromDays, toDays) * DAY_MS).toISOString().slice(0, 10);
  };
  return { random, int, one, words, sentence, isoDay };
}

function blockContent(pick: Pick, type: Block['type']): string {
  if (type === 'heading') return pick.sentence(2, 6).slice(0, -1);
  if (type === 'todo') return pick.sentence(4, 10);
  // Paragraphs carry the inline markup the editor writes, in its own form (decision 049): marks and links only,
  // no <p> around them, so loading keeps them as they are.
  return `${pick.sentence(12, 30)} <strong>${pick.words(1, 3)}</strong> ${pick.sentence(8, 20)} `
    + `<a href="https://example.com/${pick.one(WORDS)}">${pick.words(1, 2)}</a> <em>${pick.words(2, 4)}</em>.`;
}

function buildPages(pick: Pick, newId: (kind: 'page' | 'block') => string): Page[] {
  const pages: Page[] = [];
  for (let index = 0; index < WORKSPACE_SHAPE.pages; index += 1) {
    // A shallow tree: a quarter of the pages are roots, the rest hang under an earlier page.
    const parent = index % 4 === 0 || pages.length === 0 ? null : pick.one(pages).id;
    const content: Block[] = Array.from({ length: WORKSPACE_SHAPE.blocksPerPage }, () => {
      const type = pick.one(BLOCK_TYPES);
      const block: Block = { id: newId('block'), type, content: blockContent(pick, type) };
      if (type === 'todo') block.checked = pick.random() < 0.4;
      return block;
    });
    pages.push({
      id: newId('page'), title: pick.sentence(2, 5).slice(0, -1), icon: pick.one(ICONS), parentId: parent,
      createdAt: new Date(BASE_TIME - pick.int(0, 300) * DAY_MS).toISOString(), content,
    });
  }
  return pages;
}

function buildBoard(pick: Pick, newId: (kind: 'item' | 'column') => string): StudioData['kanbanBoard'] {
  const columns: KanbanColumn[] = ['To Do', 'In Progress', 'Review', 'Done'].map((title) => ({ id: newId('column'), title, itemIds: [] }));
  const items: Record<string, KanbanItem> = {};
  for (let index = 0; index < WORKSPACE_SHAPE.tasks; index += 1) {
    const id = newId('item');
    const item: KanbanItem = {
      id, content: pick.sentence(3, 8).slice(0, -1),
      description: Array.from({ length: pick.int(2, 6) }, () => pick.sentence(8, 18)).join(' '),
      priority: pick.one(PRIORITIES),
      tags: Array.from(new Set(Array.from({ length: pick.int(0, 4) }, () => pick.one(TAGS)))),
    };
    if (pick.random() < 0.7) item.dueDate = pick.isoDay(-30, 90);
    items[id] = item;
    pick.one(columns).itemIds.push(id);
  }
  return { columns, items };
}

function buildMindMap(pick: Pick, newId: (kind: 'node' | 'edge') => string): StudioData['mindMap'] {
  const nodes: MindMapNode[] = [];
  const edges: MindMapEdge[] = [];
  for (let index = 0; index < WORKSPACE_SHAPE.mindMapNodes; index += 1) {
    const node: MindMapNode = {
      id: newId('node'), type: 'customText',
      position: { x: index === 0 ? 0 : pick.int(-4000, 4000), y: index === 0 ? 0 : pick.int(-3000, 3000) },
      data: { label: index === 0 ? 'Central Idea' : pick.sentence(1, 5).slice(0, -1) },
    };
    if (pick.random() < 0.3) node.data.style = { backgroundColor: pick.one(COLORS) };
    const parent = nodes.length === 0 ? null : pick.one(nodes);
    nodes.push(node);
    if (parent) edges.push({ id: newId('edge'), source: parent.id, target: node.id });
  }
  return { nodes, edges };
}

function buildProjects(pick: Pick, newId: (kind: 'project') => string): Project[] {
  return Array.from({ length: WORKSPACE_SHAPE.projects }, (): Project => {
    const project: Project = {
      id: newId('project'), name: pick.sentence(2, 4).slice(0, -1), description: pick.sentence(15, 40),
      status: pick.one(PROJECT_STATUSES), priority: pick.one(PRIORITIES), progress: pick.int(0, 100), teamSize: pick.int(1, 12),
      createdAt: new Date(BASE_TIME - pick.int(0, 400) * DAY_MS).toISOString(),
    };
    if (pick.random() < 0.8) project.dueDate = pick.isoDay(0, 180);
    return project;
  });
}

function buildGarden(pick: Pick, taskIds: string[]): GardenEntry[] {
  // One tree per completed task, oldest first, as the garden stores them.
  return taskIds.slice(0, WORKSPACE_SHAPE.gardenEntries).map((id, index) => ({
    id, sourceId: id, sourceType: 'task', growthStage: pick.int(0, 3), status: pick.random() < 0.9 ? 'healthy' : 'wilting',
    createdAt: new Date(BASE_TIME - (WORKSPACE_SHAPE.gardenEntries - index) * 3_600_000).toISOString(),
  }));
}

/** Builds the workspace and checks that the domain loads it unchanged, with nothing to repair. */
export function generateWorkspace(seed = 20260105): StudioData {
  const random = seededRandom(seed);
  const pick = picker(random);
  const newId = createIdGenerator({ now: () => BASE_TIME, random });
  const kanbanBoard = buildBoard(pick, newId);
  const data: StudioData = {
    projects: buildProjects(pick, newId),
    pages: buildPages(pick, newId),
    kanbanBoard,
    mindMap: buildMindMap(pick, newId),
    garden: buildGarden(pick, Object.keys(kanbanBoard.items)),
    gamification: { score: 18_450, level: 7, streak: 42, lastCompletedDate: '2026-01-04', unlockedDecorations: [...DECORATIONS] },
  };
  const loaded = loadWorkspace(createEnvelope(data, 1), new Date(BASE_TIME));
  if (!loaded.ok || loaded.repairs.length > 0) {
    throw new Error(`The generated workspace is not valid: ${JSON.stringify(loaded.ok ? loaded.repairs.slice(0, 5) : loaded)}`);
  }
  // The loaded copy, so keys are in the order the store itself would write them.
  return loaded.data;
}
