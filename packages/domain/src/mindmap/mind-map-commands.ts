import { defineCommand } from '../workspace/command.ts';
import type { MindMap, MindMapEdge, MindMapNode, StudioData } from '../workspace/model.ts';
import { MIND_MAP_NODE_TYPE } from '../workspace/model.ts';
import { withOptional } from '../workspace/optional-field.ts';
import { autoLayout, type Point } from './mind-map-layout.ts';

// The mind map commands (docs/product.md, Mind map). Ids (generateId('node'), generateId('edge')) and random
// positions (randomNodePosition(Math.random)) come in the input, made when the user acts, so a replay on another
// tab's newer data makes the same node. Selection is the canvas's own state and no command changes it.

export const DEFAULT_NODE_LABEL = 'New Idea';
/** The colour picker's swatches; a node's colour is stored at data.style.backgroundColor. */
export const MIND_MAP_COLORS = ['#ffffff', '#fee2e2', '#dbeafe', '#d1fae5', '#fef3c7', '#f3e8ff'] as const;
export type MindMapColor = (typeof MIND_MAP_COLORS)[number];
/** Add Node puts the node at a random spot within about this far of the origin on both axes. */
export const RANDOM_NODE_SPREAD = 200;

export function isMindMapColor(value: unknown): value is MindMapColor {
  return (MIND_MAP_COLORS as readonly unknown[]).includes(value);
}

/** A spot from -200 to 200 on both axes, from two draws of `random` (Math.random on the screen). */
export function randomNodePosition(random: () => number): Point {
  const draw = () => Math.round((random() * 2 - 1) * RANDOM_NODE_SPREAD) + 0;
  return { x: draw(), y: draw() };
}

const isPoint = (point: Point): boolean => Number.isFinite(point.x) && Number.isFinite(point.y);

function withMap(data: StudioData, mindMap: MindMap): StudioData {
  return mindMap === data.mindMap ? data : { ...data, mindMap };
}

function updateNode(data: StudioData, id: string, change: (node: MindMapNode) => MindMapNode): StudioData {
  const node = data.mindMap.nodes.find((candidate) => candidate.id === id);
  if (!node) return data;
  const next = change(node);
  if (next === node) return data;
  return withMap(data, { ...data.mindMap, nodes: data.mindMap.nodes.map((candidate) => (candidate === node ? next : candidate)) });
}

export interface AddMindMapNodeInput {
  readonly id: string;
  /** 'New Idea' when left out or blank. */
  readonly label?: string;
  readonly position: Point;
  /** Add Child Node: the node is linked by an edge from this one. A parent that does not exist (any more) adds nothing. */
  readonly parentId?: string | null;
  /** The new edge's id; needed with a parent. */
  readonly edgeId?: string;
}

/** Add Node, or with a parent Add Child Node (the node and an edge parent → node). */
export const addMindMapNode = defineCommand<AddMindMapNodeInput>('addMindMapNode', (data, { id, label, position, parentId, edgeId }) => {
  const { nodes, edges } = data.mindMap;
  if (id === '' || !isPoint(position) || nodes.some((node) => node.id === id)) return data;
  const node: MindMapNode = {
    id, type: MIND_MAP_NODE_TYPE, position: { x: position.x, y: position.y }, data: { label: label?.trim() || DEFAULT_NODE_LABEL },
  };
  if (parentId === undefined || parentId === null) return withMap(data, { ...data.mindMap, nodes: [...nodes, node] });
  if (!edgeId || edges.some((edge) => edge.id === edgeId) || !nodes.some((candidate) => candidate.id === parentId)) return data;
  return withMap(data, { ...data.mindMap, nodes: [...nodes, node], edges: [...edges, { id: edgeId, source: parentId, target: id }] });
});

/** Delete Node: the node and every edge to or from it. */
export const deleteMindMapNode = defineCommand<{ readonly id: string }>('deleteMindMapNode', (data, { id }) => {
  const { nodes, edges } = data.mindMap;
  if (!nodes.some((node) => node.id === id)) return data;
  return withMap(data, {
    ...data.mindMap,
    nodes: nodes.filter((node) => node.id !== id),
    edges: edges.filter((edge) => edge.source !== id && edge.target !== id),
  });
}, { destructive: true });

