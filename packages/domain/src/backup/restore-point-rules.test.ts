import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inTimeZone, TEST_TIME_ZONES } from '../testing/time-zones.ts';
import { addLocalDays } from '../workspace/iso-date.ts';
import {
  AUTOMATIC_RESTORE_POINT_REASONS, isDailySnapshotDue, isProtectedReason, PROTECTED_RESTORE_POINT_REASONS, RESTORE_POINT_BUDGETS,
  RESTORE_POINT_REASONS, restorePointsToDrop, type RestorePointBudget, type RestorePointInfo, type RestorePointReason,
} from './restore-point-rules.ts';

// Decision 063: each kind keeps its own newest points within its own budget; adding a point of one kind drops
// only older points of that kind.

const MB = 1024 * 1024;
let nextId = 1;
const point = (reason: RestorePointReason, size = 100, id = nextId++): RestorePointInfo => ({
  id, reason, size, createdAt: new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString(),
});

/** The points kept after adding `added` to `existing`. */
function keep(existing: readonly RestorePointInfo[], added: RestorePointInfo, budgets = RESTORE_POINT_BUDGETS): RestorePointInfo[] {
  const dropped = new Set(restorePointsToDrop(existing, added, budgets));
  return [...existing.filter((entry) => !dropped.has(entry.id)), added];
}

describe('restore point kinds', () => {
  it('imports, Clear All, restores and upgrades are protected; daily and conflict copies are automatic', () => {
    expect(PROTECTED_RESTORE_POINT_REASONS.filter(isProtectedReason)).toEqual(['import', 'clear', 'restore', 'upgrade', 'join']);
    expect(AUTOMATIC_RESTORE_POINT_REASONS.filter((reason) => !isProtectedReason(reason))).toEqual(['daily', 'conflict']);
  });

  it('budgets: protected kinds the newest 5 within 20 MB each, daily 7 within 20 MB, conflict 3 within 10 MB', () => {
    for (const reason of PROTECTED_RESTORE_POINT_REASONS) expect(RESTORE_POINT_BUDGETS[reason]).toEqual({ count: 5, size: 20 * MB });
    expect(RESTORE_POINT_BUDGETS.daily).toEqual({ count: 7, size: 20 * MB });
    expect(RESTORE_POINT_BUDGETS.conflict).toEqual({ count: 3, size: 10 * MB });
  });
});

describe('restorePointsToDrop', () => {
  it('drops nothing while the kind is within its budget', () => {
    const existing = [point('import'), point('import'), point('conflict')];
    expect(restorePointsToDrop(existing, point('import'))).toEqual([]);
  });

  it('drops the oldest of the kind beyond its count', () => {
    const conflicts = [point('conflict'), point('conflict'), point('conflict')];
    expect(restorePointsToDrop(conflicts, point('conflict'))).toEqual([conflicts[0]?.id]);
  });

  it('a sixth import drops the oldest import, not the older daily or conflict copies', () => {
    const others = [point('daily'), point('conflict')];
    const imports = [point('import'), point('import'), point('import'), point('import'), point('import')];
    expect(restorePointsToDrop([...others, ...imports], point('import'))).toEqual([imports[0]?.id]);
  });

  it('automatic copies never push out protected points, however many there are', () => {
    const protectedPoints = PROTECTED_RESTORE_POINT_REASONS.map((reason) => point(reason, 19 * MB));
    let points: RestorePointInfo[] = [...protectedPoints];
    for (let index = 0; index < 40; index += 1) points = keep(points, point(index % 2 === 0 ? 'daily' : 'conflict', 4 * MB));
    expect(points.filter((entry) => isProtectedReason(entry.reason))).toEqual(protectedPoints);
    expect(points.filter((entry) => entry.reason === 'daily')).toHaveLength(5);
    expect(points.filter((entry) => entry.reason === 'conflict')).toHaveLength(2);
  });

  it('drops the oldest of the kind beyond its size budget, keeping the newest ones whole', () => {
    const older = point('conflict', 4 * MB);
    const old = point('conflict', 4 * MB);
    expect(restorePointsToDrop([older, old], point('conflict', 3 * MB))).toEqual([older.id]);
  });

  it('keeps the newest point even when it alone is over the budget, and drops every older one of its kind', () => {
    const existing = [point('conflict', MB), point('conflict', MB), point('import', MB)];
    expect(restorePointsToDrop(existing, point('conflict', 11 * MB))).toEqual([existing[1]?.id, existing[0]?.id]);
  });

  it('orders by id (taken later), not by createdAt: a clock set back does not make the newest copy look old', () => {
    const older = [point('conflict'), point('conflict')];
    const newer = { ...point('conflict'), createdAt: '2020-01-01T00:00:00.000Z' };
    const ids = restorePointsToDrop([newer, ...older], point('conflict'));
    expect(ids).toEqual([older[0]?.id]);
  });

  it('drops only the older points beyond the budget when a kind was over it already (points kept by an older Grove)', () => {
    const conflicts = [point('conflict'), point('conflict'), point('conflict'), point('conflict'), point('conflict')];
    expect(restorePointsToDrop(conflicts, point('conflict')).sort((a, b) => a - b)).toEqual(conflicts.slice(0, 3).map((entry) => entry.id));
  });
});

