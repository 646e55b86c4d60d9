import type { IdGenerator } from '../workspace/ids.ts';
import type { MindMap, MindMapNode } from '../workspace/model.ts';
import { isRecord } from '../workspace/repair.ts';
import { sanitiseMindMap } from '../workspace/sanitise-mind-map.ts';
import { PNG_MAX_SIDE, spanningForest } from './mind-map-layout.ts';

// Export (PNG, JSON, Markdown) and import (.json) of the mind map (docs/product.md, Mind map; decision 051).

export const MIND_MAP_PNG_FILE = 'mindmap.png';
export const MIND_MAP_JSON_FILE = 'mindmap.json';
export const MIND_MAP_MARKDOWN_FILE = 'mindmap.md';
export const MIND_MAP_MARKDOWN_HEADING = '# Mind Map';

/** The node without `selected`: selection is the canvas's state, not part of the map a file carries. */
function withoutSelection(node: MindMapNode): MindMapNode {
  if (!Object.hasOwn(node, 'selected')) return node;
  const { selected: _selected, ...rest } = node;
  return rest;
}

/** The export file: `{ nodes, edges }`, pretty-printed; parseMindMapFile reads it back to the same map. */
export function mindMapToJson(map: MindMap): string {
  return JSON.stringify({ nodes: map.nodes.map(withoutSelection), edges: map.edges }, null, 2);
}

/**
 * A label as one line of Markdown text: line breaks and runs of white space become one space, and characters that
 * would start markup (emphasis, code, links, HTML, tables, entities) are backslash-escaped, as are those that would
 * make the item a heading, a quote, a nested list or a numbered list when they start it.
 */
export function escapeMarkdownLabel(label: string): string {
  return label.replace(/\s+/g, ' ').trim()
    .replace(/[\\`*_[\]<>|~&]/g, '\\$&')
    .replace(/^([#+=-])/, '\\$1')
    .replace(/^(\d+)([.)])/, '$1\\$2');
}

/**
 * The Markdown export: the 'Mind Map' heading, then each tree of the layout's spanning forest as a bullet list,
 * two spaces per level, roots and siblings left to right. A node with two parents is listed once, under the first
 * parent reached (as Auto-Layout draws it); cycles end; nodes reached only around a cycle hang from a root chosen
 * on the cycle, so every node is listed exactly once.
 */
export function mindMapToMarkdown(map: MindMap): string {
  const { roots, children } = spanningForest(map);
  const labels = new Map(map.nodes.map((node) => [node.id, node.data.label]));
  const lines: string[] = [];
  // Depth first without recursion, so a chain of thousands of nodes cannot overflow the stack.
  const stack = [...roots].reverse().map((id) => ({ id, depth: 0 }));
  for (let next = stack.pop(); next; next = stack.pop()) {
    lines.push(`${'  '.repeat(next.depth)}- ${escapeMarkdownLabel(labels.get(next.id) ?? '')}`.trimEnd());
    const depth = next.depth + 1;
    stack.push(...[...children.get(next.id) ?? []].reverse().map((id) => ({ id, depth })));
  }
  return `${MIND_MAP_MARKDOWN_HEADING}\n\n${lines.join('\n')}\n`;
}

export type MindMapFileError = 'parse' | 'format';
export type MindMapFileResult = { readonly ok: true; readonly map: MindMap } | { readonly ok: false; readonly error: MindMapFileError };

/**
 * Reads an imported .json file. Not JSON: 'parse' ('Failed to parse the mind map file.'). Not an object with both a
 * `nodes` and an `edges` list, or no node with a numeric x and y: 'format' ('Invalid mind map file format.').
 * Otherwise the map as loading sanitises it (sanitise-mind-map.ts: unpositioned nodes and dangling edges dropped,
 * missing or repeated ids replaced from `ids`), without any node's `selected`.
 */
export function parseMindMapFile(text: string, ids: IdGenerator): MindMapFileResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, error: 'parse' };
  }
  if (!isRecord(raw) || !Array.isArray(raw.nodes) || !Array.isArray(raw.edges)) return { ok: false, error: 'format' };
  let fellBack = false;
  const map = sanitiseMindMap(raw, ids, (_section, _message, _lossy, kind) => {
    if (kind === 'default') fellBack = true;
  });
  if (fellBack) return { ok: false, error: 'format' };
  return { ok: true, map: { ...map, nodes: map.nodes.map(withoutSelection) } };
}

/**
 * The scale to draw the PNG at: `preferred` (the device pixel ratio) unless that would make a side longer than
 * PNG_MAX_SIDE, the largest canvas browsers draw.
 */
export function pngExportScale(width: number, height: number, preferred = 1): number {
  const longest = Math.max(width, height);
  if (!(longest > 0) || !Number.isFinite(longest)) return preferred;
  return Math.min(preferred, PNG_MAX_SIDE / longest);
}
