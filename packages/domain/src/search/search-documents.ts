// What workspace search finds (issue 32): tasks (title, description, tags), projects (name, description), pages
// (title, body text) and mind-map nodes (label), each as one document. `searchChanges` tells an index what an edit
// changed by comparing the objects of two states: the projection keeps the identity of what an edit did not touch
// (replica/read.ts), so an edit costs its own documents, not a rebuild.
import { decodeCharacterReferences } from '../workspace/html-text.ts';
import type { KanbanItem, MindMapNode, Page, Project, StudioData } from '../workspace/model.ts';

export const SEARCH_KINDS = ['page', 'task', 'project', 'node'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export interface SearchDocument {
  /** `${kind}:${itemId}`: unique across kinds. */
  id: string;
  kind: SearchKind;
  itemId: string;
  /** A task's title, a project's or a page's name, a node's label. */
  title: string;
  /** A task's or project's description, a page's text; '' for a node. */
  text: string;
  /** A task's tags, one a line. */
  tags: string;
}

export const searchDocumentId = (kind: SearchKind, itemId: string): string => `${kind}:${itemId}`;

/** A block's rich text as plain text (block HTML holds inline elements only: block-html.ts). */
function blockText(html: string): string {
  return decodeCharacterReferences(html.replace(/<[^>]*>/g, ''));
}

export function taskDocument(task: KanbanItem): SearchDocument {
  return { id: searchDocumentId('task', task.id), kind: 'task', itemId: task.id, title: task.content, text: task.description, tags: task.tags.join('\n') };
}

export function projectDocument(project: Project): SearchDocument {
  return { id: searchDocumentId('project', project.id), kind: 'project', itemId: project.id, title: project.name, text: project.description, tags: '' };
}

export function pageDocument(page: Page): SearchDocument {
  const text = page.content.map((block) => blockText(block.content)).filter((line) => line !== '').join('\n');
  return { id: searchDocumentId('page', page.id), kind: 'page', itemId: page.id, title: page.title, text, tags: '' };
}

export function nodeDocument(node: MindMapNode): SearchDocument {
  return { id: searchDocumentId('node', node.id), kind: 'node', itemId: node.id, title: node.data.label, text: '', tags: '' };
}

/** Every document of a workspace. */
export function searchDocuments(data: StudioData): SearchDocument[] {
  return [
    ...data.pages.map(pageDocument),
    ...Object.values(data.kanbanBoard.items).map(taskDocument),
    ...data.projects.map(projectDocument),
    ...data.mindMap.nodes.map(nodeDocument),
  ];
}

export interface SearchChanges {
  /** Documents new or changed, to add or replace. */
  upserts: SearchDocument[];
  /** Ids of documents whose item is gone. */
  removals: string[];
}

/** The changes of one list of items, by identity; `same` says when a changed object still reads the same. */
function listChanges<T extends { id: string }>(
  kind: SearchKind, previous: readonly T[], next: readonly T[], toDocument: (item: T) => SearchDocument,
  same: (before: T, after: T) => boolean, changes: SearchChanges,
): void {
  if (previous === next) return;
  const before = new Map(previous.map((item) => [item.id, item]));
  for (const item of next) {
    const old = before.get(item.id);
    before.delete(item.id);
    if (old === item || (old !== undefined && same(old, item))) continue;
    changes.upserts.push(toDocument(item));
  }
  for (const id of before.keys()) changes.removals.push(searchDocumentId(kind, id));
}

/** The changes of a record of items by id, by identity: a look-up per key, no list or map built (10,000 tasks). */
function recordChanges<T>(
  kind: SearchKind, previous: Readonly<Record<string, T>>, next: Readonly<Record<string, T>>, toDocument: (item: T) => SearchDocument,
  changes: SearchChanges,
): void {
  if (previous === next) return;
  for (const id in next) {
    if (previous[id] !== next[id]) changes.upserts.push(toDocument(next[id]!));
  }
  for (const id in previous) {
    if (!Object.hasOwn(next, id)) changes.removals.push(searchDocumentId(kind, id));
  }
}

/** What an index of `previous` must change to index `next`. */
export function searchChanges(previous: StudioData, next: StudioData): SearchChanges {
  const changes: SearchChanges = { upserts: [], removals: [] };
  listChanges('page', previous.pages, next.pages, pageDocument,
    (before, after) => before.title === after.title && before.content === after.content, changes);
  recordChanges('task', previous.kanbanBoard.items, next.kanbanBoard.items, taskDocument, changes);
  listChanges('project', previous.projects, next.projects, projectDocument,
    (before, after) => before.name === after.name && before.description === after.description, changes);
  // A node moved is a new object with the same label.
  listChanges('node', previous.mindMap.nodes, next.mindMap.nodes, nodeDocument, (before, after) => before.data.label === after.data.label, changes);
  return changes;
}