describe('restorePointsToDrop, properties', () => {
  const reasonArb = fc.constantFrom(...RESTORE_POINT_REASONS);
  // Small budgets so that a run of a few dozen additions meets both limits of every kind often.
  const budgetArb: fc.Arbitrary<RestorePointBudget> = fc.record({
    count: fc.integer({ min: 1, max: 4 }),
    size: fc.integer({ min: 1, max: 1000 }),
  });
  const budgetArbs = Object.fromEntries(RESTORE_POINT_REASONS.map((reason) => [reason, budgetArb]));
  const budgetsArb = fc.oneof(
    fc.constant(RESTORE_POINT_BUDGETS),
    fc.record(budgetArbs as Record<RestorePointReason, fc.Arbitrary<RestorePointBudget>>),
  );
  const sizeArb = fc.oneof(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 0, max: 12 * MB }));
  const additionsArb = fc.array(fc.record({ reason: reasonArb, size: sizeArb }), { maxLength: 60 });

  it('adding a point drops only older points of its own kind: never a protected point for an automatic one', () => {
    fc.assert(fc.property(budgetsArb, additionsArb, (budgets, additions) => {
      let points: RestorePointInfo[] = [];
      additions.forEach(({ reason, size }, index) => {
        const added: RestorePointInfo = { id: index + 1, reason, size, createdAt: new Date(index * 1000).toISOString() };
        const dropped = restorePointsToDrop(points, added, budgets);
        const byId = new Map(points.map((entry) => [entry.id, entry]));
        expect(new Set(dropped).size).toBe(dropped.length);
        for (const id of dropped) {
          const entry = byId.get(id);
          expect(entry?.reason).toBe(reason);
          if (!isProtectedReason(reason)) expect(isProtectedReason(entry?.reason ?? 'import')).toBe(false);
        }
        expect(dropped).not.toContain(added.id);
        points = [...points.filter((entry) => !dropped.includes(entry.id)), added];
      });
    }));
  });

  it('each kind stays within its budget, the newest point of a kind always kept even when alone it is over it', () => {
    fc.assert(fc.property(budgetsArb, additionsArb, (budgets, additions) => {
      let points: RestorePointInfo[] = [];
      additions.forEach(({ reason, size }, index) => {
        const added: RestorePointInfo = { id: index + 1, reason, size, createdAt: new Date(index * 1000).toISOString() };
        points = keep(points, added, budgets);
        expect(points).toContain(added);
        for (const kind of RESTORE_POINT_REASONS) {
          const ofKind = points.filter((entry) => entry.reason === kind);
          const total = ofKind.reduce((sum, entry) => sum + entry.size, 0);
          expect(ofKind.length).toBeLessThanOrEqual(budgets[kind].count);
          if (ofKind.length > 1) expect(total).toBeLessThanOrEqual(budgets[kind].size);
        }
      });
      // The kept points of each kind are its newest ones: every addition of the kind after the oldest kept is still there.
      for (const kind of RESTORE_POINT_REASONS) {
        const kept = points.filter((entry) => entry.reason === kind).map((entry) => entry.id);
        const added = additions.flatMap((entry, index) => (entry.reason === kind ? [index + 1] : []));
        expect(kept).toEqual(added.slice(added.length - kept.length));
        if (added.length > 0) expect(kept.length).toBeGreaterThan(0);
      }
    }));
  });
});

describe.each(TEST_TIME_ZONES)('isDailySnapshotDue in %s', (zone) => {
  inTimeZone(zone);

  it('is due when no daily point exists at all', () => {
    expect(isDailySnapshotDue([], new Date(2026, 2, 5, 9))).toBe(true);
  });

  it('is not due again on the same local day, from just after midnight to just before the next', () => {
    const taken = new Date(2026, 2, 5, 0, 1).toISOString();
    expect(isDailySnapshotDue([taken], new Date(2026, 2, 5, 0, 2))).toBe(false);
    expect(isDailySnapshotDue([taken], new Date(2026, 2, 5, 23, 59, 59))).toBe(false);
    expect(isDailySnapshotDue([taken], new Date(2026, 2, 6, 0, 0))).toBe(true);
  });

  it('reads the local calendar day, not the UTC one', () => {
    // In both zones one of these instants falls on another UTC day than its local one.
    const lateEvening = new Date(2026, 2, 5, 23, 30);
    const earlyMorning = new Date(2026, 2, 5, 0, 30);
    expect(isDailySnapshotDue([earlyMorning.toISOString()], lateEvening)).toBe(false);
    expect(isDailySnapshotDue([lateEvening.toISOString()], new Date(2026, 2, 6, 0, 30))).toBe(true);
  });

  it('accepts calendar dates as well as instants', () => {
    expect(isDailySnapshotDue(['2026-03-04', '2026-03-05'], new Date(2026, 2, 5, 8))).toBe(false);
    expect(isDailySnapshotDue(['2026-03-04'], new Date(2026, 2, 5, 8))).toBe(true);
  });

  it('across a daylight saving change, one point a day: not due the same day, due the next', () => {
    // Los Angeles springs forward on 8 March 2026; Auckland falls back on 5 April 2026.
    for (const day of [new Date(2026, 2, 8, 0, 30), new Date(2026, 3, 5, 0, 30)]) {
      const taken = [day.toISOString()];
      expect(isDailySnapshotDue(taken, new Date(day.getFullYear(), day.getMonth(), day.getDate(), 23, 30))).toBe(false);
      expect(isDailySnapshotDue(taken, addLocalDays(day, 1))).toBe(true);
    }
  });

  it('property: after a point at any moment, not due until the next local day, then due', () => {
    const dateArb = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true });
    fc.assert(fc.property(dateArb, fc.integer({ min: 0, max: 24 * 60 - 1 }), (taken, minute) => {
      const sameDay = new Date(taken.getFullYear(), taken.getMonth(), taken.getDate(), 0, minute);
      fc.pre(sameDay.getDate() === taken.getDate());
      expect(isDailySnapshotDue([taken.toISOString()], sameDay)).toBe(false);
      const nextDay = new Date(taken.getFullYear(), taken.getMonth(), taken.getDate() + 1, 0, minute);
      expect(isDailySnapshotDue([taken.toISOString()], nextDay)).toBe(true);
    }));
  });
});
