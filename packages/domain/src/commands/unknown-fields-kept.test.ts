import { describe, expect, it } from 'vitest';
import { addColumn, deleteColumn, moveColumn, renameColumn } from '../kanban/column-commands.ts';
import { moveTask, moveTaskToColumn } from '../kanban/move-commands.ts';
import { clearCompleted, createTask, deleteTask, updateTask } from '../kanban/task-commands.ts';
import { reevaluateGardenCommand } from '../garden/reevaluate-garden.ts';
import {
  addMindMapNode, connectMindMapNodes, deleteMindMapNode, layoutMindMap, moveMindMapNodes, renameMindMapNode, setMindMapNodeColor,
} from '../mindmap/mind-map-commands.ts';
import { createPage, deletePage, renamePage, setPageCover, setPageIcon, updatePageBlocks } from '../pages/page-commands.ts';
import { createProject, deleteProject, updateProject } from '../projects/project-commands.ts';
import { withFieldsOnEveryObject } from '../testing/studio-arbitraries.ts';
import type { WorkspaceCommand } from '../workspace/command.ts';
import { WORKSPACE_COMMANDS } from './registry.ts';
import type { StudioData } from '../workspace/model.ts';
import { deepEqual } from '../workspace/undo-patch.ts';

// Decision 039: a field this version does not know, on any object, survives every command that edits that object
// (or anything around it). One row per command of the registry, each on the same data where every object carries
// such a field; the kanban commands are also property-tested on generated data (kanban-properties.test.ts).

const NOW = new Date('2026-03-05T10:00:00.000Z');
const CREATED = '2026-03-01T09:00:00.000Z';
const later = { from: 'a newer Grove', list: [1, { deep: true }] };

const base: StudioData = {
  projects: [{
    id: 'p1', name: 'Launch', description: '', status: 'active', priority: 'high', progress: 10, teamSize: 2,
    dueDate: '2026-04-01T00:00:00.000Z', createdAt: CREATED,
  }],
  pages: [
    { id: 'pg1', title: 'Handbook', icon: '📘', parentId: null, createdAt: CREATED, content: [
      { id: 'b1', type: 'paragraph', content: 'Hello' },
      { id: 'b2', type: 'todo', content: 'Ship', checked: false },
    ] },
    { id: 'pg2', title: 'Team', icon: '📄', parentId: 'pg1', createdAt: CREATED, content: [{ id: 'b3', type: 'paragraph', content: '' }] },
  ],
  kanbanBoard: {
    columns: [
      { id: 'c-todo', title: 'To-do', itemIds: ['t1', 't2'] },
      { id: 'c-doing', title: 'In progress', itemIds: [] },
      { id: 'c-done', title: 'Finished', itemIds: ['t3'] },
    ],
    items: {
      // Due two days before NOW: the garden's re-check wilts its tree.
      t1: { id: 't1', content: 'Write', description: '', priority: 'medium', tags: ['a'], dueDate: '2026-03-03' },
      t2: { id: 't2', content: 'Review', description: '', priority: 'low', tags: [] },
      t3: { id: 't3', content: 'Plan', description: '', priority: 'high', tags: [] },
    },
  },
  mindMap: {
    nodes: [
      { id: 'n1', type: 'customText', position: { x: 0, y: 0 }, data: { label: 'Root', style: { backgroundColor: '#fee2e2' } } },
      { id: 'n2', type: 'customText', position: { x: 200, y: 120 }, data: { label: 'Two' } },
      { id: 'n3', type: 'customText', position: { x: -200, y: 120 }, data: { label: 'Three' } },
    ],
    edges: [{ id: 'e1', source: 'n1', target: 'n2' }],
  },
  garden: [
    { id: 't1', sourceId: 't1', sourceType: 'task', growthStage: 1, status: 'healthy', createdAt: CREATED },
    { id: 't2', sourceId: 't2', sourceType: 'task', growthStage: 0, status: 'healthy', createdAt: CREATED },
  ],
  gamification: { score: 20, level: 1, streak: 1, lastCompletedDate: '2026-03-04', unlockedDecorations: [] },
};

const data = withFieldsOnEveryObject(base, { later });

/** Every object inside the data, by a name for its place that stays the same across a command. */
function places(studio: StudioData): Map<string, object> {
  const found = new Map<string, object>();
  for (const project of studio.projects) found.set(`project ${project.id}`, project);
  for (const page of studio.pages) {
    found.set(`page ${page.id}`, page);
    for (const block of page.content) found.set(`block ${page.id}/${block.id}`, block);
  }
  found.set('board', studio.kanbanBoard);
  for (const column of studio.kanbanBoard.columns) found.set(`column ${column.id}`, column);
  for (const task of Object.values(studio.kanbanBoard.items)) found.set(`task ${task.id}`, task);
  found.set('mind map', studio.mindMap);
  for (const node of studio.mindMap.nodes) {
    found.set(`node ${node.id}`, node);
    found.set(`node ${node.id} position`, node.position);
    found.set(`node ${node.id} data`, node.data);
    if (node.data.style) found.set(`node ${node.id} style`, node.data.style);
  }
  for (const edge of studio.mindMap.edges) found.set(`edge ${edge.id}`, edge);
  for (const entry of studio.garden) found.set(`tree ${entry.id}`, entry);
  found.set('gamification', studio.gamification);
  return found;
}

