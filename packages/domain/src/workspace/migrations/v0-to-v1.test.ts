import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { v0ToV1 } from './v0-to-v1.ts';

describe('migration v0 → v1', () => {
  it('writes priority medium on tasks that had none (missing means medium), and keeps set ones', () => {
    const result = v0ToV1.migrate({
      kanbanBoard: { columns: [], items: { a: { id: 'a', content: 'A' }, b: { id: 'b', content: 'B', priority: 'high' } } },
    });
    expect(result.kanbanBoard).toEqual({
      columns: [], items: { a: { id: 'a', content: 'A', priority: 'medium' }, b: { id: 'b', content: 'B', priority: 'high' } },
    });
  });

  it('removes empty due dates from tasks and projects', () => {
    const result = v0ToV1.migrate({
      projects: [{ id: 'p', dueDate: '' }, { id: 'q', dueDate: '2024-04-01T00:00:00.000Z' }],
      kanbanBoard: { items: { a: { id: 'a', priority: 'low', dueDate: null } } },
    });
    expect(result.projects).toEqual([{ id: 'p' }, { id: 'q', dueDate: '2024-04-01T00:00:00.000Z' }]);
    expect(result.kanbanBoard).toEqual({ items: { a: { id: 'a', priority: 'low' } } });
  });

  it('removes React Flow 11\'s runtime state from mind map nodes and edges, and keeps everything else', () => {
    const result = v0ToV1.migrate({
      mindMap: {
        nodes: [{
          id: 'n', position: { x: 0, y: 0 }, data: { label: 'N' }, selected: true, shape: 'round',
          width: 150, height: 42, positionAbsolute: { x: 0, y: 0 }, dragging: false, resizing: false,
        }],
        edges: [
          { id: 'e', source: 'n', target: 'n', sourceHandle: null, targetHandle: null, selected: false, label: 'self' },
          { id: 'f', source: 'n', target: 'n', sourceHandle: 'left' },
        ],
        viewport: { zoom: 1 },
      },
    });
    expect(result.mindMap).toEqual({
      nodes: [{ id: 'n', position: { x: 0, y: 0 }, data: { label: 'N' }, selected: true, shape: 'round' }],
      edges: [{ id: 'e', source: 'n', target: 'n', label: 'self' }, { id: 'f', source: 'n', target: 'n', sourceHandle: 'left' }],
      viewport: { zoom: 1 },
    });
  });

  it('handles partial data (a backup with only some sections) and leaves other sections alone', () => {
    const garden = [{ id: 'x' }];
    expect(v0ToV1.migrate({ garden })).toEqual({ garden });
  });

  it('never throws and never mutates its input', () => {
    fc.assert(fc.property(fc.dictionary(fc.constantFrom('projects', 'kanbanBoard', 'mindMap', 'other'), fc.anything()), (data) => {
      const before = structuredClone(data);
      v0ToV1.migrate(data);
      expect(data).toEqual(before);
    }));
  });
});
