import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gamificationArb } from '../testing/studio-arbitraries.ts';
import { inTimeZone, TEST_TIME_ZONES, type TestTimeZone } from '../testing/time-zones.ts';
import { createDefaultGamification, createDefaultMindMap } from '../workspace/defaults.ts';
import { toLocalIsoDate } from '../workspace/iso-date.ts';
import { MAX_GROWTH_STAGE, type Gamification, type GardenEntry, type StudioData } from '../workspace/model.ts';
import { completeTask, completionOutcome, completionPoints, nextStreak } from './complete-task.ts';
import { decorationsForLevel, levelForScore } from './levels.ts';

function tree(id: string, fields: Partial<GardenEntry> = {}): GardenEntry {
  return { id, sourceId: id, sourceType: 'task', growthStage: 0, status: 'healthy', createdAt: '2026-03-01T09:00:00.000Z', ...fields };
}

function studio(gamification: Partial<Gamification> = {}, garden: GardenEntry[] = [tree('t1'), tree('t2')]): StudioData {
  return {
    projects: [],
    pages: [],
    kanbanBoard: {
      columns: [
        { id: 'todo', title: 'To-do', itemIds: ['t1', 't2', 't3'] },
        { id: 'finished', title: 'Finished', itemIds: [] },
      ],
      items: {
        t1: { id: 't1', content: 'Write the report', description: '', priority: 'high', tags: [] },
        t2: { id: 't2', content: 'Call the printer', description: '', priority: 'medium', tags: [] },
        t3: { id: 't3', content: 'A sample task', description: '', priority: 'low', tags: [] },
      },
    },
    mindMap: createDefaultMindMap(),
    garden,
    gamification: { ...createDefaultGamification(), ...gamification },
  };
}

/** Noon local time: the same local day in every zone. */
const noon = (year: number, month: number, day: number) => new Date(year, month - 1, day, 12);

describe('completeTask: streak on the local calendar', () => {
  it('starts the streak at 1 on a first completion and records today as the last completion day', () => {
    const after = completeTask(studio(), 't1', noon(2026, 3, 5)).gamification;
    expect(after.streak).toBe(1);
    expect(after.lastCompletedDate).toBe('2026-03-05');
  });

  it('leaves the streak unchanged on a second completion the same day', () => {
    expect(completeTask(studio({ streak: 4, lastCompletedDate: '2026-03-05' }), 't1', noon(2026, 3, 5)).gamification.streak).toBe(4);
  });

  it('adds 1 when the last completion was yesterday', () => {
    expect(completeTask(studio({ streak: 4, lastCompletedDate: '2026-03-04' }), 't1', noon(2026, 3, 5)).gamification.streak).toBe(5);
  });

  it('starts again at 1 after a missed day, or when the last completion is later than today', () => {
    expect(completeTask(studio({ streak: 9, lastCompletedDate: '2026-03-03' }), 't1', noon(2026, 3, 5)).gamification.streak).toBe(1);
    expect(completeTask(studio({ streak: 9, lastCompletedDate: '2026-03-06' }), 't1', noon(2026, 3, 5)).gamification.streak).toBe(1);
  });

  it('counts across month and year ends', () => {
    expect(nextStreak({ streak: 2, lastCompletedDate: '2025-12-31' }, '2026-01-01')).toBe(3);
    expect(nextStreak({ streak: 2, lastCompletedDate: '2024-02-28' }, '2024-03-01')).toBe(1);
    expect(nextStreak({ streak: 2, lastCompletedDate: '2024-02-29' }, '2024-03-01')).toBe(3);
  });

  it('never leaves a streak of 0 after a completion today (stored data may hold 0 with a date)', () => {
    expect(nextStreak({ streak: 0, lastCompletedDate: '2026-03-05' }, '2026-03-05')).toBe(1);
  });
});

