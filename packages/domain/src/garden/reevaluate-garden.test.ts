import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findCommand } from '../commands/registry.ts';
import { inTimeZone, TEST_TIME_ZONES, type TestTimeZone } from '../testing/time-zones.ts';
import { createDefaultGamification, createDefaultMindMap } from '../workspace/defaults.ts';
import { addLocalDays, toLocalIsoDate } from '../workspace/iso-date.ts';
import { GARDEN_STATUSES, MAX_GROWTH_STAGE, type GardenEntry, type KanbanItem, type StudioData } from '../workspace/model.ts';
import { GARDEN_RECHECK_MS, reevaluateGarden, reevaluateGardenCommand } from './reevaluate-garden.ts';

function tree(id: string, fields: Partial<GardenEntry> = {}): GardenEntry {
  return { id, sourceId: id, sourceType: 'task', growthStage: 2, status: 'healthy', createdAt: '2026-03-01T09:00:00.000Z', ...fields };
}

function task(id: string, dueDate?: string): KanbanItem {
  return { id, content: `Task ${id}`, description: '', priority: 'medium', tags: [], ...(dueDate === undefined ? {} : { dueDate }) };
}

/** Open tasks in 'To-do', finished ones in a column titled `finishedTitle`, and the given trees. */
function studio(open: KanbanItem[], garden: GardenEntry[], finishedTasks: KanbanItem[] = [], finishedTitle = 'Finished'): StudioData {
  return {
    projects: [],
    pages: [],
    kanbanBoard: {
      columns: [
        { id: 'todo', title: 'To-do', itemIds: open.map((item) => item.id) },
        { id: 'finished', title: finishedTitle, itemIds: finishedTasks.map((item) => item.id) },
      ],
      items: Object.fromEntries([...open, ...finishedTasks].map((item) => [item.id, item])),
    },
    mindMap: createDefaultMindMap(),
    garden,
    gamification: createDefaultGamification(),
  };
}

const noon = (year: number, month: number, day: number) => new Date(year, month - 1, day, 12);
/** The local calendar day `days` from `now` (negative: before). */
const dayFrom = (now: Date, days: number) => toLocalIsoDate(addLocalDays(now, days));

