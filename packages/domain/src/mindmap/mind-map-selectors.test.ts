import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mindMapArb } from '../testing/studio-arbitraries.ts';
import { createDefaultStudioData } from '../workspace/defaults.ts';
import type { MindMap, MindMapNode } from '../workspace/model.ts';
import { SNAP_GRID } from './mind-map-layout.ts';
import {
  childPosition, childrenOf, findMindMapNode, NODE_CLEARANCE, nextSelection, parentOf, selectedMindMapNodeId, selectMindMap,
  siblingPosition, siblingsOf, snapToGrid,
} from './mind-map-selectors.ts';

const node = (id: string, x: number, y: number): MindMapNode => ({ id, type: 'customText', position: { x, y }, data: { label: id } });

/** r over a, b, c (stored out of order, so x decides); a over a1; and a second root s. */
const map: MindMap = {
  nodes: [node('r', 0, 0), node('c', 200, 105), node('a', -200, 105), node('b', 0, 105), node('a1', -200, 210), node('s', 600, 0)],
  edges: [
    { id: 'e1', source: 'r', target: 'c' }, { id: 'e2', source: 'r', target: 'a' }, { id: 'e3', source: 'r', target: 'b' },
    { id: 'e4', source: 'a', target: 'a1' }, { id: 'e5', source: 'r', target: 'b' }, { id: 'e6', source: 's', target: 's' },
  ],
};

describe('mind map selectors', () => {
  it('reads the map, a node and the selected node', () => {
    const data = createDefaultStudioData(new Date('2026-03-05T10:00:00.000Z'));
    expect(selectMindMap(data)).toBe(data.mindMap);
    expect(findMindMapNode(map, 'a')?.position).toEqual({ x: -200, y: 105 });
    expect(selectedMindMapNodeId(map)).toBeNull();
    expect(selectedMindMapNodeId({ ...map, nodes: [node('x', 0, 0), { ...node('y', 0, 0), selected: true }] })).toBe('y');
  });

  it('follows the edges: parent, children and siblings left to right, roots as siblings of each other', () => {
    expect(parentOf(map, 'a1')).toBe('a');
    expect(parentOf(map, 'r')).toBeNull();
    expect(parentOf(map, 's')).toBeNull();
    expect(childrenOf(map, 'r')).toEqual(['a', 'b', 'c']);
    expect(childrenOf(map, 's')).toEqual([]);
    expect(siblingsOf(map, 'b')).toEqual(['a', 'b', 'c']);
    expect(siblingsOf(map, 'r')).toEqual(['r', 's']);
    expect(siblingsOf(map, 'gone')).toEqual([]);
  });

  it('moves the selection with the arrow keys, staying put at the edges', () => {
    expect(nextSelection(map, 'a1', 'up')).toBe('a');
    expect(nextSelection(map, 'r', 'up')).toBe('r');
    expect(nextSelection(map, 'r', 'down')).toBe('a');
    expect(nextSelection(map, 'a1', 'down')).toBe('a1');
    expect(nextSelection(map, 'b', 'left')).toBe('a');
    expect(nextSelection(map, 'b', 'right')).toBe('c');
    expect(nextSelection(map, 'a', 'left')).toBe('a');
    expect(nextSelection(map, 'c', 'right')).toBe('c');
    expect(nextSelection(map, 'r', 'right')).toBe('s');
    expect(nextSelection(map, 'gone', 'left')).toBe('gone');
  });

  it('snaps to the 15 px grid', () => {
    expect([snapToGrid(0), snapToGrid(7), snapToGrid(8), snapToGrid(100), snapToGrid(-7)]).toEqual([0, 0, 15, 105, 0]);
  });

  it('puts a new child below its parent, right of its children, clear of other nodes', () => {
    expect(childPosition(map, 'r')).toEqual({ x: 405, y: 105 });
    expect(childPosition(map, 'a1')).toEqual({ x: -195, y: 315 });
    // b has no children: right under b.
    expect(childPosition(map, 'b')).toEqual({ x: 0, y: 210 });
    // Right of a's only child a1.
    expect(childPosition(map, 'a')).toEqual({ x: 0, y: 210 });
    expect(childPosition(map, 'gone')).toBeNull();
  });

  it('puts a new sibling with its parent\'s children, or right of a root on its level', () => {
    expect(siblingPosition(map, 'b')).toEqual(childPosition(map, 'r'));
    expect(siblingPosition(map, 's')).toEqual({ x: 795, y: 0 });
    expect(siblingPosition(map, 'r')).toEqual({ x: 195, y: 0 });
    expect(siblingPosition(map, 'gone')).toBeNull();
  });

  it('property: a new child spot is on the grid, below its parent and clear of every node', () => {
    fc.assert(fc.property(mindMapArb, fc.nat(), (generated, pick) => {
      const parent = generated.nodes[pick % generated.nodes.length] as MindMapNode;
      const spot = childPosition(generated, parent.id);
      if (!spot) throw new Error('the parent exists');
      expect(spot.x % SNAP_GRID === 0 && spot.y % SNAP_GRID === 0).toBe(true);
      expect(spot.y).toBeGreaterThan(parent.position.y);
      expect(generated.nodes.some((each) => Math.abs(each.position.x - spot.x) < NODE_CLEARANCE.x
        && Math.abs(each.position.y - spot.y) < NODE_CLEARANCE.y)).toBe(false);
    }));
  });
});
