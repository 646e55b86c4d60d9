import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { addColumn, deleteColumn, moveColumn, renameColumn } from '../kanban/column-commands.ts';
import { moveTask, moveTaskToColumn } from '../kanban/move-commands.ts';
import { createTask, deleteTask, updateTask } from '../kanban/task-commands.ts';
import { addMindMapNode, deleteMindMapNode, renameMindMapNode } from '../mindmap/mind-map-commands.ts';
import { createPage, deletePage, renamePage, updatePageBlocks } from '../pages/page-commands.ts';
import { createProject, deleteProject, updateProject } from '../projects/project-commands.ts';
import { BOARD_NOW, boardData } from '../testing/kanban-board.ts';
import type { WorkspaceCommand } from '../workspace/command.ts';
import { decodeCharacterReferences, escapeText } from '../workspace/html-text.ts';
import type { StudioData } from '../workspace/model.ts';
import { applyChange, createWorkspaceDoc, docFromState, encodeDocState, WorkspaceReader } from './workspace-doc.ts';

// Two replicas of one workspace (two tabs, two devices), each running random commands, exchanging their updates
// in a random interleaving (docs/decisions/061-yjs-merge-engine.md): once both have everything they show the same
// workspace, every write reads back as the command's result, and nothing one of them made is lost unless one of
// them deleted it.

interface Replica {
  doc: Y.Doc;
  reader: WorkspaceReader;
  data: StudioData;
  /** Updates made here that the other replica has not received yet. */
  outbox: Uint8Array[];
}

const LOCAL = 'local';

function replicaOf(doc: Y.Doc): Replica {
  const replica: Replica = { doc, reader: new WorkspaceReader(doc), data: null as unknown as StudioData, outbox: [] };
  doc.on('updateV2', (update: Uint8Array, origin: unknown) => {
    if (origin === LOCAL) replica.outbox.push(update);
  });
  replica.data = replica.reader.read();
  return replica;
}

function startingData(): StudioData {
  const data = boardData();
  return {
    ...data,
    pages: [{ id: 'p', title: 'Notes', icon: '📄', parentId: null, createdAt: BOARD_NOW.toISOString(), content: [
      { id: 'b1', type: 'paragraph', content: 'hello' }, { id: 'b2', type: 'todo', content: 'milk', checked: false },
    ] }],
  };
}

function pair(): [Replica, Replica] {
  const first = createWorkspaceDoc(startingData());
  return [replicaOf(first), replicaOf(docFromState(encodeDocState(first)))];
}

function deliver(from: Replica, to: Replica): void {
  for (const update of from.outbox.splice(0)) Y.applyUpdateV2(to.doc, update, 'remote');
  to.data = to.reader.read();
}

const stepArb = fc.record({
  kind: fc.constantFrom(
    'createTask', 'updateTask', 'deleteTask', 'moveOnTask', 'moveToColumn', 'addColumn', 'renameColumn', 'deleteColumn',
    'moveColumn', 'createPage', 'renamePage', 'type', 'deletePage', 'addNode', 'renameNode', 'deleteNode',
    'createProject', 'updateProject', 'deleteProject',
  ),
  a: fc.nat({ max: 30 }),
  b: fc.nat({ max: 30 }),
  text: fc.string({ minLength: 1, maxLength: 4 }),
});
type Step = typeof stepArb extends fc.Arbitrary<infer T> ? T : never;

const pick = <T>(list: readonly T[], index: number): T | undefined => list[index % Math.max(list.length, 1)];

interface Made {
  created: Set<string>;
  deleted: Set<string>;
}

