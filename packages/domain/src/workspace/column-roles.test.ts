import { describe, expect, it } from 'vitest';
import { isFinishedColumn, isToDoColumn } from './column-roles.ts';
import type { KanbanColumn } from './model.ts';

const column = (title: string, id = title): KanbanColumn => ({ id, title, itemIds: [] });

describe('column roles', () => {
  it('the finished column is the one titled \'finished\', case-insensitive and trimmed', () => {
    expect(isFinishedColumn(column('Finished'))).toBe(true);
    expect(isFinishedColumn(column('  FINISHED '))).toBe(true);
    expect(isFinishedColumn(column('Finished!'))).toBe(false);
    expect(isFinishedColumn(column('Done'))).toBe(false);
  });

  it('the to-do column is the one titled \'to-do\', case-insensitive and trimmed', () => {
    expect(isToDoColumn(column(' TO-DO'))).toBe(true);
    expect(isToDoColumn(column('To do'))).toBe(false);
  });
});