/** A command with an input of its own type, kept in one list with the others. */
const row = <Input>(command: WorkspaceCommand<Input>, input: Input) => ({
  command: command as WorkspaceCommand<never>,
  input: input as never,
});

/** What the editor sends back: the blocks rebuilt from its document, with the fields it knows only. */
const editedBlocks = [{ id: 'b1', type: 'heading' as const, content: 'Hello there' }, { id: 'b2', type: 'todo' as const, content: 'Ship', checked: true }];

const ROWS = [
  row(createTask, { id: 't-new', columnId: 'c-todo', content: 'New task' }),
  row(updateTask, { id: 't1', content: 'Write more', description: 'Why', priority: 'high', tags: ['b'], dueDate: null }),
  row(deleteTask, { id: 't2' }),
  row(moveTask, { taskId: 't1', over: { type: 'column', columnId: 'c-doing' } }),
  // Completes t2: scores (gamification) and grows its tree.
  row(moveTaskToColumn, { taskId: 't2', columnId: 'c-done' }),
  row(clearCompleted, { columnId: 'c-done' }),
  row(addColumn, { id: 'c-new' }),
  row(renameColumn, { id: 'c-doing', title: 'Doing' }),
  row(deleteColumn, { id: 'c-doing' }),
  row(moveColumn, { id: 'c-done', toIndex: 0 }),
  row(reevaluateGardenCommand, {}),
  row(createProject, { id: 'p-new', name: 'Next' }),
  row(updateProject, { id: 'p1', name: 'Launch v2', status: 'on-hold', progress: '55', teamSize: '3', dueDate: '' }),
  row(deleteProject, { id: 'p1' }),
  row(createPage, { id: 'pg-new', blockId: 'b-new', parentId: 'pg1' }),
  row(renamePage, { id: 'pg1', title: 'Handbook 2' }),
  row(setPageIcon, { id: 'pg1', icon: '🌱' }),
  row(setPageCover, { id: 'pg1', cover: 'data:image/png;base64,iVBORw0KGgo=' }),
  row(updatePageBlocks, { id: 'pg1', blocks: editedBlocks }),
  row(deletePage, { id: 'pg2' }),
  row(addMindMapNode, { id: 'n-new', position: { x: 40, y: 40 }, parentId: 'n1', edgeId: 'e-new' }),
  row(deleteMindMapNode, { id: 'n3' }),
  row(renameMindMapNode, { id: 'n1', label: 'Launch' }),
  // Removing the colour leaves the style with its unknown field; adding one makes a style.
  row(setMindMapNodeColor, { id: 'n1', color: null }),
  row(setMindMapNodeColor, { id: 'n2', color: '#dbeafe' }),
  row(moveMindMapNodes, { moves: [{ id: 'n2', x: 260, y: 160 }] }),
  row(layoutMindMap, {}),
  row(connectMindMapNodes, { id: 'e-new', source: 'n2', target: 'n3' }),
];

/** Commands that put a whole section or workspace in place: what stays is what they bring (backup.test.ts). */
const REPLACEMENTS = ['clearWorkspace', 'importBackup', 'restoreWorkspace', 'importMindMap'];

describe('unknown fields on every command that edits (decision 039)', () => {
  it('the sample carries an unknown field on every object of every kind', () => {
    const found = places(data);
    expect(found.size).toBe(28);
    for (const [place, value] of found) expect(value, place).toHaveProperty('later', later);
  });

  it('the table names every command of the registry, or says why it is left out', () => {
    const named = new Set([...ROWS.map(({ command }) => command.name), ...REPLACEMENTS]);
    expect(WORKSPACE_COMMANDS.map((command) => command.name).filter((name) => !named.has(name))).toEqual([]);
  });

  const cases = ROWS.map((entry) => [entry.command.name, entry] as const);
  it.each(cases)('%s keeps the unknown field of every object it leaves in place', (_name, { command, input }) => {
    const after = command.run(data, input, NOW);
    // The row must really change something, or it would prove nothing.
    expect(deepEqual(after, data)).toBe(false);
    const kept = places(after);
    for (const place of places(data).keys()) {
      const now = kept.get(place);
      if (now !== undefined) expect(now, place).toHaveProperty('later', later);
    }
  });
});