describe.each(TEST_TIME_ZONES)('completeTask: streak days in %s', (zone) => {
  inTimeZone(zone);

  it('one minute before and after local midnight are two days: +1, and two midnights later: 1', () => {
    const late = completeTask(studio(), 't1', new Date(2026, 2, 5, 23, 59));
    expect(late.gamification.lastCompletedDate).toBe('2026-03-05');
    const early = completeTask(late, 't2', new Date(2026, 2, 6, 0, 1));
    expect(early.gamification).toMatchObject({ streak: 2, lastCompletedDate: '2026-03-06' });
    expect(completeTask(late, 't2', new Date(2026, 2, 7, 0, 1)).gamification.streak).toBe(1);
  });

  it('reads one instant as the local day of this zone, not the UTC day', () => {
    // 11:30 UTC on 5 March is 00:30 on 6 March in Auckland and 03:30 on 5 March in Los Angeles.
    const expected: Record<TestTimeZone, number> = { 'Pacific/Auckland': 4, 'America/Los_Angeles': 3 };
    const after = completeTask(studio({ streak: 3, lastCompletedDate: '2026-03-05' }), 't1', new Date('2026-03-05T11:30:00.000Z'));
    expect(after.gamification.streak).toBe(expected[zone]);
    expect(after.gamification.lastCompletedDate).toBe(zone === 'Pacific/Auckland' ? '2026-03-06' : '2026-03-05');
  });

  it('compares a stored date-time by its local calendar day', () => {
    // 12:30 UTC on 5 March: 01:30 on 6 March in Auckland (today), 04:30 on 5 March in Los Angeles (yesterday).
    const expected: Record<TestTimeZone, number> = { 'Pacific/Auckland': 3, 'America/Los_Angeles': 4 };
    const data = studio({ streak: 3, lastCompletedDate: '2026-03-05T12:30:00.000Z' });
    expect(completeTask(data, 't1', noon(2026, 3, 6)).gamification.streak).toBe(expected[zone]);
  });

  it('counts a day of 23 or 25 hours (a clock change) as one day', () => {
    // Los Angeles moves to summer time on 8 March 2026; Auckland leaves it on 5 April 2026.
    const streakAt = (lastCompletedDate: string, now: Date) =>
      completeTask(studio({ streak: 1, lastCompletedDate }), 't1', now).gamification.streak;
    expect(streakAt('2026-03-07', new Date(2026, 2, 8, 23, 30))).toBe(2);
    expect(streakAt('2026-04-04', new Date(2026, 3, 5, 0, 30))).toBe(2);
    expect(toLocalIsoDate(new Date(2026, 3, 5, 0, 30))).toBe('2026-04-05');
  });
});

describe('completeTask: score', () => {
  it('earns 10 points × (1 + 0.1 per full 7 days of streak), rounded', () => {
    expect([0, 1, 6, 7, 13, 14, 20, 21, 70].map(completionPoints)).toEqual([10, 10, 10, 11, 11, 12, 12, 13, 20]);
  });

  it('uses the streak after this completion: the 7th day in a row already earns 11 points', () => {
    const after = completeTask(studio({ score: 40, streak: 6, lastCompletedDate: '2026-03-04' }), 't1', noon(2026, 3, 5));
    expect(after.gamification).toMatchObject({ streak: 7, score: 51 });
  });

  it('uses the streak after this completion: a broken 20-day streak earns the base 10', () => {
    const after = completeTask(studio({ score: 40, streak: 20, lastCompletedDate: '2026-03-01' }), 't1', noon(2026, 3, 5));
    expect(after.gamification).toMatchObject({ streak: 1, score: 50 });
  });
});

describe('completeTask: levels and decorations', () => {
  it('raises the level when the score reaches the next threshold, and unlocks flowers at level 2', () => {
    const after = completeTask(studio({ score: 95 }), 't1', noon(2026, 3, 5)).gamification;
    expect(after).toMatchObject({ score: 105, level: 2, unlockedDecorations: ['flowers'] });
  });

  it('gains several levels at once, with every decoration on the way', () => {
    // Imported data can hold a score whose levels were never given.
    const after = completeTask(studio({ score: 1995, level: 1 }), 't1', noon(2026, 3, 5)).gamification;
    expect(after).toMatchObject({ score: 2005, level: 6, unlockedDecorations: ['flowers', 'pond', 'path'] });
  });

  it('adds each decoration once', () => {
    const after = completeTask(studio({ score: 495, level: 3, unlockedDecorations: ['flowers'] }), 't1', noon(2026, 3, 5)).gamification;
    expect(after).toMatchObject({ level: 4, unlockedDecorations: ['flowers', 'pond'] });
  });

  it('never lowers the level, and stops at level 7', () => {
    expect(completeTask(studio({ score: 10, level: 5 }), 't1', noon(2026, 3, 5)).gamification.level).toBe(5);
    expect(completeTask(studio({ score: 4995, level: 6 }), 't1', noon(2026, 3, 5)).gamification.level).toBe(7);
    expect(completeTask(studio({ score: 90_000, level: 7 }), 't1', noon(2026, 3, 5)).gamification.level).toBe(7);
  });
});

describe('completeTask: the task\'s tree', () => {
  it('grows one stage and becomes healthy', () => {
    const data = studio({}, [tree('t1', { growthStage: 1, status: 'wilting' }), tree('t2')]);
    const after = completeTask(data, 't1', noon(2026, 3, 5));
    expect(after.garden[0]).toMatchObject({ growthStage: 2, status: 'healthy' });
    expect(after.garden[1]).toBe(data.garden[1]);
  });

  it('stops at stage 3 (a full tree), and revives a dead one', () => {
    const full = studio({}, [tree('t1', { growthStage: MAX_GROWTH_STAGE })]);
    expect(completeTask(full, 't1', noon(2026, 3, 5)).garden).toBe(full.garden);
    const dead = studio({}, [tree('t1', { growthStage: 0, status: 'dead' })]);
    expect(completeTask(dead, 't1', noon(2026, 3, 5)).garden[0]).toMatchObject({ growthStage: 1, status: 'healthy' });
  });

  it('grows only the tree sourced from that task, not another source\'s tree that shares the id', () => {
    const data = studio({}, [tree('t1', { sourceType: 'project' })]);
    expect(completeTask(data, 't1', noon(2026, 3, 5)).garden).toBe(data.garden);
  });

  it('plants no tree for a task that has none, but still scores it', () => {
    const data = studio();
    const after = completeTask(data, 't3', noon(2026, 3, 5));
    expect(after.garden).toBe(data.garden);
    expect(after.gamification.score).toBe(10);
  });

  it('changes nothing for an unknown task id, even one named like an Object method', () => {
    const data = studio();
    expect(completeTask(data, 'nope', noon(2026, 3, 5))).toBe(data);
    expect(completeTask(data, 'toString', noon(2026, 3, 5))).toBe(data);
  });

  it('keeps fields this version does not know, and shares what it does not change', () => {
    const data = studio({ ...({ badge: 'gold' } as object) }, [{ ...tree('t1'), ...({ note: 'x' } as object) }]);
    const after = completeTask(data, 't1', noon(2026, 3, 5));
    expect(after.gamification).toHaveProperty('badge', 'gold');
    expect(after.garden[0]).toHaveProperty('note', 'x');
    expect(after.kanbanBoard).toBe(data.kanbanBoard);
    expect(after.projects).toBe(data.projects);
  });
});

