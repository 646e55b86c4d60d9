import type { Migration } from '../schema-version.ts';
import { isRecord } from '../repair.ts';

// Version 0, the original product's data, already has the sections and entity shapes of version 1; the
// envelope around it is added by migrate(). What differs are two habits of the original product that
// version 1 no longer writes:
//  - a task saved without a priority ("priority missing means medium", docs/product.md, Kanban board) now says 'medium';
//  - an empty due date was saved as '' (or null); version 1 leaves the field out;
//  - React Flow 11 wrote its runtime state into mind map nodes and edges (measured size, drag state,
//    selection of an edge, unused handles); it is not data, and React Flow 12 would read width and height
//    as fixed sizes. Version 1 keeps fields it does not know (model.ts), so these are removed here.

const REACT_FLOW_NODE_STATE = ['width', 'height', 'positionAbsolute', 'dragging', 'resizing'];

function withoutNodeState(node: unknown): unknown {
  if (!isRecord(node)) return node;
  return Object.fromEntries(Object.entries(node).filter(([key]) => !REACT_FLOW_NODE_STATE.includes(key)));
}

function withoutEdgeState(edge: unknown): unknown {
  if (!isRecord(edge)) return edge;
  return Object.fromEntries(Object.entries(edge).filter(([key, value]) => key !== 'selected'
    && !((key === 'sourceHandle' || key === 'targetHandle') && value === null)));
}

function withoutEmptyDueDate(entry: unknown): unknown {
  if (!isRecord(entry) || (entry.dueDate !== '' && entry.dueDate !== null)) return entry;
  const { dueDate: _empty, ...rest } = entry;
  return rest;
}

function migrateItem(item: unknown): unknown {
  const withDate = withoutEmptyDueDate(item);
  return isRecord(withDate) && withDate.priority === undefined ? { ...withDate, priority: 'medium' } : withDate;
}

export const v0ToV1: Migration = {
  from: 0,
  migrate(data) {
    const next: Record<string, unknown> = { ...data };
    if (Array.isArray(data.projects)) next.projects = data.projects.map(withoutEmptyDueDate);
    const board = data.kanbanBoard;
    if (isRecord(board) && isRecord(board.items)) {
      // fromEntries, not assignment: a '__proto__' key must stay a plain key.
      const items = Object.fromEntries(Object.entries(board.items).map(([id, item]) => [id, migrateItem(item)]));
      next.kanbanBoard = { ...board, items };
    } else if (isRecord(board) && Array.isArray(board.items)) {
      next.kanbanBoard = { ...board, items: board.items.map(migrateItem) };
    }
    const map = data.mindMap;
    if (isRecord(map)) {
      next.mindMap = {
        ...map,
        ...(Array.isArray(map.nodes) ? { nodes: map.nodes.map(withoutNodeState) } : {}),
        ...(Array.isArray(map.edges) ? { edges: map.edges.map(withoutEdgeState) } : {}),
      };
    }
    return next;
  },
};
