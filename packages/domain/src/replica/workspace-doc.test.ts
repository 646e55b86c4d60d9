import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { deleteTask } from '../kanban/task-commands.ts';
import { BOARD_NOW, boardData } from '../testing/kanban-board.ts';
import { applyChange, coversDoc, createWorkspaceDoc, docFromState, encodeDocSnapshot, encodeDocState, hasUnseen, WorkspaceReader } from './workspace-doc.ts';

function copy(doc: Y.Doc): Y.Doc {
  return docFromState(encodeDocState(doc));
}

describe('what a stored document has seen', () => {
  it('tells a deletion apart, though a deletion leaves the state vector as it was', () => {
    const stored = createWorkspaceDoc(boardData());
    const doc = copy(stored);
    const reader = new WorkspaceReader(doc);
    const before = reader.read();
    applyChange(doc, reader, before, deleteTask.run(before, { id: 'a' }, BOARD_NOW), 'tab');
    expect(reader.read().kanbanBoard.items.a).toBeUndefined();
    expect(Y.encodeStateVector(doc)).toEqual(Y.encodeStateVector(stored));
    // The stored copy lacks the deletion: it does not cover this document, and this one has nothing it has not seen.
    expect(coversDoc(encodeDocSnapshot(stored), doc)).toBe(false);
    expect(hasUnseen(doc, encodeDocSnapshot(stored))).toBe(false);
    // Seen from the stored copy, the deleting document holds something unseen.
    expect(hasUnseen(stored, encodeDocSnapshot(doc))).toBe(true);
    expect(coversDoc(encodeDocSnapshot(doc), stored)).toBe(true);
  });

  it('a document covers itself and its copies, and has nothing unseen in them', () => {
    const doc = createWorkspaceDoc(boardData());
    expect(coversDoc(encodeDocSnapshot(doc), copy(doc))).toBe(true);
    expect(hasUnseen(copy(doc), encodeDocSnapshot(doc))).toBe(false);
  });
});
