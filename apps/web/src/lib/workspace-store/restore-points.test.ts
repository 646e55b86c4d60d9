import { RESTORE_POINT_BUDGETS } from '@grove/domain/backup/restore-point-rules';
import { inTimeZone } from '@grove/domain/testing/time-zones';
import { describe, expect, it } from 'vitest';
import { addDailySnapshotIfDue, addRestorePoint, type RestorePointRecord, type RestorePointTable } from './restore-points.ts';

// happy-dom has no IndexedDB: the IndexedDB side is a thin table (e2e/tests/workspace-data.spec.ts runs it in
// Chromium); here the same steps run against a table in memory, with the domain's budgets (decision 063).

class MemoryTable implements RestorePointTable {
  readonly records = new Map<number, RestorePointRecord>();
  private nextId = 1;

  infos() {
    return Promise.resolve([...this.records.values()].map(({ id, createdAt, reason, size }) => ({ id, createdAt, reason, size })));
  }

  add(record: Omit<RestorePointRecord, 'id'>) {
    const id = this.nextId++;
    this.records.set(id, { ...record, id });
    return Promise.resolve(id);
  }

  delete(id: number) {
    this.records.delete(id);
    return Promise.resolve();
  }

  reasons() {
    return [...this.records.values()].map((record) => record.reason);
  }
}

describe('addRestorePoint', () => {
  it('keeps the text with its kind, size and time', async () => {
    const table = new MemoryTable();
    const now = new Date('2026-03-05T10:00:00.000Z');
    const info = await addRestorePoint(table, '{"a":1}', 'import', now);
    expect(info).toEqual({ id: 1, createdAt: now.toISOString(), reason: 'import', size: 7 });
    expect(table.records.get(1)?.text).toBe('{"a":1}');
  });

  it('many conflict copies leave the five imports in place and keep only the newest three conflicts', async () => {
    const table = new MemoryTable();
    for (let index = 0; index < 5; index += 1) await addRestorePoint(table, `import ${index}`, 'import', new Date());
    for (let index = 0; index < 10; index += 1) await addRestorePoint(table, `conflict ${index}`, 'conflict', new Date());
    expect(table.reasons().filter((reason) => reason === 'import')).toHaveLength(5);
    expect([...table.records.values()].filter((record) => record.reason === 'conflict').map((record) => record.text))
      .toEqual(['conflict 7', 'conflict 8', 'conflict 9']);
  });

  it('a sixth import drops the oldest import only', async () => {
    const table = new MemoryTable();
    await addRestorePoint(table, 'daily', 'daily', new Date());
    for (let index = 0; index < 6; index += 1) await addRestorePoint(table, `import ${index}`, 'import', new Date());
    expect([...table.records.values()].map((record) => record.text)).toEqual(['daily', 'import 1', 'import 2', 'import 3', 'import 4', 'import 5']);
  });
});

describe('addDailySnapshotIfDue', () => {
  inTimeZone('Pacific/Auckland');

  it('takes one daily point per local day: the first call of the day keeps the text, later ones do nothing', async () => {
    const table = new MemoryTable();
    expect(await addDailySnapshotIfDue(table, 'morning', new Date(2026, 2, 5, 0, 5))).toMatchObject({ reason: 'daily' });
    expect(await addDailySnapshotIfDue(table, 'evening', new Date(2026, 2, 5, 23, 55))).toBeNull();
    expect(await addDailySnapshotIfDue(table, 'next day', new Date(2026, 2, 6, 0, 5))).toMatchObject({ reason: 'daily' });
    expect([...table.records.values()].map((record) => record.text)).toEqual(['morning', 'next day']);
  });

  it('other kinds taken today do not count as the daily point', async () => {
    const table = new MemoryTable();
    await addRestorePoint(table, 'import', 'import', new Date(2026, 2, 5, 8));
    expect(await addDailySnapshotIfDue(table, 'daily', new Date(2026, 2, 5, 9))).not.toBeNull();
  });

  it('keeps the last seven days with a daily point, and never drops a protected point', async () => {
    const table = new MemoryTable();
    await addRestorePoint(table, 'before clear', 'clear', new Date(2026, 0, 1));
    for (let day = 1; day <= 20; day += 1) await addDailySnapshotIfDue(table, `day ${day}`, new Date(2026, 2, day, 9));
    const daily = [...table.records.values()].filter((record) => record.reason === 'daily').map((record) => record.text);
    expect(daily).toHaveLength(RESTORE_POINT_BUDGETS.daily.count);
    expect(daily).toEqual(['day 14', 'day 15', 'day 16', 'day 17', 'day 18', 'day 19', 'day 20']);
    expect(table.reasons()).toContain('clear');
  });
});
