import type { MindMapNode } from '@grove/domain/workspace/model';
import { applyNodeChanges, Position, type NodeChange, type NodeHandle } from '@xyflow/react';
import { useCallback, useState } from 'react';
import type { MindMapFlowNode } from './mind-map-node.tsx';

// React Flow's nodes, kept in step with the workspace's. React Flow owns what changes every frame (a drag's
// positions, selection, measured sizes); the workspace owns the rest and gets a drag once, on drop. When the
// stored nodes change (a command, undo, another tab), the flow nodes are rebuilt from them, keeping each node's
// selection and measured size, and keeping the very flow node object where nothing drawn changed (so memoised
// nodes do not re-render: a rename in a map of 2,000 nodes redraws one).

const color = (node: MindMapNode) => node.data.style?.backgroundColor;

function sameDrawing(flow: MindMapFlowNode, node: MindMapNode): boolean {
  return flow.position.x === node.position.x && flow.position.y === node.position.y
    && flow.data.label === node.data.label && flow.data.color === color(node);
}

/** The handles' size (mind-map.css): a handle sits centred on the node's top (target) and bottom (source) edge. */
const HANDLE = 6;

/**
 * The node's handles where React Flow would measure them: given with a size, a node counts as measured, so React
 * Flow draws only the nodes in view from the first render (onlyRenderVisibleElements) instead of drawing and
 * measuring every node of the map once before its first fit (2,000 nodes: most of bench:mindmap's first render).
 * A node drawn is measured all the same, and its handles follow (onNodesChange).
 */
function handlesFor({ width, height }: { width: number; height: number }): NodeHandle[] {
  return [
    { type: 'target', position: Position.Top, x: width / 2 - HANDLE / 2, y: -HANDLE / 2, width: HANDLE, height: HANDLE },
    { type: 'source', position: Position.Bottom, x: width / 2 - HANDLE / 2, y: height - HANDLE / 2, width: HANDLE, height: HANDLE },
  ];
}

/** A node's size before it is drawn, from its label: 14 px medium text, 16 px padding each side, 7 to 16 rem wide. */
function estimatedSize(label: string): { width: number; height: number } {
  const text = label.length * 7.4;
  const lines = Math.max(1, Math.ceil(text / 224));
  return { width: Math.round(Math.min(256, Math.max(112, text + 34))), height: 18 + lines * 20 };
}

function toFlowNode(node: MindMapNode, previous: MindMapFlowNode | undefined): MindMapFlowNode {
  if (previous && sameDrawing(previous, node)) return previous;
  const measured = previous?.measured?.width !== undefined && previous.measured.height !== undefined
    ? { width: previous.measured.width, height: previous.measured.height }
    : estimatedSize(node.data.label);
  return {
    id: node.id,
    type: 'customText',
    position: { x: node.position.x, y: node.position.y },
    data: { label: node.data.label, color: color(node) },
    selected: previous?.selected ?? false,
    measured,
    handles: handlesFor(measured),
  };
}

export function useFlowNodes(stored: readonly MindMapNode[]) {
  const [nodes, setNodes] = useState<MindMapFlowNode[]>(() => stored.map((node) => toFlowNode(node, undefined)));
  const [syncedFrom, setSyncedFrom] = useState(stored);

  // Rebuilt during render when the stored list changed (React's "adjust state when a prop changes" pattern).
  if (syncedFrom !== stored) {
    setSyncedFrom(stored);
    const previous = new Map(nodes.map((node) => [node.id, node]));
    setNodes(stored.map((node) => toFlowNode(node, previous.get(node.id))));
  }

  const onNodesChange = useCallback((changes: NodeChange<MindMapFlowNode>[]) => {
    const resized = new Set(changes.flatMap((change) => (change.type === 'dimensions' && change.dimensions ? [change.id] : [])));
    setNodes((current) => {
      const next = applyNodeChanges(changes, current);
      if (resized.size === 0) return next;
      return next.map((node) => (resized.has(node.id) && node.measured?.width !== undefined && node.measured.height !== undefined
        ? { ...node, handles: handlesFor({ width: node.measured.width, height: node.measured.height }) }
        : node));
    });
  }, []);

  /** Selects exactly these nodes. */
  const select = useCallback((ids: readonly string[]) => {
    const wanted = new Set(ids);
    setNodes((current) => current.map((node) => {
      const selected = wanted.has(node.id);
      return node.selected === selected ? node : { ...node, selected };
    }));
  }, []);

  return { nodes, onNodesChange, select };
}