describe('reevaluateGarden: tree status by due date', () => {
  const now = noon(2026, 3, 10);

  it('re-checks every 300000 ms while the Garden is open', () => {
    expect(GARDEN_RECHECK_MS).toBe(300_000);
  });

  it('a task overdue by more than 2 days: its tree is dead, at stage 0', () => {
    const after = reevaluateGarden(studio([task('a', dayFrom(now, -3))], [tree('a', { growthStage: 3 })]), now);
    expect(after.garden[0]).toMatchObject({ status: 'dead', growthStage: 0 });
  });

  it('a task overdue by 1 or 2 days: its tree wilts and loses one stage, never going below 0', () => {
    const data = studio(
      [task('a', dayFrom(now, -1)), task('b', dayFrom(now, -2)), task('c', dayFrom(now, -1))],
      [tree('a', { growthStage: 2 }), tree('b', { growthStage: 3 }), tree('c', { growthStage: 0 })],
    );
    expect(reevaluateGarden(data, now).garden.map(({ status, growthStage }) => [status, growthStage]))
      .toEqual([['wilting', 1], ['wilting', 2], ['wilting', 0]]);
  });

  it('a tree loses a stage once, when it turns wilting, not again at each re-check while it stays wilting', () => {
    let data = studio([task('a', '2026-03-09')], [tree('a', { growthStage: 3 })]);
    data = reevaluateGarden(data, noon(2026, 3, 10));
    expect(data.garden[0]).toMatchObject({ status: 'wilting', growthStage: 2 });
    const again = reevaluateGarden(data, new Date(noon(2026, 3, 10).getTime() + GARDEN_RECHECK_MS));
    expect(again).toBe(data);
    data = reevaluateGarden(again, noon(2026, 3, 11));
    expect(data).toBe(again);
    expect(reevaluateGarden(data, noon(2026, 3, 12)).garden[0]).toMatchObject({ status: 'dead', growthStage: 0 });
  });

  it('a task due today, later or never is not overdue: a wilting or dead tree is healthy again, at its stage', () => {
    const data = studio(
      [task('a', dayFrom(now, 0)), task('b', dayFrom(now, 5)), task('c')],
      [tree('a', { status: 'wilting', growthStage: 1 }), tree('b', { status: 'dead', growthStage: 0 }), tree('c', { status: 'wilting' })],
    );
    expect(reevaluateGarden(data, now).garden.map(({ status, growthStage }) => [status, growthStage]))
      .toEqual([['healthy', 1], ['healthy', 0], ['healthy', 2]]);
  });

  it('returns the data itself when nothing changes', () => {
    const data = studio([task('a', dayFrom(now, 1)), task('b')], [tree('a'), tree('b'), tree('x', { status: 'dead' })]);
    expect(reevaluateGarden(data, now)).toBe(data);
  });

  it('leaves alone the trees of missing tasks, of tasks in the finished column, and of projects and pages', () => {
    const overdue = dayFrom(now, -5);
    const data = studio(
      [task('p', overdue)],
      [
        tree('gone', { status: 'wilting' }),
        tree('done'),
        tree('DONE'),
        tree('p', { sourceType: 'project' }),
        tree('toString'),
      ],
      [task('done', overdue), task('DONE', overdue)],
      '  FINISHED ',
    );
    expect(reevaluateGarden(data, now)).toBe(data);
  });

  it('changes only the trees it must, and keeps fields it does not know', () => {
    const data = studio([task('a', dayFrom(now, -1)), task('b')], [{ ...tree('a'), ...({ note: 'kept' } as object) }, tree('b')]);
    const after = reevaluateGarden(data, now);
    expect(after.garden[0]).toHaveProperty('note', 'kept');
    expect(after.garden[1]).toBe(data.garden[1]);
    expect(after.kanbanBoard).toBe(data.kanbanBoard);
    expect(after.gamification).toBe(data.gamification);
  });
});

describe.each(TEST_TIME_ZONES)('reevaluateGarden: overdue days in %s', (zone) => {
  inTimeZone(zone);

  it('counts local calendar days around midnight', () => {
    const data = studio([task('a', '2026-03-05')], [tree('a')]);
    const statusAt = (at: Date) => reevaluateGarden(data, at).garden[0]?.status;
    expect(statusAt(new Date(2026, 2, 5, 23, 59))).toBe('healthy');
    expect(statusAt(new Date(2026, 2, 6, 0, 1))).toBe('wilting');
    expect(statusAt(new Date(2026, 2, 7, 23, 59))).toBe('wilting');
    expect(statusAt(new Date(2026, 2, 8, 0, 1))).toBe('dead');
  });

  it('reads one instant as the local day of this zone', () => {
    // 11:30 UTC on 6 March is 00:30 on 7 March in Auckland and 03:30 on 6 March in Los Angeles.
    const expected: Record<TestTimeZone, string> = { 'Pacific/Auckland': 'wilting', 'America/Los_Angeles': 'healthy' };
    const data = studio([task('a', '2026-03-06')], [tree('a')]);
    expect(reevaluateGarden(data, new Date('2026-03-06T11:30:00.000Z')).garden[0]?.status).toBe(expected[zone]);
  });

  it('reads a due date-time from older data as the local day of that instant', () => {
    // 12:30 UTC on 4 March: 01:30 on 5 March in Auckland (2 days before the 7th), 04:30 on 4 March in Los Angeles (3).
    const expected: Record<TestTimeZone, string> = { 'Pacific/Auckland': 'wilting', 'America/Los_Angeles': 'dead' };
    const data = studio([task('a', '2026-03-04T12:30:00.000Z')], [tree('a')]);
    expect(reevaluateGarden(data, noon(2026, 3, 7)).garden[0]?.status).toBe(expected[zone]);
  });
});