/** The command a step names on the replica's current data; `made` records what it may create and delete. */
function toCall(data: StudioData, step: Step, tag: string, made: Made): [WorkspaceCommand<never>, unknown] | null {
  const tasks = Object.keys(data.kanbanBoard.items);
  const columns = data.kanbanBoard.columns;
  const taskId = pick(tasks, step.a);
  const column = pick(columns, step.b);
  const page = pick(data.pages, step.a);
  const node = pick(data.mindMap.nodes, step.a);
  const project = pick(data.projects, step.a);
  const id = `${tag}-${step.kind}`;
  const call = <I>(command: WorkspaceCommand<I>, input: I): [WorkspaceCommand<never>, unknown] => [command, input];
  switch (step.kind) {
    case 'createTask':
      // With every column deleted the command refuses the task (the board says so first): nothing is made.
      if (columns.length === 0) return null;
      made.created.add(`task:${id}`);
      return call(createTask, { id, content: step.text.trim() || 'x', columnId: column?.id });
    case 'updateTask':
      return taskId ? call(updateTask, { id: taskId, content: `${step.text}!` }) : null;
    case 'deleteTask':
      if (!taskId) return null;
      made.deleted.add(`task:${taskId}`);
      return call(deleteTask, { id: taskId });
    case 'moveOnTask': {
      const other = pick(tasks, step.b);
      return taskId && other ? call(moveTask, { taskId, over: { type: 'task', taskId: other } }) : null;
    }
    case 'moveToColumn':
      return taskId && column ? call(moveTaskToColumn, { taskId, columnId: column.id }) : null;
    case 'addColumn':
      return call(addColumn, { id });
    case 'renameColumn':
      return column ? call(renameColumn, { id: column.id, title: step.text }) : null;
    case 'deleteColumn':
      if (!column) return null;
      for (const task of column.itemIds) made.deleted.add(`task:${task}`);
      return call(deleteColumn, { id: column.id });
    case 'moveColumn':
      return column ? call(moveColumn, { id: column.id, toIndex: step.a % (columns.length + 1) }) : null;
    case 'createPage':
      made.created.add(`page:${id}`);
      return call(createPage, { id, blockId: `${id}-block`, parentId: page?.id ?? null });
    case 'renamePage':
      return page ? call(renamePage, { id: page.id, title: step.text }) : null;
    case 'type': {
      const block = page ? pick(page.content, step.b) : undefined;
      if (!page || !block) return null;
      // Typed as the editor writes it: into the text, escaped in the block's HTML (these blocks hold no tags).
      const text = decodeCharacterReferences(block.content);
      const at = step.a % (text.length + 1);
      const typed = { ...block, content: escapeText(text.slice(0, at) + step.text + text.slice(at)) };
      const blocks = page.content.map((entry) => (entry === block ? typed : entry));
      return call(updatePageBlocks, { id: page.id, blocks });
    }
    case 'deletePage':
      if (!page) return null;
      for (const gone of data.pages) made.deleted.add(`page:${gone.id}`);
      return call(deletePage, { id: page.id });
    case 'addNode':
      made.created.add(`node:${id}`);
      return call(addMindMapNode, { id, position: { x: step.a, y: step.b } });
    case 'renameNode':
      return node ? call(renameMindMapNode, { id: node.id, label: step.text }) : null;
    case 'deleteNode':
      if (!node) return null;
      made.deleted.add(`node:${node.id}`);
      return call(deleteMindMapNode, { id: node.id });
    case 'createProject':
      made.created.add(`project:${id}`);
      return call(createProject, { id, name: step.text.trim() || 'x' });
    case 'updateProject':
      return project ? call(updateProject, { id: project.id, name: `${step.text}?` }) : null;
    case 'deleteProject':
      if (!project) return null;
      made.deleted.add(`project:${project.id}`);
      return call(deleteProject, { id: project.id });
  }
}

/** Runs a step on one replica: the command on its data, written into its document, read back as the command's result. */
function runStep(replica: Replica, step: Step, tag: string, made: Made, now: Date): void {
  const found = toCall(replica.data, step, tag, made);
  if (!found) return;
  const [command, input] = found;
  const after = command.run(replica.data, input as never, now);
  const read = applyChange(replica.doc, replica.reader, replica.data, after, LOCAL);
  expect(read).toEqual(after);
  replica.data = read;
}

function ids(data: StudioData): Set<string> {
  return new Set([
    ...Object.keys(data.kanbanBoard.items).map((id) => `task:${id}`),
    ...data.pages.map((page) => `page:${page.id}`),
    ...data.mindMap.nodes.map((node) => `node:${node.id}`),
    ...data.projects.map((project) => `project:${project.id}`),
  ]);
}

function expectConsistent(data: StudioData): void {
  const listed = data.kanbanBoard.columns.flatMap((column) => column.itemIds);
  expect(new Set(listed).size).toBe(listed.length);
  expect([...listed].sort()).toEqual(Object.keys(data.kanbanBoard.items).sort());
  const nodes = new Set(data.mindMap.nodes.map((node) => node.id));
  for (const edge of data.mindMap.edges) expect(nodes.has(edge.source) && nodes.has(edge.target)).toBe(true);
}

