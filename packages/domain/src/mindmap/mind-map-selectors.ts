import type { MindMap, MindMapNode, StudioData } from '../workspace/model.ts';
import { byPosition, LAYOUT_LEVEL_GAP, LAYOUT_SIBLING_GAP, SNAP_GRID, type Point } from './mind-map-layout.ts';

// What the mind map screen reads, and the keyboard-first helpers (decision 051): where a new child or sibling goes,
// and which node the arrow keys select next. Parents and children follow the edges; siblings are ordered by x.

/** A spot is taken when another node's top-left corner is closer than this on both axes (a node is about 150 × 40). */
export const NODE_CLEARANCE = { x: 180, y: 60 } as const;

export const selectMindMap = (data: StudioData): MindMap => data.mindMap;

export function findMindMapNode(map: MindMap, id: string): MindMapNode | undefined {
  return map.nodes.find((node) => node.id === id);
}

/** The selected node's id (the first if several are selected), or null. */
export function selectedMindMapNodeId(map: MindMap): string | null {
  return map.nodes.find((node) => node.selected === true)?.id ?? null;
}

export function snapToGrid(value: number): number {
  return Math.round(value / SNAP_GRID) * SNAP_GRID + 0;
}

/** The source of the node's first incoming edge (a self-loop is not a parent), or null for a root or a missing node. */
export function parentOf(map: MindMap, id: string): string | null {
  const edge = map.edges.find((candidate) => candidate.target === id && candidate.source !== id
    && map.nodes.some((node) => node.id === candidate.source));
  return edge?.source ?? null;
}

function ordered(map: MindMap, ids: ReadonlySet<string>): string[] {
  return byPosition(map.nodes.filter((node) => ids.has(node.id))).map((node) => node.id);
}

/** The targets of the node's outgoing edges, left to right, each once. */
export function childrenOf(map: MindMap, id: string): string[] {
  return ordered(map, new Set(map.edges.filter((edge) => edge.source === id && edge.target !== id).map((edge) => edge.target)));
}

/**
 * The node and its siblings, left to right: the children of its parent (parentOf), or for a root all the roots.
 * Empty for a missing node.
 */
export function siblingsOf(map: MindMap, id: string): string[] {
  if (!findMindMapNode(map, id)) return [];
  const parent = parentOf(map, id);
  if (parent !== null) return childrenOf(map, parent);
  const ids = new Set(map.nodes.map((node) => node.id));
  const hasParent = new Set(map.edges.filter((edge) => edge.source !== edge.target && ids.has(edge.source)).map((edge) => edge.target));
  return ordered(map, new Set([...ids].filter((node) => !hasParent.has(node))));
}

export type MindMapDirection = 'up' | 'down' | 'left' | 'right';

/** Arrow keys: up the parent, down the first child, left and right the previous and next sibling; else the same node. */
export function nextSelection(map: MindMap, id: string, direction: MindMapDirection): string {
  if (direction === 'up') return parentOf(map, id) ?? id;
  if (direction === 'down') return childrenOf(map, id)[0] ?? id;
  const siblings = siblingsOf(map, id);
  const at = siblings.indexOf(id);
  return siblings[direction === 'left' ? at - 1 : at + 1] ?? id;
}

function isFree(map: MindMap, spot: Point): boolean {
  return !map.nodes.some((node) => Math.abs(node.position.x - spot.x) < NODE_CLEARANCE.x
    && Math.abs(node.position.y - spot.y) < NODE_CLEARANCE.y);
}

/**
 * The first free grid spot at `spot` or to its right, a sibling gap at a time. A step (195 px) is wider than the
 * clearance (180 px), so a node blocks at most two steps and 2n + 1 steps always find a free one.
 */
function firstFreeRightOf(map: MindMap, spot: Point): Point {
  const step = snapToGrid(LAYOUT_SIBLING_GAP);
  let x = snapToGrid(spot.x);
  const y = snapToGrid(spot.y);
  for (let tries = 0; tries <= 2 * map.nodes.length && !isFree(map, { x, y }); tries++) x += step;
  return { x, y };
}

/**
 * Where Add Child Node puts a child of `parentId` from the keyboard: a level below the parent, right of its
 * rightmost child (under the parent when it has none), on the snap grid and clear of every node. Null when the
 * parent is missing.
 */
export function childPosition(map: MindMap, parentId: string): Point | null {
  const parent = findMindMapNode(map, parentId);
  if (!parent) return null;
  const y = parent.position.y + LAYOUT_LEVEL_GAP;
  const last = childrenOf(map, parentId).at(-1);
  const lastX = last === undefined ? undefined : findMindMapNode(map, last)?.position.x;
  return firstFreeRightOf(map, { x: lastX === undefined ? parent.position.x : lastX + LAYOUT_SIBLING_GAP, y });
}

/**
 * Where a new sibling of `nodeId` goes: as a child of its parent (childPosition), or for a root right of it on its
 * level. The new node's parent is parentOf(map, nodeId). Null when the node is missing.
 */
export function siblingPosition(map: MindMap, nodeId: string): Point | null {
  const node = findMindMapNode(map, nodeId);
  if (!node) return null;
  const parent = parentOf(map, nodeId);
  if (parent !== null) return childPosition(map, parent);
  return firstFreeRightOf(map, { x: node.position.x + LAYOUT_SIBLING_GAP, y: node.position.y });
}