describe('completionOutcome (the celebration toast)', () => {
  it('gives the points, the new level, the levels gained and the decorations unlocked', () => {
    const before = studio({ score: 95 });
    expect(completionOutcome(before, completeTask(before, 't1', noon(2026, 3, 5))))
      .toEqual({ points: 10, newLevel: 2, levelsGained: 1, unlocked: ['flowers'] });
    const jump = studio({ score: 1995, level: 1 });
    expect(completionOutcome(jump, completeTask(jump, 't1', noon(2026, 3, 5))))
      .toEqual({ points: 10, newLevel: 6, levelsGained: 5, unlocked: ['flowers', 'pond', 'path'] });
  });

  it('gives no level and nothing unlocked when none was reached', () => {
    const before = studio({ score: 10 });
    expect(completionOutcome(before, completeTask(before, 't1', noon(2026, 3, 5))))
      .toEqual({ points: 10, newLevel: null, levelsGained: 0, unlocked: [] });
    expect(completionOutcome(before, before)).toEqual({ points: 0, newLevel: null, levelsGained: 0, unlocked: [] });
  });
});

// --- Properties -----------------------------------------------------------------------------------------

const momentArb = fc.date({ min: new Date('2024-01-01T00:00:00.000Z'), max: new Date('2028-01-01T00:00:00.000Z'), noInvalidDate: true });
/** Mostly a day or so apart, so streaks build up; sometimes far apart or back in time. */
const completionsArb = fc.tuple(momentArb, fc.array(fc.integer({ min: -30 * 3600, max: 50 * 3600 }), { maxLength: 40 }))
  .map(([start, steps]) => steps.reduce<Date[]>((moments, seconds) => {
    const last = moments[moments.length - 1] ?? start;
    return [...moments, new Date(last.getTime() + seconds * 1000)];
  }, [start]));

/** Gamification whose level and decorations are those of its score, as completions from the defaults leave it. */
const consistentGamificationArb = gamificationArb.map((gamification) => {
  const level = levelForScore(gamification.score);
  return { ...gamification, level, unlockedDecorations: decorationsForLevel(level) };
});

const taskIdArb = fc.constantFrom('t1', 't2', 't3');

describe('completeTask properties', () => {
  it('score and level never decrease over any sequence of completions', () => {
    fc.assert(fc.property(gamificationArb, completionsArb, taskIdArb, (gamification, moments, taskId) => {
      let data = studio(gamification);
      for (const moment of moments) {
        const next = completeTask(data, taskId, moment);
        expect(next.gamification.score).toBeGreaterThan(data.gamification.score);
        expect(next.gamification.level).toBeGreaterThanOrEqual(data.gamification.level);
        expect(next.gamification.streak).toBeGreaterThanOrEqual(1);
        data = next;
      }
    }));
  });

  it('the level is always the level of the score\'s thresholds, and the decorations are the level\'s', () => {
    fc.assert(fc.property(consistentGamificationArb, completionsArb, taskIdArb, (gamification, moments, taskId) => {
      let data = studio(gamification);
      for (const moment of moments) {
        data = completeTask(data, taskId, moment);
        const { level, score, unlockedDecorations } = data.gamification;
        expect(level).toBe(levelForScore(score));
        expect(unlockedDecorations).toEqual(decorationsForLevel(level));
      }
    }));
  });

  it('a tree\'s stage stays within 0..3 and its status healthy', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: MAX_GROWTH_STAGE }), completionsArb, (stage, moments) => {
      let data = studio({}, [tree('t1', { growthStage: stage, status: 'dead' })]);
      for (const moment of moments) {
        data = completeTask(data, 't1', moment);
        const entry = data.garden[0];
        expect(entry?.growthStage).toBeGreaterThanOrEqual(0);
        expect(entry?.growthStage).toBeLessThanOrEqual(MAX_GROWTH_STAGE);
        expect(entry?.status).toBe('healthy');
      }
    }));
  });
});
