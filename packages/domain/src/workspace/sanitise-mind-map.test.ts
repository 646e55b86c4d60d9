import { describe, expect, it } from 'vitest';
import { createDefaultMindMap } from './defaults.ts';
import { createIdGenerator } from './ids.ts';
import type { Repair, Report } from './repair.ts';
import { sanitiseMindMap } from './sanitise-mind-map.ts';

const node = (id: string, x: unknown = 0, y: unknown = 0, label = id) => ({ id, type: 'customText', position: { x, y }, data: { label } });
const edge = (id: string, source: string, target: string) => ({ id, source, target });

function sanitise(raw: unknown) {
  const repairs: Repair[] = [];
  const report: Report = (section, message, lossy, kind) => repairs.push({ section, kind, message, lossy });
  return { map: sanitiseMindMap(raw, createIdGenerator({ now: () => 7, random: () => 0 }), report), repairs };
}

describe('mind map sanitising', () => {
  describe('rule: if the map, its node list or edge list is missing or not a list, use the default map', () => {
    it.each([
      ['the map missing', undefined],
      ['the map not an object', 'a map'],
      ['the map a list', [node('a')]],
      ['the node list missing', { edges: [] }],
      ['the node list not a list', { nodes: { a: node('a') }, edges: [] }],
      ['the edge list missing', { nodes: [node('a')] }],
      ['the edge list not a list', { nodes: [node('a')], edges: 'none' }],
    ])('%s', (_, raw) => {
      expect(sanitise(raw).map).toEqual(createDefaultMindMap());
    });

    it('reports a damaged map as lossy but a missing one as not', () => {
      expect(sanitise(undefined).repairs).toEqual([expect.objectContaining({ lossy: false })]);
      expect(sanitise({ nodes: [node('a')] }).repairs).toEqual([expect.objectContaining({ lossy: true })]);
    });
  });

  describe('rule: nodes without numeric x and y are dropped', () => {
    it('drops nodes whose x or y is missing, text, null, infinite or NaN, or whose position is missing', () => {
      const { map, repairs } = sanitise({
        nodes: [
          node('keep', 10, -20.5),
          node('text-x', '10', 0),
          node('null-y', 0, null),
          node('infinite', Number.POSITIVE_INFINITY, 0),
          node('nan', 0, Number.NaN),
          { id: 'no-position', data: { label: 'x' } },
          { id: 'missing-y', position: { x: 1 }, data: { label: 'x' } },
          'not a node',
        ],
        edges: [],
      });
      expect(map.nodes.map((kept) => kept.id)).toEqual(['keep']);
      expect(map.nodes[0]?.position).toEqual({ x: 10, y: -20.5 });
      expect(repairs.filter((repair) => repair.lossy)).toHaveLength(7);
    });
  });

  describe('rule: if no nodes remain, use the default map', () => {
    it('when every node was dropped', () => {
      expect(sanitise({ nodes: [node('a', 'x', 'y')], edges: [edge('e', 'a', 'a')] }).map).toEqual(createDefaultMindMap());
    });

    it('when the node list was empty', () => {
      expect(sanitise({ nodes: [], edges: [] }).map).toEqual(createDefaultMindMap());
    });
  });

  describe('rule: edges whose source or target is not a surviving node are dropped', () => {
    it('drops edges to missing nodes, to dropped nodes, and with non-text ends', () => {
      const { map } = sanitise({
        nodes: [node('a'), node('b'), node('dropped', null, 0)],
        edges: [
          edge('ok', 'a', 'b'),
          edge('to-missing', 'a', 'ghost'),
          edge('from-missing', 'ghost', 'b'),
          edge('to-dropped', 'a', 'dropped'),
          { id: 'numeric', source: 1, target: 'b' },
          { id: 'no-target', source: 'a' },
          null,
        ],
      });
      expect(map.edges).toEqual([edge('ok', 'a', 'b')]);
    });
  });

  describe('beyond the product\'s rule: the rest of a node is repaired, not lost', () => {
    it('keeps label, colour and selection, and every field it does not know, at each level', () => {
      const { map, repairs } = sanitise({
        nodes: [{
          ...node('a', 1, 2, 'Plan'),
          position: { x: 1, y: 2, z: 3 },
          data: { label: 'Plan', style: { backgroundColor: '#fee2e2', borderColor: 'red' }, emoji: '🌱' },
          selected: true,
          shape: 'round',
        }],
        edges: [{ ...edge('e', 'a', 'a'), label: 'self' }],
        viewport: { zoom: 2 },
      });
      expect(map).toEqual({
        nodes: [{
          id: 'a', type: 'customText', position: { x: 1, y: 2, z: 3 },
          data: { label: 'Plan', style: { backgroundColor: '#fee2e2', borderColor: 'red' }, emoji: '🌱' }, selected: true, shape: 'round',
        }],
        edges: [{ id: 'e', source: 'a', target: 'a', label: 'self' }],
        viewport: { zoom: 2 },
      });
      expect(repairs).toEqual([]);
    });

    it('replaces fields holding something unusable, and names them as a lossy repair', () => {
      const { map, repairs } = sanitise({
        nodes: [{ id: 'a', type: 'group', position: { x: 0, y: 0 }, data: { label: ['A'], style: { backgroundColor: 3 } }, selected: 'yes' }],
        edges: [],
      });
      expect(map.nodes).toEqual([{ id: 'a', type: 'customText', position: { x: 0, y: 0 }, data: { label: '', style: {} } }]);
      expect(repairs).toEqual([{
        section: 'mindMap', kind: 'reset', message: 'nodes[0] (a): reset invalid fields: type, data.label, data.style.backgroundColor, selected.', lossy: true,
      }]);
    });

    it('gives a node without an id a new one and turns a numeric label into text', () => {
      const { map } = sanitise({ nodes: [{ position: { x: 0, y: 0 }, data: { label: 42 } }], edges: [] });
      expect(map.nodes[0]).toMatchObject({ id: 'node-7-000000', data: { label: '42' } });
    });

    it('gives a repeated node id a new id; edges keep pointing at the first', () => {
      const { map } = sanitise({ nodes: [node('a', 0, 0, 'first'), node('a', 5, 5, 'second')], edges: [edge('e', 'a', 'a')] });
      expect(map.nodes.map((kept) => [kept.id, kept.data.label])).toEqual([['a', 'first'], ['node-7-000000', 'second']]);
      expect(map.edges).toEqual([edge('e', 'a', 'a')]);
    });

    it('gives edges without an id, or with a repeated one, a new id', () => {
      const { map } = sanitise({ nodes: [node('a'), node('b')], edges: [{ source: 'a', target: 'b' }, edge('e', 'a', 'b'), edge('e', 'b', 'a')] });
      expect(map.edges.map((kept) => kept.id)).toEqual(['edge-7-000000', 'e', 'edge-8-000000']);
    });

    it('leaves a valid map exactly as it was, with nothing to report', () => {
      const raw = { nodes: [node('a', 1, 1), { ...node('b', 2, 2), data: { label: 'b', style: {} } }], edges: [edge('e', 'a', 'b')] };
      const { map, repairs } = sanitise(structuredClone(raw));
      expect(map).toEqual(raw);
      expect(repairs).toEqual([]);
    });
  });
});
