import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mindMapArb } from '../testing/studio-arbitraries.ts';
import type { MindMap, MindMapNode } from '../workspace/model.ts';
import {
  autoLayout, LAYOUT_LEVEL_GAP, LAYOUT_SIBLING_GAP, layoutPositions, spanningForest,
} from './mind-map-layout.ts';

const node = (id: string, x = 0, y = 0): MindMapNode => ({ id, type: 'customText', position: { x, y }, data: { label: id } });
const mapOf = (ids: readonly string[], links: readonly (readonly [string, string])[]): MindMap => ({
  nodes: ids.map((id, at) => node(id, at * 10, 0)),
  edges: links.map(([source, target], at) => ({ id: `e${at}`, source, target })),
});
const at = (map: MindMap) => Object.fromEntries([...layoutPositions(map)].map(([id, { x, y }]) => [id, [x, y]]));

/** Maps of up to 40 nodes with random edges, cycles, self-loops and shared children included. */
const graphArb = fc.integer({ min: 1, max: 40 }).chain((count) => fc.record({
  xs: fc.array(fc.integer({ min: -500, max: 500 }), { minLength: count, maxLength: count }),
  links: fc.array(fc.tuple(fc.nat(count - 1), fc.nat(count - 1)), { maxLength: count * 2 }),
})).map(({ xs, links }) => ({
  nodes: xs.map((x, index) => node(`n${index}`, x, 0)),
  edges: links.map(([source, target], index) => ({ id: `e${index}`, source: `n${source}`, target: `n${target}` })),
}));