describe('reevaluateGardenCommand', () => {
  it('is the re-check as a named, non-destructive command in the registry', () => {
    const now = noon(2026, 3, 10);
    const data = studio([task('a', dayFrom(now, -1))], [tree('a')]);
    expect(reevaluateGardenCommand).toMatchObject({ name: 'reevaluateGarden', destructive: false });
    expect(reevaluateGardenCommand.run(data, {}, now)).toEqual(reevaluateGarden(data, now));
    expect(findCommand('reevaluateGarden')).toBe(reevaluateGardenCommand);
  });
});

// --- Properties -----------------------------------------------------------------------------------------

const treeSpecArb = fc.record({
  source: fc.constantFrom('open', 'finished', 'missing', 'project'),
  dueOffset: fc.option(fc.integer({ min: -6, max: 4 }), { nil: undefined }),
  dueAsDateTime: fc.boolean(),
  growthStage: fc.integer({ min: 0, max: MAX_GROWTH_STAGE }),
  status: fc.constantFrom(...GARDEN_STATUSES),
});

const caseArb = fc.record({
  now: fc.date({ min: new Date('2024-01-01T00:00:00.000Z'), max: new Date('2028-01-01T00:00:00.000Z'), noInvalidDate: true }),
  specs: fc.array(treeSpecArb, { maxLength: 8 }),
  finishedTitle: fc.constantFrom('Finished', 'finished', 'FINISHED'),
}).map(({ now, specs, finishedTitle }) => {
  const open: KanbanItem[] = [];
  const finished: KanbanItem[] = [];
  const garden = specs.map((spec, index) => {
    const id = `t${index}`;
    const due = spec.dueOffset === undefined
      ? undefined
      : spec.dueAsDateTime ? addLocalDays(now, spec.dueOffset).toISOString() : dayFrom(now, spec.dueOffset);
    if (spec.source === 'finished') finished.push(task(id, due));
    else if (spec.source !== 'missing') open.push(task(id, due));
    return tree(id, { growthStage: spec.growthStage, status: spec.status, sourceType: spec.source === 'project' ? 'project' : 'task' });
  });
  return { now, specs, data: studio(open, garden, finished, finishedTitle) };
});

describe('reevaluateGarden properties', () => {
  it('is idempotent on the same day: running it twice is running it once', () => {
    fc.assert(fc.property(caseArb, fc.integer({ min: 0, max: 23 }), ({ now, data }, hour) => {
      const once = reevaluateGarden(data, now);
      expect(reevaluateGarden(once, now)).toBe(once);
      const laterToday = new Date(now.getFullYear(), now.getMonth(), now.getDate(), hour);
      if (toLocalIsoDate(laterToday) === toLocalIsoDate(now)) expect(reevaluateGarden(once, laterToday)).toBe(once);
    }));
  });

  it('never touches the trees of missing or finished tasks, nor those of other sources', () => {
    fc.assert(fc.property(caseArb, ({ now, specs, data }) => {
      const after = reevaluateGarden(data, now);
      specs.forEach((spec, index) => {
        if (spec.source !== 'open') expect(after.garden[index]).toBe(data.garden[index]);
      });
    }));
  });

  it('keeps every stage within 0..3 and never raises one, day after day', () => {
    fc.assert(fc.property(caseArb, fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 6 }), ({ now, data }, steps) => {
      let current = data;
      let at = now;
      for (const days of [0, ...steps]) {
        at = addLocalDays(at, days);
        const next = reevaluateGarden(current, at);
        next.garden.forEach((entry, index) => {
          expect(entry.growthStage).toBeGreaterThanOrEqual(0);
          expect(entry.growthStage).toBeLessThanOrEqual(MAX_GROWTH_STAGE);
          expect(entry.growthStage).toBeLessThanOrEqual(current.garden[index]?.growthStage ?? 0);
          if (entry.status === 'dead' && entry !== current.garden[index]) expect(entry.growthStage).toBe(0);
        });
        current = next;
      }
    }));
  });
});
