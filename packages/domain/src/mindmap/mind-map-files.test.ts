import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mindMapArb } from '../testing/studio-arbitraries.ts';
import { idsFromSeed } from '../workspace/ids.ts';
import type { MindMap, MindMapNode } from '../workspace/model.ts';
import {
  escapeMarkdownLabel, MIND_MAP_JSON_FILE, MIND_MAP_MARKDOWN_FILE, MIND_MAP_PNG_FILE, mindMapToJson, mindMapToMarkdown,
  parseMindMapFile, pngExportScale,
} from './mind-map-files.ts';
import { PNG_MAX_SIDE } from './mind-map-layout.ts';

const ids = () => idsFromSeed({ time: 1, salt: 2 });
const node = (id: string, label: string, x = 0, y = 0): MindMapNode => ({ id, type: 'customText', position: { x, y }, data: { label } });
const unselected = (map: MindMap) => ({ nodes: map.nodes.map(({ selected: _selected, ...rest }) => rest), edges: map.edges });

describe('file names', () => {
  it('are the product\'s', () => {
    expect([MIND_MAP_PNG_FILE, MIND_MAP_JSON_FILE, MIND_MAP_MARKDOWN_FILE]).toEqual(['mindmap.png', 'mindmap.json', 'mindmap.md']);
  });
});

describe('mindMapToJson', () => {
  it('writes { nodes, edges } pretty-printed, without selection or other map fields', () => {
    const map = { nodes: [{ ...node('a', 'A'), selected: true }], edges: [], viewport: { zoom: 2 } } as MindMap;
    const text = mindMapToJson(map);
    expect(text).toContain('\n  "nodes": [');
    expect(JSON.parse(text)).toEqual({ nodes: [node('a', 'A')], edges: [] });
  });

  it('property: parsing the export gives the map back, minus selection; so does importing it', () => {
    fc.assert(fc.property(mindMapArb, (map) => {
      const text = mindMapToJson(map);
      expect(JSON.parse(text)).toEqual(unselected(map));
      expect(parseMindMapFile(text, ids())).toEqual({ ok: true, map: unselected(map) });
    }));
  });
});

describe('parseMindMapFile', () => {
  it('says parse for text that is not JSON', () => {
    expect(parseMindMapFile('{nodes:', ids())).toEqual({ ok: false, error: 'parse' });
    expect(parseMindMapFile('', ids())).toEqual({ ok: false, error: 'parse' });
  });

  it('says format without both a nodes and an edges list, or with no usable node', () => {
    for (const text of ['[]', 'null', '3', '{"nodes":[]}', '{"edges":[]}', '{"nodes":{},"edges":[]}', '{"nodes":[],"edges":[]}',
      '{"nodes":[{"id":"a","position":{"x":"1","y":2}}],"edges":[]}']) {
      expect(parseMindMapFile(text, ids())).toEqual({ ok: false, error: 'format' });
    }
  });

  it('sanitises like loading: unpositioned nodes and dangling edges dropped, missing ids given', () => {
    const text = JSON.stringify({
      nodes: [{ id: 'a', position: { x: 1, y: 2 }, data: { label: 'A' } }, { id: 'b', data: { label: 'B' } }, { position: { x: 0, y: 0 }, data: { label: 7 } }],
      edges: [{ id: 'e1', source: 'a', target: 'b' }, { source: 'a', target: 'a' }],
    });
    const result = parseMindMapFile(text, ids());
    if (!result.ok) throw new Error('expected a map');
    expect(result.map.nodes.map((each) => each.data.label)).toEqual(['A', '7']);
    expect(result.map.nodes[1]?.id).toMatch(/^node-/);
    expect(result.map.edges).toEqual([{ id: expect.stringMatching(/^edge-/) as string, source: 'a', target: 'a' }]);
  });
});

describe('mindMapToMarkdown', () => {
  it('writes the heading and an indented bullet list from each root, left to right', () => {
    const map: MindMap = {
      nodes: [node('r', 'Central Idea'), node('b', 'Beta', 100, 100), node('a', 'Alpha', -100, 100), node('a1', 'Deep', -100, 200), node('s', 'Side', 500)],
      edges: [{ id: 'e1', source: 'r', target: 'b' }, { id: 'e2', source: 'r', target: 'a' }, { id: 'e3', source: 'a', target: 'a1' }],
    };
    expect(mindMapToMarkdown(map)).toBe('# Mind Map\n\n- Central Idea\n  - Alpha\n    - Deep\n  - Beta\n- Side\n');
  });

  it('lists a shared child once, ends on cycles and lists nodes reached only around a cycle', () => {
    const map: MindMap = {
      nodes: [node('r', 'R'), node('a', 'A', -100, 100), node('b', 'B', 100, 100), node('s', 'Shared', 0, 200), node('x', 'X', 900), node('y', 'Y', 1000)],
      edges: [
        { id: 'e1', source: 'r', target: 'a' }, { id: 'e2', source: 'r', target: 'b' }, { id: 'e3', source: 'a', target: 's' },
        { id: 'e4', source: 'b', target: 's' }, { id: 'e5', source: 's', target: 'a' }, { id: 'e6', source: 'x', target: 'y' },
        { id: 'e7', source: 'y', target: 'x' },
      ],
    };
    expect(mindMapToMarkdown(map)).toBe('# Mind Map\n\n- R\n  - A\n    - Shared\n  - B\n- X\n  - Y\n');
  });

  it('keeps each label on one line and escapes markup', () => {
    expect(escapeMarkdownLabel('two\nlines  here ')).toBe('two lines here');
    expect(escapeMarkdownLabel('*bold* [link](x) <b> a_b `c` | ~ &amp; \\')).toBe('\\*bold\\* \\[link\\](x) \\<b\\> a\\_b \\`c\\` \\| \\~ \\&amp; \\\\');
    expect(['# h', '- x', '+ x', '= x', '1. x', '2) x', 'a-b', 'v1.2'].map(escapeMarkdownLabel))
      .toEqual(['\\# h', '\\- x', '\\+ x', '\\= x', '1\\. x', '2\\) x', 'a-b', 'v1.2']);
    expect(mindMapToMarkdown({ nodes: [node('a', '')], edges: [] })).toBe('# Mind Map\n\n-\n');
  });

  it('property: every node is listed once, each line a bullet', () => {
    fc.assert(fc.property(mindMapArb, (map) => {
      const lines = mindMapToMarkdown(map).split('\n');
      expect(lines.slice(0, 2)).toEqual(['# Mind Map', '']);
      const items = lines.slice(2, -1);
      expect(items).toHaveLength(map.nodes.length);
      for (const line of items) expect(line).toMatch(/^( {2})*-( |$)/);
    }));
  });
});

describe('pngExportScale', () => {
  it('keeps the preferred scale unless a side would pass the largest canvas', () => {
    expect(pngExportScale(1000, 500, 2)).toBe(2);
    expect(pngExportScale(PNG_MAX_SIDE * 2, 10, 2)).toBe(0.5);
    expect(pngExportScale(0, 0, 2)).toBe(2);
  });
});