/** What happens next: a replica runs its next step, or one replica's updates reach the other. */
const eventArb = fc.constantFrom('a', 'b', 'a→b', 'b→a');

/** 3 s on a quiet machine, over 30 s on a loaded CI run: the limit guards against a hang, not a busy machine. */
const PROPERTY_TIME_LIMIT_MS = 180_000;

describe('two replicas of the workspace, property-tested', () => {
  it('writes what settling decided when a command keeps it: a task created in a column another replica deleted', () => {
    // Found by the property below: B deletes the first column, A creates a task in it; B shows the task in its new first
    // column, then moves columns. The move must leave the task where B was shown it, in the document too.
    const [a, b] = pair();
    const made: Made = { created: new Set(), deleted: new Set() };
    runStep(a, { kind: 'createTask', a: 0, b: 0, text: ' ' }, 'a1', made, BOARD_NOW);
    runStep(b, { kind: 'deleteColumn', a: 0, b: 0, text: ' ' }, 'b1', made, BOARD_NOW);
    deliver(a, b);
    runStep(b, { kind: 'moveColumn', a: 1, b: 0, text: ' ' }, 'b2', made, BOARD_NOW);
    expect(Object.keys(b.data.kanbanBoard.items)).toContain('a1-createTask');
  });

  it('a task created on a board whose last column was deleted is refused, not counted as made', () => {
    // Found by the property below (seed -467718200): A deletes three columns, B the fourth, then creates a task.
    const [a, b] = pair();
    const made: Made = { created: new Set(), deleted: new Set() };
    for (const tag of ['a1', 'a2', 'a3']) runStep(a, { kind: 'deleteColumn', a: 0, b: 0, text: ' ' }, tag, made, BOARD_NOW);
    deliver(a, b);
    runStep(b, { kind: 'deleteColumn', a: 0, b: 0, text: ' ' }, 'b4', made, BOARD_NOW);
    runStep(b, { kind: 'createTask', a: 0, b: 0, text: ' ' }, 'b5', made, BOARD_NOW);
    expect(b.data.kanbanBoard.columns).toEqual([]);
    expect(b.data.kanbanBoard.items).toEqual({});
    expect(made.created.has('task:b5-createTask')).toBe(false);
  });

  it('property: any two sequences of commands, in any interleaving, converge; nothing made is lost unless deleted', () => {
    fc.assert(fc.property(fc.array(stepArb, { maxLength: 12 }), fc.array(stepArb, { maxLength: 12 }), fc.array(eventArb, { maxLength: 40 }),
      (stepsA, stepsB, events) => {
        const [a, b] = pair();
        const made: Made = { created: new Set(['task:a', 'task:b', 'task:c', 'task:d', 'page:p']), deleted: new Set() };
        const queues = { a: [...stepsA], b: [...stepsB] };
        let minute = 0;
        const next = (replica: Replica, name: 'a' | 'b') => {
          const step = queues[name].shift();
          minute += 1;
          if (step) runStep(replica, step, `${name}${minute}`, made, new Date(BOARD_NOW.getTime() + minute * 60_000));
        };
        for (const event of events) {
          if (event === 'a') next(a, 'a');
          else if (event === 'b') next(b, 'b');
          else if (event === 'a→b') deliver(a, b);
          else deliver(b, a);
        }
        while (queues.a.length > 0) next(a, 'a');
        while (queues.b.length > 0) next(b, 'b');
        deliver(a, b);
        deliver(b, a);
        expect(b.data).toEqual(a.data);
        expect(new WorkspaceReader(docFromState(encodeDocState(a.doc))).read()).toEqual(a.data);
        expectConsistent(a.data);
        const present = ids(a.data);
        for (const thing of made.created) if (!made.deleted.has(thing)) expect(present.has(thing), thing).toBe(true);
      }), { numRuns: 300 });
  }, PROPERTY_TIME_LIMIT_MS);

  it('property: characters typed into one block by two replicas at once are all kept, each replica\'s in its order', () => {
    const typingArb = fc.array(fc.record({ at: fc.nat({ max: 50 }), sync: fc.boolean() }), { maxLength: 25 });
    fc.assert(fc.property(typingArb, typingArb, (typedA, typedB) => {
      const [a, b] = pair();
      const type = (replica: Replica, char: string, at: number) => {
        const page = replica.data.pages[0];
        const block = page?.content[0];
        if (!page || !block) throw new Error('the page is missing');
        const position = at % (block.content.length + 1);
        const content = block.content.slice(0, position) + char + block.content.slice(position);
        const blocks = [{ ...block, content }, ...page.content.slice(1)];
        const after = updatePageBlocks.run(replica.data, { id: page.id, blocks }, BOARD_NOW);
        replica.data = applyChange(replica.doc, replica.reader, replica.data, after, LOCAL);
      };
      for (let index = 0; index < Math.max(typedA.length, typedB.length); index += 1) {
        const [stepA, stepB] = [typedA[index], typedB[index]];
        if (stepA) type(a, 'A', stepA.at);
        if (stepB) type(b, 'B', stepB.at);
        if (stepA?.sync) deliver(a, b);
        if (stepB?.sync) deliver(b, a);
      }
      deliver(a, b);
      deliver(b, a);
      const text = a.data.pages[0]?.content[0]?.content ?? '';
      expect(b.data.pages[0]?.content[0]?.content).toBe(text);
      expect(text.replace(/[AB]/g, '')).toBe('hello');
      expect(text.split('A').length - 1).toBe(typedA.length);
      expect(text.split('B').length - 1).toBe(typedB.length);
    }), { numRuns: 300 });
  }, PROPERTY_TIME_LIMIT_MS);
});

