import { createDefaultMindMap } from './defaults.ts';
import type { IdGenerator } from './ids.ts';
import { MIND_MAP_NODE_TYPE, type MindMap, type MindMapEdge, type MindMapNode } from './model.ts';
import { describeEntry, isRecord, uniqueIds, type Report } from './repair.ts';

// Mind map sanitising (docs/product.md, Mind map), one function per rule so each rule has its own test:
//  1. the map, its node list or its edge list missing or not a list: use the default map;
//  2. nodes without numeric x and y are dropped;
//  3. no node left: use the default map;
//  4. edges whose source or target is not a surviving node are dropped.
// Beyond the product's rule, the fields React Flow needs are repaired rather than the node lost: a missing id gets a
// new one, a repeated id a new one, a numeric label becomes text, and a field holding something unusable is
// replaced and reported (lossy, so the raw data is kept). Fields this version does not know are
// kept (model.ts); React Flow's runtime state in the original product's data is removed by migrations/v0-to-v1.ts.

const SECTION = 'mindMap';

function hasNodeAndEdgeLists(raw: unknown): raw is { nodes: unknown[]; edges: unknown[] } {
  return isRecord(raw) && Array.isArray(raw.nodes) && Array.isArray(raw.edges);
}

function hasNumericPosition(raw: unknown): raw is { position: { x: number; y: number } } {
  return isRecord(raw) && isRecord(raw.position) && Number.isFinite(raw.position.x) && Number.isFinite(raw.position.y);
}

/** The node in the model's shape; `fixed` gets the fields that held something unusable and were replaced. */
function toNode(raw: Record<string, unknown> & { position: { x: number; y: number } }, ids: IdGenerator, fixed: string[]): MindMapNode {
  const { id, type, position, data: rawData, selected, ...extra } = raw;
  const { label: rawLabel, style, ...dataExtra } = isRecord(rawData) ? rawData : {};
  const label = typeof rawLabel === 'string' ? rawLabel : typeof rawLabel === 'number' ? String(rawLabel) : '';
  const unusable: [string, boolean][] = [
    ['id', id !== undefined && (typeof id !== 'string' || id === '')],
    ['type', type !== undefined && type !== MIND_MAP_NODE_TYPE],
    ['data', rawData !== undefined && !isRecord(rawData)],
    ['data.label', rawLabel !== undefined && typeof rawLabel !== 'string' && typeof rawLabel !== 'number'],
    ['data.style', style !== undefined && !isRecord(style)],
    ['data.style.backgroundColor', isRecord(style) && style.backgroundColor !== undefined && typeof style.backgroundColor !== 'string'],
    ['selected', selected !== undefined && typeof selected !== 'boolean'],
  ];
  fixed.push(...unusable.filter(([, bad]) => bad).map(([field]) => field));
  const node: MindMapNode = {
    ...extra,
    id: typeof id === 'string' && id !== '' ? id : ids('node'),
    type: MIND_MAP_NODE_TYPE,
    position: { ...position, x: position.x, y: position.y },
    data: { ...dataExtra, label },
  };
  if (isRecord(style)) {
    const { backgroundColor, ...styleExtra } = style;
    node.data.style = typeof backgroundColor === 'string' ? { ...styleExtra, backgroundColor } : styleExtra;
  }
  if (typeof selected === 'boolean') node.selected = selected;
  return node;
}

/** Rule 2: nodes without numeric x and y are dropped (the rest are repaired into the model). */
export function keepPositionedNodes(rawNodes: readonly unknown[], ids: IdGenerator, report: Report): MindMapNode[] {
  const nodes = rawNodes.flatMap((raw, index): MindMapNode[] => {
    if (!hasNumericPosition(raw)) {
      report(SECTION, `nodes[${index}]: dropped: no numeric x and y.`, true, 'dropped');
      return [];
    }
    const fixed: string[] = [];
    const node = toNode(raw, ids, fixed);
    if (fixed.length > 0) report(SECTION, `${describeEntry('nodes', index, raw)}: reset invalid fields: ${fixed.join(', ')}.`, true, 'reset');
    return [node];
  });
  return uniqueIds(nodes, () => ids('node'), (node) => {
    report(SECTION, `node id ${JSON.stringify(node.id)} was used twice; the second got a new id.`, false, 'renamed');
  });
}

/** Rule 4: edges whose source or target is not a surviving node are dropped. */
export function keepConnectedEdges(
  rawEdges: readonly unknown[],
  nodes: readonly MindMapNode[],
  ids: IdGenerator,
  report: Report,
): MindMapEdge[] {
  const nodeIds = new Set(nodes.map((node) => node.id));
  const edges = rawEdges.flatMap((raw, index): MindMapEdge[] => {
    if (!isRecord(raw) || typeof raw.source !== 'string' || typeof raw.target !== 'string'
      || !nodeIds.has(raw.source) || !nodeIds.has(raw.target)) {
      report(SECTION, `edges[${index}]: dropped: its source or target is not a node.`, false, 'relinked');
      return [];
    }
    const id = typeof raw.id === 'string' && raw.id !== '' ? raw.id : ids('edge');
    return [{ ...raw, id, source: raw.source, target: raw.target }];
  });
  return uniqueIds(edges, () => ids('edge'), (edge) => {
    report(SECTION, `edge id ${JSON.stringify(edge.id)} was used twice; the second got a new id.`, false, 'renamed');
  });
}

export function sanitiseMindMap(raw: unknown, ids: IdGenerator, report: Report): MindMap {
  // Rule 1.
  if (!hasNodeAndEdgeLists(raw)) {
    if (raw === undefined) report(SECTION, 'section missing; using the default map.', false, 'default');
    else report(SECTION, 'the map or its node or edge list is missing or not a list; using the default map.', true, 'default');
    return createDefaultMindMap();
  }
  // Fields of the map itself that this version does not know are kept, like those of its nodes.
  const { nodes: rawNodes, edges: rawEdges, ...extra } = raw;
  const nodes = keepPositionedNodes(rawNodes, ids, report);
  // Rule 3.
  if (nodes.length === 0) {
    report(SECTION, 'no node left; using the default map.', false, 'default');
    return { ...extra, ...createDefaultMindMap() };
  }
  return { ...extra, nodes, edges: keepConnectedEdges(rawEdges, nodes, ids, report) };
}