describe('layoutPositions', () => {
  it('puts the root on top at the origin, children 100 px lower and 200 px apart, the parent centred over them', () => {
    expect(at(mapOf(['r', 'a', 'b', 'c'], [['r', 'a'], ['r', 'b'], ['r', 'c']]))).toEqual({
      r: [0, 0], a: [-LAYOUT_SIBLING_GAP, LAYOUT_LEVEL_GAP], b: [0, 100], c: [200, 100],
    });
  });

  it('keeps subtrees apart: a wide subtree pushes its sibling over', () => {
    const positions = at(mapOf(['r', 'a', 'b', 'a1', 'a2', 'a3'], [['r', 'a'], ['r', 'b'], ['a', 'a1'], ['a', 'a2'], ['a', 'a3']]));
    expect(positions).toEqual({ r: [0, 0], a: [-200, 100], b: [200, 100], a1: [-400, 200], a2: [-200, 200], a3: [0, 200] });
  });

  it('orders siblings and roots by their current x', () => {
    const map: MindMap = { nodes: [node('r'), node('right', 500), node('left', -500)], edges: [{ id: 'e1', source: 'r', target: 'right' }, { id: 'e2', source: 'r', target: 'left' }] };
    expect(at(map)).toEqual({ r: [0, 0], left: [-100, 100], right: [100, 100] });
    const roots: MindMap = { nodes: [node('b', 50), node('a', -50)], edges: [] };
    expect(at(roots)).toEqual({ a: [0, 0], b: [200, 0] });
  });

  it('places a node with two parents once, under the first parent reached', () => {
    const map = mapOf(['r', 'a', 'b', 'shared'], [['r', 'a'], ['r', 'b'], ['a', 'shared'], ['b', 'shared']]);
    expect(spanningForest(map).children.get('a')).toEqual(['shared']);
    expect(spanningForest(map).children.get('b')).toBeUndefined();
    expect(Object.keys(at(map)).sort()).toEqual(['a', 'b', 'r', 'shared']);
  });

  it('ends on cycles and picks a root on the cycle, not below it', () => {
    // c is leftmost but only hangs off the a ⇄ b cycle; the root is taken on the cycle, so c stays below it.
    const map: MindMap = {
      nodes: [node('c', -100), node('a', 0), node('b', 100)],
      edges: [{ id: 'e1', source: 'a', target: 'b' }, { id: 'e2', source: 'b', target: 'a' }, { id: 'e3', source: 'b', target: 'c' }],
    };
    const forest = spanningForest(map);
    expect(forest.roots).toHaveLength(1);
    expect(forest.roots[0]).not.toBe('c');
    expect(at(map).c?.[1]).toBeGreaterThan(0);
  });

  it('treats a self-loop as no parent', () => {
    expect(spanningForest(mapOf(['a'], [['a', 'a']])).roots).toEqual(['a']);
  });

  // How fast is bench:mindmap's to say (performance is measured in benchmarks, not timed tests); the test's limit only
  // catches a layout that stops finishing.
  it('lays out 2,000 nodes: a deep chain, wide fan-outs and back edges', () => {
    const ids = Array.from({ length: 2000 }, (_, index) => `n${index}`);
    // A mix of a deep chain, wide fan-outs and back edges.
    const links = ids.slice(1).map((id, index): [string, string] => [index % 3 === 0 ? `n${index}` : `n${Math.floor(index / 7)}`, id]);
    links.push(['n1999', 'n0'], ['n1500', 'n10']);
    const map = mapOf(ids, links);
    const positions = layoutPositions(map);
    expect(positions.size).toBe(2000);
  }, 60_000);

  it('property: every node placed once with finite numbers, no two on one spot, tree parents above, siblings ≥ 200 px apart', () => {
    fc.assert(fc.property(graphArb, (map) => {
      const positions = layoutPositions(map);
      expect([...positions.keys()].sort()).toEqual(map.nodes.map(({ id }) => id).sort());
      const spots = new Set<string>();
      for (const { x, y } of positions.values()) {
        expect(Number.isFinite(x) && Number.isFinite(y)).toBe(true);
        spots.add(`${x},${y}`);
      }
      expect(spots.size).toBe(positions.size);
      // Same level: at least a sibling gap apart (subtrees never overlap).
      const byLevel = new Map<number, number[]>();
      for (const { x, y } of positions.values()) byLevel.set(y, [...byLevel.get(y) ?? [], x]);
      for (const xs of byLevel.values()) {
        xs.sort((a, b) => a - b);
        for (let index = 1; index < xs.length; index++) {
          expect((xs[index] as number) - (xs[index - 1] as number)).toBeGreaterThanOrEqual(LAYOUT_SIBLING_GAP);
        }
      }
      const { roots, children } = spanningForest(map);
      for (const root of roots) expect(positions.get(root)?.y).toBe(0);
      for (const [parent, kids] of children) {
        for (const kid of kids) {
          expect(map.edges.some((edge) => edge.source === parent && edge.target === kid)).toBe(true);
          expect((positions.get(kid)?.y as number) - (positions.get(parent)?.y as number)).toBe(LAYOUT_LEVEL_GAP);
        }
      }
      // Every node without an incoming edge is a root.
      for (const { id } of map.nodes) {
        if (!map.edges.some((edge) => edge.target === id && edge.source !== id)) expect(roots).toContain(id);
      }
    }));
  });
});

describe('autoLayout', () => {
  it('moves the nodes, keeps everything else, and returns the map itself when nothing moves', () => {
    const map = mapOf(['r', 'a'], [['r', 'a']]);
    const laid = autoLayout(map);
    expect(laid.nodes.map((each) => each.position)).toEqual([{ x: 0, y: 0 }, { x: 0, y: 100 }]);
    expect(laid.edges).toBe(map.edges);
    expect(laid.nodes[0]?.data).toBe(map.nodes[0]?.data);
    expect(autoLayout(laid)).toBe(laid);
  });

  it('property: valid maps from loading lay out every node', () => {
    fc.assert(fc.property(mindMapArb, (map) => {
      expect(autoLayout(map).nodes.map(({ id }) => id)).toEqual(map.nodes.map(({ id }) => id));
    }));
  });
});
