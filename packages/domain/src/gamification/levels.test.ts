import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_LEVEL } from '../workspace/model.ts';
import { decorationsForLevel, LEVEL_THRESHOLDS, levelForScore, levelProgress, levelThreshold } from './levels.ts';

describe('levels by score', () => {
  it('starts levels 1..7 at 0, 100, 250, 500, 1000, 2000 and 5000', () => {
    expect(LEVEL_THRESHOLDS).toEqual([0, 100, 250, 500, 1000, 2000, 5000]);
    expect([0, 99, 100, 249, 250, 499, 500, 999, 1000, 1999, 2000, 4999, 5000].map(levelForScore))
      .toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7]);
  });

  it('stops at level 7, the maximum', () => {
    expect(levelForScore(1_000_000)).toBe(MAX_LEVEL);
    expect(levelThreshold(8)).toBe(5000);
    expect(levelThreshold(0)).toBe(0);
  });

  it('gives the highest level whose threshold the score reaches', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 100_000 }), (score) => {
      const level = levelForScore(score);
      expect(levelThreshold(level)).toBeLessThanOrEqual(score);
      if (level < MAX_LEVEL) expect(levelThreshold(level + 1)).toBeGreaterThan(score);
    }));
  });
});

describe('decorations by level', () => {
  it('unlocks flowers at level 2, the pond at 4 and the path at 6', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(decorationsForLevel)).toEqual([
      [], ['flowers'], ['flowers'], ['flowers', 'pond'], ['flowers', 'pond'],
      ['flowers', 'pond', 'path'], ['flowers', 'pond', 'path'],
    ]);
  });
});

describe('levelProgress (the garden header bar)', () => {
  it('gives the fraction between the current and the next threshold', () => {
    expect(levelProgress({ level: 2, score: 175 })).toEqual({ level: 2, current: 100, next: 250, fraction: 0.5 });
    expect(levelProgress({ level: 1, score: 0 })).toEqual({ level: 1, current: 0, next: 100, fraction: 0 });
  });

  it('is full at the top level', () => {
    expect(levelProgress({ level: 7, score: 5000 })).toEqual({ level: 7, current: 5000, next: null, fraction: 1 });
    expect(levelProgress({ level: 7, score: 123_456 }).fraction).toBe(1);
  });

  it('stays within 0..1 when imported data holds a level its score does not match', () => {
    expect(levelProgress({ level: 4, score: 10 }).fraction).toBe(0);
    expect(levelProgress({ level: 1, score: 900 }).fraction).toBe(1);
    fc.assert(fc.property(fc.integer({ min: 1, max: MAX_LEVEL }), fc.double({ min: 0, max: 1e7, noNaN: true }), (level, score) => {
      const { fraction } = levelProgress({ level, score });
      expect(fraction).toBeGreaterThanOrEqual(0);
      expect(fraction).toBeLessThanOrEqual(1);
    }));
  });
});
