import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mindMapArb } from '../testing/studio-arbitraries.ts';
import { createDefaultStudioData } from '../workspace/defaults.ts';
import { createIdGenerator } from '../workspace/ids.ts';
import type { MindMap, MindMapNode, StudioData } from '../workspace/model.ts';
import { diffWorkspace, revertPatch } from '../workspace/undo-patch.ts';
import {
  addMindMapNode, connectMindMapNodes, deleteMindMapNode, importMindMap, isMindMapColor, layoutMindMap, MIND_MAP_COLORS,
  moveMindMapNodes, randomNodePosition, renameMindMapNode, setMindMapNodeColor, type MindMapColor,
} from './mind-map-commands.ts';

const NOW = new Date('2026-03-05T10:00:00.000Z');
const base = (): StudioData => createDefaultStudioData(NOW, createIdGenerator({ now: () => 1, random: () => 0.5 }));
const withMap = (mindMap: MindMap): StudioData => ({ ...base(), mindMap });
const node = (id: string, x = 0, y = 0): MindMapNode => ({ id, type: 'customText', position: { x, y }, data: { label: id } });

/** central-idea → a → b, and c alone. */
function sample(): StudioData {
  let data = base();
  data = addMindMapNode.run(data, { id: 'a', position: { x: 0, y: 100 }, parentId: 'central-idea', edgeId: 'e1' }, NOW);
  data = addMindMapNode.run(data, { id: 'b', label: 'Bee', position: { x: 0, y: 200 }, parentId: 'a', edgeId: 'e2' }, NOW);
  return addMindMapNode.run(data, { id: 'c', position: { x: 300, y: 0 } }, NOW);
}

const find = (data: StudioData, id: string) => data.mindMap.nodes.find((each) => each.id === id);

describe('addMindMapNode', () => {
  it('adds a New Idea node, and with a parent an edge from the parent (Add Child Node)', () => {
    const data = sample();
    expect(find(data, 'a')).toEqual({ id: 'a', type: 'customText', position: { x: 0, y: 100 }, data: { label: 'New Idea' } });
    expect(find(data, 'b')?.data.label).toBe('Bee');
    expect(find(addMindMapNode.run(data, { id: 'x', label: ' ', position: { x: 0, y: 0 } }, NOW), 'x')?.data.label).toBe('New Idea');
    expect(data.mindMap.edges).toEqual([{ id: 'e1', source: 'central-idea', target: 'a' }, { id: 'e2', source: 'a', target: 'b' }]);
    expect(data.mindMap.nodes).toHaveLength(4);
  });

  it('adds nothing under a missing parent, with a used id, a parent but no edge id, or a non-finite position', () => {
    const data = sample();
    expect(addMindMapNode.run(data, { id: 'x', position: { x: 0, y: 0 }, parentId: 'gone', edgeId: 'e9' }, NOW)).toBe(data);
    expect(addMindMapNode.run(data, { id: 'a', position: { x: 0, y: 0 } }, NOW)).toBe(data);
    expect(addMindMapNode.run(data, { id: 'x', position: { x: 0, y: 0 }, parentId: 'a' }, NOW)).toBe(data);
    expect(addMindMapNode.run(data, { id: 'x', position: { x: 0, y: 0 }, parentId: 'a', edgeId: 'e1' }, NOW)).toBe(data);
    expect(addMindMapNode.run(data, { id: 'x', position: { x: Number.NaN, y: 0 } }, NOW)).toBe(data);
    expect(addMindMapNode.run(data, { id: 'x', position: { x: 0, y: 0 }, parentId: null }, NOW).mindMap.nodes).toHaveLength(5);
  });

  it('randomNodePosition stays within -200 to 200', () => {
    expect(randomNodePosition(() => 0)).toEqual({ x: -200, y: -200 });
    expect(randomNodePosition(() => 0.5)).toEqual({ x: 0, y: 0 });
    fc.assert(fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (value) => {
      const { x, y } = randomNodePosition(() => value);
      expect(Math.abs(x) <= 200 && Math.abs(y) <= 200).toBe(true);
    }));
  });
});

describe('deleteMindMapNode', () => {
  it('removes the node and every edge touching it, and can be undone', () => {
    const data = sample();
    const next = deleteMindMapNode.run(data, { id: 'a' }, NOW);
    expect(next.mindMap.nodes.map(({ id }) => id)).toEqual(['central-idea', 'b', 'c']);
    expect(next.mindMap.edges).toEqual([]);
    expect(deleteMindMapNode.destructive).toBe(true);
    const undone = revertPatch(next, diffWorkspace(data, next));
    expect(undone.ok && undone.data.mindMap).toEqual(data.mindMap);
    expect(deleteMindMapNode.run(data, { id: 'gone' }, NOW)).toBe(data);
  });

  it('property: no edge is left pointing at a missing node', () => {
    fc.assert(fc.property(mindMapArb, fc.nat(), (map, pick) => {
      const id = map.nodes[pick % map.nodes.length]?.id as string;
      const next = deleteMindMapNode.run(withMap(map), { id }, NOW).mindMap;
      const ids = new Set(next.nodes.map((each) => each.id));
      expect(ids.has(id)).toBe(false);
      expect(next.edges.every((edge) => edge.source !== id && edge.target !== id)).toBe(true);
      expect(next.nodes).toHaveLength(map.nodes.length - 1);
    }));
  });
});

