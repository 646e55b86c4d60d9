import type { MindMap, MindMapNode } from '../workspace/model.ts';

// Auto-Layout (docs/product.md, Mind map): a top-down tree, the root a node with no incoming edge, siblings 200 px
// apart and levels 100 px apart. Decision 051: simple subtree-width packing (each leaf takes one 200 px slot, a
// parent is centred over its first and last child), so subtrees never overlap; O(n log n) for the sort, the rest O(n).

export const LAYOUT_SIBLING_GAP = 200;
export const LAYOUT_LEVEL_GAP = 100;
/** After Layout the view resets to zoom 1 at the origin over this long. */
export const LAYOUT_ANIMATION_MS = 800;
export const MIND_MAP_ZOOM = { min: 0.5, max: 2 } as const;
/** Dragged nodes snap to this grid (px). */
export const SNAP_GRID = 15;
/** The longest side of the canvas drawn for the PNG export (px). */
export const PNG_MAX_SIDE = 16384;

export interface Point {
  readonly x: number;
  readonly y: number;
}

/** A tree over every node of the map: each node once, under the first parent that reached it. */
export interface MindMapForest {
  /** Left to right. */
  readonly roots: readonly string[];
  /** Each list left to right; a node without children has no entry. */
  readonly children: ReadonlyMap<string, readonly string[]>;
}

/** Left to right, then top to bottom, then the map's order: the order of roots and of siblings everywhere. */
export function byPosition(nodes: readonly MindMapNode[]): MindMapNode[] {
  const index = new Map(nodes.map((node, at) => [node, at]));
  return [...nodes].sort((a, b) => a.position.x - b.position.x || a.position.y - b.position.y
    || (index.get(a) as number) - (index.get(b) as number));
}

function push(lists: Map<string, string[]>, key: string, value: string): void {
  const list = lists.get(key);
  if (list) list.push(value);
  else lists.set(key, [value]);
}

/**
 * The spanning forest the layout and the Markdown export follow. Roots are the nodes with no incoming edge (a
 * self-loop does not count); nodes reached only around a cycle get a root chosen among them (walking back along
 * parents from the leftmost such node until a node repeats, which lies on the cycle). A node with two parents is
 * taken by the first reached (breadth first, roots left to right), so it appears once, at its shallowest level.
 */
export function spanningForest(map: MindMap): MindMapForest {
  const ordered = byPosition(map.nodes);
  const rank = new Map(ordered.map((node, at) => [node.id, at]));
  const outgoing = new Map<string, string[]>();
  const incoming = new Map<string, string[]>();
  for (const { source, target } of map.edges) {
    if (source === target || !rank.has(source) || !rank.has(target)) continue;
    push(outgoing, source, target);
    push(incoming, target, source);
  }
  for (const list of outgoing.values()) list.sort((a, b) => (rank.get(a) as number) - (rank.get(b) as number));

  const placed = new Set<string>();
  const roots: string[] = [];
  const children = new Map<string, string[]>();
  const grow = (root: string) => {
    roots.push(root);
    placed.add(root);
    const queue = [root];
    for (let head = 0; head < queue.length; head++) {
      const parent = queue[head] as string;
      for (const child of outgoing.get(parent) ?? []) {
        if (placed.has(child)) continue;
        placed.add(child);
        push(children, parent, child);
        queue.push(child);
      }
    }
  };
  for (const node of ordered) if (!incoming.has(node.id)) grow(node.id);
  for (const node of ordered) {
    if (placed.has(node.id)) continue;
    // Every unplaced node has an unplaced parent (a placed parent would have placed it), so this walk ends on a
    // repeat; the nodes walked are all reachable from the repeated one, so the walk costs O(n) in total.
    const seen = new Set<string>();
    let current = node.id;
    while (!seen.has(current)) {
      seen.add(current);
      current = (incoming.get(current) ?? []).find((parent) => !placed.has(parent)) as string;
    }
    grow(current);
  }
  return { roots, children };
}

/** Where Auto-Layout puts each node: the forest's roots side by side at y = 0, the first (leftmost) at the origin. */
export function layoutPositions(map: MindMap): Map<string, Point> {
  const { roots, children } = spanningForest(map);
  // Top-down order (breadth first), so a parent comes before its children and reversing it gives children first.
  const order: { id: string; depth: number }[] = roots.map((id) => ({ id, depth: 0 }));
  for (let head = 0; head < order.length; head++) {
    const { id, depth } = order[head] as { id: string; depth: number };
    for (const child of children.get(id) ?? []) order.push({ id: child, depth: depth + 1 });
  }
  const width = new Map<string, number>();
  for (let at = order.length - 1; at >= 0; at--) {
    const { id } = order[at] as { id: string };
    const kids = children.get(id) ?? [];
    width.set(id, kids.length === 0 ? 1 : kids.reduce((sum, kid) => sum + (width.get(kid) as number), 0));
  }
  // First slot of each subtree, top-down: roots one after another, children packed from their parent's first slot.
  const start = new Map<string, number>();
  let next = 0;
  for (const root of roots) {
    start.set(root, next);
    next += width.get(root) as number;
  }
  for (const { id } of order) {
    let slot = start.get(id) as number;
    for (const kid of children.get(id) ?? []) {
      start.set(kid, slot);
      slot += width.get(kid) as number;
    }
  }
  // Slot centres, bottom-up: a leaf on its slot, a parent midway between its first and last child.
  const slotX = new Map<string, number>();
  for (let at = order.length - 1; at >= 0; at--) {
    const { id } = order[at] as { id: string };
    const kids = children.get(id) ?? [];
    slotX.set(id, kids.length === 0
      ? start.get(id) as number
      : ((slotX.get(kids[0] as string) as number) + (slotX.get(kids[kids.length - 1] as string) as number)) / 2);
  }
  // The first root at the origin, where the view goes after Layout.
  const origin = roots.length === 0 ? 0 : slotX.get(roots[0] as string) as number;
  return new Map(order.map(({ id, depth }) => [id, {
    x: ((slotX.get(id) as number) - origin) * LAYOUT_SIBLING_GAP + 0,
    y: depth * LAYOUT_LEVEL_GAP,
  }]));
}

/** The map with every node at its Auto-Layout position; the map itself when nothing moves. */
export function autoLayout(map: MindMap): MindMap {
  const positions = layoutPositions(map);
  let moved = false;
  const nodes = map.nodes.map((node) => {
    const to = positions.get(node.id);
    if (!to || (to.x === node.position.x && to.y === node.position.y)) return node;
    moved = true;
    return { ...node, position: { ...node.position, x: to.x, y: to.y } };
  });
  return moved ? { ...map, nodes } : map;
}
