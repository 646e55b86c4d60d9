import type { MindMapNode } from '@grove/domain/workspace/model';
import { applyNodeChanges, type NodeChange } from '@xyflow/react';
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

function toFlowNode(node: MindMapNode, previous: MindMapFlowNode | undefined): MindMapFlowNode {
  if (previous && sameDrawing(previous, node)) return previous;
  return {
    id: node.id,
    type: 'customText',
    position: { x: node.position.x, y: node.position.y },
    data: { label: node.data.label, color: color(node) },
    selected: previous?.selected ?? false,
    ...(previous?.measured ? { measured: previous.measured } : {}),
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
    setNodes((current) => applyNodeChanges(changes, current));
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