/**
 * The inline edit's label, trimmed (committed as typed, outside the undo history, then as one undo step on Enter or
 * blur; decision 064). A blank label keeps the old one: an empty node is a blank box on the canvas and a blank
 * bullet in the Markdown export, and clearing the field then leaving it is likelier a slip than an intent
 * (decision 051).
 */
export const renameMindMapNode = defineCommand<{ readonly id: string; readonly label: string }>('renameMindMapNode', (data, { id, label }) => {
  const trimmed = label.trim();
  if (trimmed === '') return data;
  return updateNode(data, id, (node) => (node.data.label === trimmed ? node : { ...node, data: { ...node.data, label: trimmed } }));
});

/** One of the six swatches, or null for none; any other value changes nothing. Other style fields are kept. */
export const setMindMapNodeColor = defineCommand<{ readonly id: string; readonly color: MindMapColor | null }>(
  'setMindMapNodeColor',
  (data, { id, color }) => {
    if (color !== null && !isMindMapColor(color)) return data;
    return updateNode(data, id, (node) => {
      const style = node.data.style ?? {};
      if ((style.backgroundColor ?? null) === color) return node;
      const nextStyle = withOptional(style, 'backgroundColor', color ?? undefined);
      const nextData = Object.keys(nextStyle).length === 0 ? withOptional(node.data, 'style', undefined) : { ...node.data, style: nextStyle };
      return { ...node, data: nextData };
    });
  },
);

export interface MindMapMove {
  readonly id: string;
  readonly x: number;
  readonly y: number;
}

/** The end of a drag of one or several nodes (already snapped by the canvas). A non-finite number refuses the whole move. */
export const moveMindMapNodes = defineCommand<{ readonly moves: readonly MindMapMove[] }>('moveMindMapNodes', (data, { moves }) => {
  if (moves.some((move) => !isPoint(move))) return data;
  const to = new Map(moves.map((move) => [move.id, move]));
  let moved = false;
  const nodes = data.mindMap.nodes.map((node) => {
    const move = to.get(node.id);
    if (!move || (move.x === node.position.x && move.y === node.position.y)) return node;
    moved = true;
    return { ...node, position: { ...node.position, x: move.x + 0, y: move.y + 0 } };
  });
  return moved ? withMap(data, { ...data.mindMap, nodes }) : data;
});

/** Layout: every node at its Auto-Layout position (mind-map-layout.ts). */
export const layoutMindMap = defineCommand<Record<string, never>>('layoutMindMap', (data) => withMap(data, autoLayout(data.mindMap)));

/**
 * Import: the whole map replaced by one already read and sanitised (parseMindMapFile). Destructive, so Undo brings
 * the previous map back. A map without nodes (which loading would replace by the default) changes nothing.
 */
export const importMindMap = defineCommand<{ readonly map: MindMap }>('importMindMap', (data, { map }) => (
  map.nodes.length === 0 ? data : withMap(data, map)
), { destructive: true });

/**
 * An edge from `source` to `target`: both must exist, differ, and not be linked already in either direction (a
 * reverse edge would only draw over the first and make a cycle).
 */
export const connectMindMapNodes = defineCommand<{ readonly id: string; readonly source: string; readonly target: string }>(
  'connectMindMapNodes',
  (data, { id, source, target }) => {
    const { nodes, edges } = data.mindMap;
    if (id === '' || source === target || edges.some((edge) => edge.id === id)) return data;
    if (!nodes.some((node) => node.id === source) || !nodes.some((node) => node.id === target)) return data;
    const linked = (edge: MindMapEdge) => (edge.source === source && edge.target === target)
      || (edge.source === target && edge.target === source);
    if (edges.some(linked)) return data;
    return withMap(data, { ...data.mindMap, edges: [...edges, { id, source, target }] });
  },
);
