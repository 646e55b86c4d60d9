import { Background, Controls, ReactFlow, useNodesState, type Edge, type Node } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import './mind-map.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { queryNumber, seededWorkspace } from '../seeded-workspace.ts';
import { openStoredWorkspace, withYjs } from '../yjs-storage.ts';

// bench:mindmap's bare baseline: the seeded map's nodes and edges on a plain @xyflow/react canvas, React Flow's
// default node (its label between two handles), its Background and Controls, nothing of Grove's (no store, node
// view, toolbar or keyboard). It is given the props of Grove's canvas that decide how much it draws: the first
// view's fit, the zoom bounds and onlyRenderVisibleElements (mind-map-screen.tsx, MIND_MAP_ZOOM, SNAP_GRID), so
// it draws the same part of the map. ?width=&height= size the canvas as Grove's (the bench reads Grove's).
// ?yjs: the same canvas with a Yjs document under it (decision 076): the seeded workspace turned into a document and
// stored on the first visit (../yjs-storage.ts), the map read out of the document; moves are not written back (the
// bench pans, which changes no node).

const FIRST_VIEW = { minZoom: 0.75, maxZoom: 1, padding: 0.08 } as const;
const ZOOM = { min: 0.5, max: 2 } as const;
const GRID = 15;

const map = (withYjs ? openStoredWorkspace().data : seededWorkspace()).mindMap;
const initialNodes: Node[] = map.nodes.map(({ id, position, data }) => ({ id, position, data: { label: data.label } }));
const edges: Edge[] = map.edges.map(({ id, source, target }) => ({ id, source, target }));

function BareMindMap() {
  const [nodes, , onNodesChange] = useNodesState(initialNodes);
  return (
    <div style={{ width: queryNumber('width', 1200), height: queryNumber('height', 800) }}>
      <ReactFlow
        nodes={nodes}
        edges={edges}
        onNodesChange={onNodesChange}
        fitView
        fitViewOptions={FIRST_VIEW}
        minZoom={ZOOM.min}
        maxZoom={ZOOM.max}
        onlyRenderVisibleElements
        proOptions={{ hideAttribution: true }}
      >
        <Background gap={GRID * 2} />
        <Controls />
      </ReactFlow>
    </div>
  );
}

const root = document.getElementById('root');
if (root) createRoot(root).render(<StrictMode><BareMindMap /></StrictMode>);
