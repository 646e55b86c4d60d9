import { isToDoColumn } from './column-roles.ts';
import { createDefaultColumns, seedBoardIfEmpty } from './defaults.ts';
import type { IdGenerator } from './ids.ts';
import { kanbanColumnSchema, kanbanItemSchema, type KanbanBoard, type KanbanColumn, type KanbanItem } from './model.ts';
import { describeEntry, isRecord, parseEntry, uniqueIds, type Report } from './repair.ts';

// Repairs a stored kanban board into the model's invariant: every task is listed in exactly one column,
// and every listed id is a task. Tasks are never dropped for being unlisted: they are put back on the board.

const SECTION = 'kanbanBoard';

function readItems(raw: unknown, report: Report): Record<string, KanbanItem> {
  let entries: [string, unknown][];
  if (raw === undefined) {
    entries = [];
  } else if (Array.isArray(raw)) {
    // Tasks kept as a list rather than keyed by id: key them by their own id.
    entries = raw.flatMap((item): [string, unknown][] => (isRecord(item) && typeof item.id === 'string' ? [[item.id, item]] : []));
    report(SECTION, 'items were a list; keyed them by id.', entries.length !== raw.length, 'reset');
  } else if (isRecord(raw)) {
    entries = Object.entries(raw);
  } else {
    report(SECTION, 'items were not an object; no tasks could be read.', true, 'dropped');
    entries = [];
  }
  const items: [string, KanbanItem][] = [];
  for (const [key, value] of entries) {
    const label = describeEntry(`${SECTION}.items`, key, value);
    if (key === '__proto__' || key === '') {
      report(SECTION, `${label}: dropped: unusable task id.`, true, 'dropped');
      continue;
    }
    if (isRecord(value) && value.id !== undefined && value.id !== key) {
      report(SECTION, `${label}: id did not match its key; the key was kept, as the columns refer to it.`, false, 'renamed');
    }
    // The key is the id the columns refer to, so it wins over whatever the entry says.
    const parsed = isRecord(value) ? parseEntry(kanbanItemSchema, { ...value, id: key }) : null;
    if (!parsed) {
      report(SECTION, `${label}: dropped: not a valid task.`, true, 'dropped');
      continue;
    }
    if (parsed.fixedFields.length > 0) {
      report(SECTION, `${label}: reset invalid fields: ${parsed.fixedFields.join(', ')}.`, true, 'reset');
    }
    items.push([key, parsed.value]);
  }
  // fromEntries defines own properties, so no key can reach the prototype.
  return Object.fromEntries(items);
}

function readColumns(raw: unknown, ids: IdGenerator, report: Report): KanbanColumn[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    report(SECTION, 'columns were not a list; no columns could be read.', true, 'dropped');
    return [];
  }
  const columns = raw.flatMap((value: unknown, index): KanbanColumn[] => {
    const label = describeEntry(`${SECTION}.columns`, index, value);
    if (!isRecord(value)) {
      report(SECTION, `${label}: dropped: not a column.`, true, 'dropped');
      return [];
    }
    // Keep the readable ids rather than lose the whole order to one bad entry.
    const itemIds = Array.isArray(value.itemIds) ? value.itemIds.filter((id): id is string => typeof id === 'string') : value.itemIds;
    const parsed = parseEntry(kanbanColumnSchema, { ...value, itemIds }, {
      id: () => ids('column'),
      title: () => `Column ${index + 1}`,
      itemIds: () => [],
    });
    if (!parsed) {
      report(SECTION, `${label}: dropped: not a valid column.`, true, 'dropped');
      return [];
    }
    if (parsed.fixedFields.length > 0) report(SECTION, `${label}: reset invalid fields: ${parsed.fixedFields.join(', ')}.`, true, 'reset');
    return [parsed.value];
  });
  return uniqueIds(columns, () => ids('column'), (column) => {
    report(SECTION, `column id ${JSON.stringify(column.id)} was used twice; the second got a new id.`, false, 'renamed');
  });
}

export function normaliseBoard(raw: unknown, now: Date, ids: IdGenerator, report: Report): KanbanBoard {
  if (!isRecord(raw)) {
    if (raw === undefined) report(SECTION, 'section missing; using the default board.', false, 'default');
    else report(SECTION, 'section is not an object; using the default board.', true, 'default');
    return seedBoardIfEmpty({ columns: [], items: {} }, now, ids);
  }
  // Fields of the board itself that this version does not know are kept, like those of its tasks (model.ts).
  const { items: rawItems, columns: rawColumns, ...extra } = raw;
  const items = readItems(rawItems, report);
  let columns = readColumns(rawColumns, ids, report);

  const placed = new Set<string>();
  columns = columns.map((column) => {
    const itemIds = column.itemIds.filter((id) => {
      if (!Object.hasOwn(items, id) || placed.has(id)) return false;
      placed.add(id);
      return true;
    });
    if (itemIds.length !== column.itemIds.length) {
      const removed = column.itemIds.length - itemIds.length;
      report(SECTION, `column ${JSON.stringify(column.title)}: removed ${removed} reference(s) to missing or already listed tasks.`, false, 'relinked');
    }
    return { ...column, itemIds };
  });

  const unlisted = Object.keys(items).filter((id) => !placed.has(id));
  if (unlisted.length > 0) {
    if (columns.length === 0) columns = createDefaultColumns();
    const target = columns.find(isToDoColumn) ?? columns[0];
    if (target) {
      columns = columns.map((column) => (column === target ? { ...column, itemIds: [...column.itemIds, ...unlisted] } : column));
      report(SECTION, `${unlisted.length} task(s) in no column were put at the end of ${JSON.stringify(target.title)}.`, false, 'relinked');
    }
  }
  return { ...extra, ...seedBoardIfEmpty({ columns, items }, now, ids) };
}
