import type { MindMapNode } from '@grove/domain/workspace/model';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFlowNodes } from './use-flow-nodes.ts';

// React Flow draws a node it has not measured, whether in view or not (onlyRenderVisibleElements aside), to measure
// it: a map of 2,000 nodes was drawn whole before its first fit. The flow nodes come with a size and handles, so it
// draws only those in view; a node drawn is measured and its handles follow.

const node = (id: string, label: string, x = 0, y = 0): MindMapNode => ({ id, type: 'customText', position: { x, y }, data: { label } });

describe('the flow nodes', () => {
  it('come with a size estimated from the label (7 to 16 rem wide) and handles centred on the top and bottom edges', () => {
    const stored = [node('a', 'Plan'), node('b', 'x'.repeat(80))];
    const { result } = renderHook(() => useFlowNodes(stored));
    const [short, long] = result.current.nodes;
    expect(short?.measured).toEqual({ width: 112, height: 38 });
    expect(long?.measured?.width).toBe(256);
    expect(long?.measured?.height).toBe(78);
    expect(short?.handles).toEqual([
      { type: 'target', position: 'top', x: 53, y: -3, width: 6, height: 6 },
      { type: 'source', position: 'bottom', x: 53, y: 35, width: 6, height: 6 },
    ]);
  });

  it('take the size React Flow measures once drawn, and move the handles with it', () => {
    const stored = [node('a', 'Plan'), node('b', 'Build')];
    const { result } = renderHook(() => useFlowNodes(stored));
    const before = result.current.nodes[1];
    act(() => result.current.onNodesChange([{ type: 'dimensions', id: 'a', dimensions: { width: 140, height: 60 } }]));
    const [a, b] = result.current.nodes;
    expect(a?.measured).toEqual({ width: 140, height: 60 });
    expect(a?.handles?.map(({ x, y }) => ({ x, y }))).toEqual([{ x: 67, y: -3 }, { x: 67, y: 57 }]);
    // The other node is the very same object: it does not draw again.
    expect(b).toBe(before);
  });

  it('keep the measured size when the stored node moves', () => {
    let stored = [node('a', 'Plan')];
    const { result, rerender } = renderHook(() => useFlowNodes(stored));
    act(() => result.current.onNodesChange([{ type: 'dimensions', id: 'a', dimensions: { width: 150, height: 40 } }]));
    stored = [node('a', 'Plan', 30, 45)];
    rerender();
    expect(result.current.nodes[0]?.position).toEqual({ x: 30, y: 45 });
    expect(result.current.nodes[0]?.measured).toEqual({ width: 150, height: 40 });
    expect(result.current.nodes[0]?.handles?.[1]).toMatchObject({ x: 72, y: 37 });
  });
});
