import {
  addMindMapNode, deleteMindMapNode, layoutMindMap, moveMindMapNodes, randomNodePosition, setMindMapNodeColor, type MindMapColor,
} from '@grove/domain/mindmap/mind-map-commands';
import { LAYOUT_ANIMATION_MS, MIND_MAP_ZOOM, SNAP_GRID } from '@grove/domain/mindmap/mind-map-layout';
import { childPosition, nextSelection, parentOf, selectMindMap, siblingPosition } from '@grove/domain/mindmap/mind-map-selectors';
import { generateId } from '@grove/domain/workspace/ids';
import {
  Background, Controls, ReactFlow, ReactFlowProvider, useReactFlow, type OnNodeDrag,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { Network } from 'lucide-react';
import { toast } from 'sonner';
import { useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { ScreenHeader } from '@/components/screen-header.tsx';
import { isScreenKey } from '@/lib/app-commands/app-commands.ts';
import { motionDuration } from '@/lib/motion.ts';
import { useTheme } from '@/lib/theme-provider.tsx';
import { useLinkParams } from '@/lib/use-link-params.ts';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';
import { useUndo } from '@/lib/workspace-store/use-undo.ts';
import { useWorkspaceSelector, useWorkspaceStore } from '@/lib/workspace-store/workspace-provider.tsx';
import { LabelEditingContext, NODE_TYPES, type LabelEditing, type MindMapFlowNode } from './mind-map-node.tsx';
import { MindMapToolbar } from './mind-map-toolbar.tsx';
import { useFlowNodes } from './use-flow-nodes.ts';
import './mind-map.css';

/**
 * The first view fits the whole map, but no smaller than this: below it the labels (14 px at zoom 1) are too small to
 * read. A map too wide for it opens on its middle (the root, once laid out), readable; Fit view still shows it all.
 */
const FIRST_VIEW = { minZoom: 0.75, maxZoom: 1, padding: 0.08 } as const;

/** `?new=1` adds a node; `?node=<id>` selects and centres one (app-commands.ts, the command palette). */
const LINK_PARAMS = ['new', 'node'] as const;

const ARROWS: Record<string, 'up' | 'down' | 'left' | 'right'> = { ArrowUp: 'up', ArrowDown: 'down', ArrowLeft: 'left', ArrowRight: 'right' };

function MindMapWorkspace() {
  const { t } = useTranslation();
  const store = useWorkspaceStore();
  const { notifyDone } = useUndo();
  const { resolved } = useTheme();
  const flow = useReactFlow<MindMapFlowNode>();
  const map = useWorkspaceSelector(selectMindMap);
  const { nodes, onNodesChange, select } = useFlowNodes(map.nodes);
  const edges = useMemo(() => map.edges.map(({ id, source, target }) => ({ id, source, target, focusable: false })), [map.edges]);
  const [editingId, setEditingId] = useState<string | null>(null);
  const canvas = useRef<HTMLDivElement>(null);

  const selectedIds = useMemo(() => nodes.filter((node) => node.selected).map((node) => node.id), [nodes]);
  const primary = selectedIds[0] ?? null;

  /** Pans (at the same zoom) to a node outside the view: a new idea, or one reached with the arrow keys. */
  const revealNode = useCallback((id: string) => {
    const node = flow.getInternalNode(id);
    const box = canvas.current?.getBoundingClientRect();
    if (!node || !box) return;
    const { x, y } = node.internals.positionAbsolute;
    const width = node.measured.width ?? 150;
    const height = node.measured.height ?? 40;
    const { x: panX, y: panY, zoom } = flow.getViewport();
    const left = x * zoom + panX;
    const top = y * zoom + panY;
    const inView = left >= 0 && top >= 0 && left + width * zoom <= box.width && top + height * zoom <= box.height;
    if (!inView) void flow.setCenter(x + width / 2, y + height / 2, { zoom, duration: 200 });
  }, [flow]);

  /**
   * Selects the node and gives it keyboard focus, on the next frame: a node made by the command just dispatched is
   * in the flow (and drawn) by then.
   */
  const focusNode = useCallback((id: string, focus = true) => {
    requestAnimationFrame(() => {
      select([id]);
      revealNode(id);
      if (!focus) return;
      // A node out of view is drawn only once the view has moved to it: try again on the next frames.
      let tries = 0;
      const focusIt = () => {
        const element = canvas.current?.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(id)}"]`);
        if (element) element.focus();
        else if (tries < 60) {
          tries += 1;
          requestAnimationFrame(focusIt);
        }
      };
      focusIt();
    });
  }, [revealNode, select]);

  const add = useCallback((placement: { parentId: string | null; position: { x: number; y: number } }, edit: boolean) => {
    const id = generateId('node');
    store.dispatch(addMindMapNode, { id, label: t('mindMap.newIdea'), position: placement.position, parentId: placement.parentId, edgeId: generateId('edge') });
    // A node made to be named at once keeps the focus in its label field.
    focusNode(id, !edit);
    if (edit) setEditingId(id);
  }, [focusNode, store, t]);

  // Add Node: a random spot within about -200..200 on both axes (docs/product.md, Mind map).
  const addNode = useCallback(() => add({ parentId: null, position: randomNodePosition(Math.random) }, false), [add]);
  // The toolbar's Add Child Node places the idea as Add Node does (docs/product.md); Tab (keyboard-first entry)
  // places it next to its parent, where it can be named at once.
  const addChild = useCallback((fromKeyboard: boolean) => {
    if (primary === null) return;
    const position = fromKeyboard ? childPosition(store.getSnapshot().data.mindMap, primary) : randomNodePosition(Math.random);
    if (position) add({ parentId: primary, position }, fromKeyboard);
  }, [add, primary, store]);
  const addSibling = useCallback(() => {
    if (primary === null) return;
    const current = store.getSnapshot().data.mindMap;
    const parent = parentOf(current, primary);
    const position = siblingPosition(current, primary);
    // A root has no siblings to join: its new idea is its child.
    if (parent === null || !position) addChild(true);
    else add({ parentId: parent, position }, true);
  }, [add, addChild, primary, store]);

  /** Selects a node and centres the view on it (a node the command palette found, issue 32). */
  const centreNode = useCallback((id: string) => {
    requestAnimationFrame(() => {
      const node = flow.getInternalNode(id);
      if (!node) return;
      const { x, y } = node.internals.positionAbsolute;
      // A node out of view may not be drawn (measured) yet: its usual size is close enough to centre it.
      const width = node.measured.width ?? 150;
      const height = node.measured.height ?? 40;
      void flow.setCenter(x + width / 2, y + height / 2, { zoom: flow.getViewport().zoom, duration: motionDuration(200) });
      focusNode(id);
    });
  }, [flow, focusNode]);

  useLinkParams(LINK_PARAMS, (link) => {
    if (link.node !== undefined) {
      if (store.getSnapshot().data.mindMap.nodes.some((node) => node.id === link.node)) centreNode(link.node);
      else toast.error(t('mindMap.toast.notFound'));
    } else if (link.new !== undefined) {
      addNode();
    }
  });

  const deleteSelected = useCallback(() => {
    for (const id of selectedIds) {
      const entry = store.dispatch(deleteMindMapNode, { id });
      notifyDone(t('mindMap.toast.deleted'), entry);
    }
  }, [notifyDone, selectedIds, store, t]);

  const setColor = useCallback((color: MindMapColor | null) => {
    for (const id of selectedIds) store.dispatch(setMindMapNodeColor, { id, color });
  }, [selectedIds, store]);

  const layout = useCallback(() => {
    store.dispatch(layoutMindMap, {});
    // The view goes back to zoom 1 with the origin (the first root) at the top centre of the canvas.
    const width = canvas.current?.clientWidth ?? 0;
    void flow.setViewport({ x: width / 2, y: 60, zoom: 1 }, { duration: motionDuration(LAYOUT_ANIMATION_MS) });
  }, [flow, store]);

  const editing: LabelEditing = useMemo(() => ({
    editingId,
    start: (id) => setEditingId(id),
    end: (id) => {
      setEditingId(null);
      // The node takes the keyboard at once, before its field unmounts: a key pressed in the next frame (an arrow
      // right after Enter) falls on the map, not on the page (a clean run once lost that arrow).
      // Only from the field itself (Enter, Escape): a blur has sent the focus where the user wanted it.
      const element = canvas.current?.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(id)}"]`);
      if (element?.contains(document.activeElement)) element.focus();
      focusNode(id);
    },
  }), [editingId, focusNode]);

  const onNodeDragStop: OnNodeDrag<MindMapFlowNode> = useCallback((_event, _node, dragged) => {
    store.dispatch(moveMindMapNodes, { moves: dragged.map(({ id, position }) => ({ id, x: position.x, y: position.y })) });
  }, [store]);

  // Keyboard-first entry, as in the best mind-map tools: Tab a child, Enter a sibling, F2 edits, Delete removes,
  // arrows move the selection along the edges. Caught before React Flow, whose arrows would move the node.
  const keyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (editingId !== null || primary === null || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLButtonElement) return;
    // The keys are the command registry's, which the shortcut sheet lists (app-commands.ts).
    const is = (id: string) => isScreenKey(id, event);
    const direction = ARROWS[event.key];
    const handled = () => {
      event.preventDefault();
      event.stopPropagation();
    };
    if (direction && is('mindMap.select')) {
      handled();
      focusNode(nextSelection(store.getSnapshot().data.mindMap, primary, direction));
    } else if (is('mindMap.addChild')) {
      handled();
      addChild(true);
    } else if (is('mindMap.addSibling')) {
      handled();
      addSibling();
    } else if (is('mindMap.rename')) {
      handled();
      setEditingId(primary);
    } else if (is('mindMap.delete')) {
      handled();
      deleteSelected();
    }
  };

  const ariaLabelConfig = useMemo(() => ({
    'controls.ariaLabel': t('mindMap.controls.label'),
    'controls.zoomIn.ariaLabel': t('mindMap.controls.zoomIn'),
    'controls.zoomOut.ariaLabel': t('mindMap.controls.zoomOut'),
    'controls.fitView.ariaLabel': t('mindMap.controls.fitView'),
    'controls.interactive.ariaLabel': t('mindMap.controls.interactive'),
    'node.a11yDescription.default': t('mindMap.a11y.node'),
    'node.a11yDescription.keyboardDisabled': t('mindMap.a11y.node'),
    'edge.a11yDescription.default': t('mindMap.a11y.edge'),
  }), [t]);

  return (
    <LabelEditingContext.Provider value={editing}>
      <MindMapToolbar
        hasSelection={primary !== null}
        selectedColor={primary === null ? null : (nodes.find((node) => node.id === primary)?.data.color ?? null)}
        onAddNode={addNode}
        onAddChild={() => addChild(false)}
        onDelete={deleteSelected}
        onLayout={layout}
        onColor={setColor}
      />
      <div
        ref={canvas}
        onKeyDownCapture={keyDown}
        className="mind-map-canvas relative min-h-[24rem] flex-1 overflow-hidden rounded-xl border border-border bg-surface"
      >
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={NODE_TYPES}
          onNodesChange={onNodesChange}
          onNodeDragStop={onNodeDragStop}
          colorMode={resolved}
          minZoom={MIND_MAP_ZOOM.min}
          maxZoom={MIND_MAP_ZOOM.max}
          snapToGrid
          snapGrid={[SNAP_GRID, SNAP_GRID]}
          fitView
          fitViewOptions={FIRST_VIEW}
          deleteKeyCode={null}
          // Panning a big map redraws only the nodes and edges in view (bench:mindmap).
          onlyRenderVisibleElements
          zoomOnDoubleClick={false}
          nodesConnectable={false}
          ariaLabelConfig={ariaLabelConfig}
          proOptions={{ hideAttribution: true }}
        >
          <Background gap={SNAP_GRID * 2} />
          <Controls />
        </ReactFlow>
        {map.nodes.length === 0 ? (
          // Every idea deleted (or an empty file imported): say what to do instead of showing a bare grid.
          <div className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center p-6 text-center">
            <Network aria-hidden className="mb-3 h-10 w-10 text-muted-foreground" />
            <p className="text-lg font-semibold">{t('mindMap.empty.title')}</p>
            <p className="mt-1 max-w-sm text-muted-foreground">{t('mindMap.empty.hint')}</p>
          </div>
        ) : null}
      </div>
      {/* Keys for a keyboard: not shown on a touch screen (the nodes still describe them to screen readers). */}
      <p className="mt-2 text-xs text-muted-foreground pointer-coarse:hidden">{t('mindMap.keysHint')}</p>
    </LabelEditingContext.Provider>
  );
}

/** The mind map (docs/product.md, Mind map): the canvas, its toolbar, keyboard-first editing. */
export function Component() {
  const { title, description } = useScreenMeta({ key: 'mindMap', path: '/mind-map' });
  return (
    <div className="flex h-[calc(100dvh-var(--spacing-header)-3rem)] min-h-[32rem] flex-col">
      <ScreenHeader title={title} subtitle={description} />
      <ReactFlowProvider>
        <MindMapWorkspace />
      </ReactFlowProvider>
    </div>
  );
}