describe('renameMindMapNode', () => {
  it('stores the label trimmed; a blank label keeps the old one', () => {
    const data = sample();
    expect(find(renameMindMapNode.run(data, { id: 'a', label: '  Plan  ' }, NOW), 'a')?.data.label).toBe('Plan');
    expect(renameMindMapNode.run(data, { id: 'a', label: '   ' }, NOW)).toBe(data);
    expect(renameMindMapNode.run(data, { id: 'b', label: 'Bee' }, NOW)).toBe(data);
    expect(renameMindMapNode.run(data, { id: 'gone', label: 'x' }, NOW)).toBe(data);
  });
});

describe('setMindMapNodeColor', () => {
  it('sets one of the six swatches at data.style.backgroundColor, null removes it, anything else is refused', () => {
    const data = sample();
    const pink = setMindMapNodeColor.run(data, { id: 'a', color: '#fee2e2' }, NOW);
    expect(find(pink, 'a')?.data).toEqual({ label: 'New Idea', style: { backgroundColor: '#fee2e2' } });
    expect(find(setMindMapNodeColor.run(pink, { id: 'a', color: null }, NOW), 'a')?.data).toEqual({ label: 'New Idea' });
    expect(setMindMapNodeColor.run(data, { id: 'a', color: 'red' as MindMapColor }, NOW)).toBe(data);
    expect(setMindMapNodeColor.run(pink, { id: 'a', color: '#fee2e2' }, NOW)).toBe(pink);
    expect(setMindMapNodeColor.run(data, { id: 'a', color: null }, NOW)).toBe(data);
    expect(MIND_MAP_COLORS.every(isMindMapColor)).toBe(true);
    expect(isMindMapColor('#FFFFFF')).toBe(false);
  });

  it('keeps other style fields when the colour is removed', () => {
    // A style field this version does not know, kept from a newer version's data (model.ts keeps unknown fields).
    const style = { backgroundColor: '#ffffff', border: '1px' } as { backgroundColor: string };
    const data = withMap({ nodes: [{ ...node('n'), data: { label: 'n', style } }], edges: [] });
    expect(setMindMapNodeColor.run(data, { id: 'n', color: null }, NOW).mindMap.nodes[0]?.data.style).toEqual({ border: '1px' });
  });
});

describe('moveMindMapNodes', () => {
  it('moves one or several nodes at once; unknown ids are ignored; a non-finite number refuses the whole move', () => {
    const data = sample();
    const next = moveMindMapNodes.run(data, { moves: [{ id: 'a', x: 15, y: 30 }, { id: 'c', x: -45, y: 0 }, { id: 'gone', x: 1, y: 1 }] }, NOW);
    expect(find(next, 'a')?.position).toEqual({ x: 15, y: 30 });
    expect(find(next, 'c')?.position).toEqual({ x: -45, y: 0 });
    expect(find(next, 'b')).toBe(find(data, 'b'));
    expect(moveMindMapNodes.run(data, { moves: [{ id: 'a', x: 15, y: 30 }, { id: 'c', x: Infinity, y: 0 }] }, NOW)).toBe(data);
    expect(moveMindMapNodes.run(data, { moves: [{ id: 'a', x: 0, y: 100 }] }, NOW)).toBe(data);
  });
});

describe('layoutMindMap', () => {
  it('applies Auto-Layout', () => {
    const next = layoutMindMap.run(sample(), {}, NOW);
    expect(next.mindMap.nodes.map(({ id, position }) => [id, position.x, position.y])).toEqual([
      ['central-idea', 0, 0], ['a', 0, 100], ['b', 0, 200], ['c', 200, 0],
    ]);
    expect(layoutMindMap.run(next, {}, NOW)).toBe(next);
  });
});

describe('importMindMap', () => {
  it('replaces the whole map, destructively, so Undo gives the previous map back', () => {
    const data = sample();
    const map: MindMap = { nodes: [node('x')], edges: [] };
    const next = importMindMap.run(data, { map }, NOW);
    expect(next.mindMap).toBe(map);
    expect(importMindMap.destructive).toBe(true);
    const undone = revertPatch(next, diffWorkspace(data, next));
    expect(undone.ok && undone.data.mindMap).toEqual(data.mindMap);
    expect(importMindMap.run(data, { map: { nodes: [], edges: [] } }, NOW)).toBe(data);
  });
});

describe('connectMindMapNodes', () => {
  it('links two existing nodes once, never a node to itself or a pair already linked either way', () => {
    const data = sample();
    const next = connectMindMapNodes.run(data, { id: 'e3', source: 'c', target: 'b' }, NOW);
    expect(next.mindMap.edges.at(-1)).toEqual({ id: 'e3', source: 'c', target: 'b' });
    expect(connectMindMapNodes.run(next, { id: 'e4', source: 'c', target: 'b' }, NOW)).toBe(next);
    expect(connectMindMapNodes.run(next, { id: 'e4', source: 'b', target: 'c' }, NOW)).toBe(next);
    expect(connectMindMapNodes.run(data, { id: 'e4', source: 'c', target: 'c' }, NOW)).toBe(data);
    expect(connectMindMapNodes.run(data, { id: 'e4', source: 'c', target: 'gone' }, NOW)).toBe(data);
    expect(connectMindMapNodes.run(data, { id: 'e1', source: 'c', target: 'b' }, NOW)).toBe(data);
  });
});