describe('completions under merge', () => {
  const complete = (replica: Replica, taskId: string, now: Date) => {
    const after = moveTaskToColumn.run(replica.data, { taskId, columnId: 'done' }, now);
    replica.data = applyChange(replica.doc, replica.reader, replica.data, after, LOCAL);
  };

  it('one task completed in two replicas at once scores once and grows its tree once', () => {
    const [a, b] = pair();
    complete(a, 'a', BOARD_NOW);
    complete(b, 'a', BOARD_NOW);
    const single = a.data;
    deliver(a, b);
    deliver(b, a);
    expect(a.data).toEqual(b.data);
    expect(a.data.gamification).toEqual(single.gamification);
    expect(a.data.gamification.score).toBe(10);
    expect(a.data.garden.find((entry) => entry.id === 'a')?.growthStage).toBe(1);
    expect(a.data.kanbanBoard.columns.find((column) => column.id === 'done')?.itemIds.filter((id) => id === 'a')).toEqual(['a']);
  });

  it('two tasks completed in two replicas at once both score, and the day counts once in the streak', () => {
    const [a, b] = pair();
    complete(a, 'a', BOARD_NOW);
    complete(b, 'b', BOARD_NOW);
    deliver(a, b);
    deliver(b, a);
    expect(a.data).toEqual(b.data);
    expect(a.data.gamification.score).toBe(20);
    expect(a.data.gamification.streak).toBe(1);
    expect(a.data.garden.filter((entry) => entry.growthStage === 1).map((entry) => entry.id).sort()).toEqual(['a', 'b']);
  });

  it('a task completed again later (moved back and finished again) scores again', () => {
    const [a, b] = pair();
    complete(a, 'a', BOARD_NOW);
    deliver(a, b);
    const movedBack = moveTaskToColumn.run(b.data, { taskId: 'a', columnId: 'todo' }, BOARD_NOW);
    b.data = applyChange(b.doc, b.reader, b.data, movedBack, LOCAL);
    complete(b, 'a', new Date(BOARD_NOW.getTime() + 86_400_000));
    deliver(b, a);
    expect(a.data.gamification.score).toBe(20);
    expect(a.data.gamification.streak).toBe(2);
  });

  it('property: completions in any interleaving score each (task, completion) once', () => {
    const stepArb = fc.record({ replica: fc.constantFrom('a', 'b'), task: fc.constantFrom('a', 'b', 'c'), sync: fc.boolean() });
    const completionArb = fc.array(stepArb, { maxLength: 8 });
    fc.assert(fc.property(completionArb, (steps) => {
      const [a, b] = pair();
      for (const step of steps) {
        const replica = step.replica === 'a' ? a : b;
        complete(replica, step.task, BOARD_NOW);
        if (step.sync) {
          deliver(a, b);
          deliver(b, a);
        }
      }
      deliver(a, b);
      deliver(b, a);
      expect(a.data).toEqual(b.data);
      const done = new Set(steps.map((step) => step.task));
      expect(a.data.gamification.score).toBe(10 * done.size);
    }), { numRuns: 200 });
  }, PROPERTY_TIME_LIMIT_MS);
});
