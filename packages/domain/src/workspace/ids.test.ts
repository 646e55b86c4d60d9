import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createIdGenerator, generateId, ID_KINDS, idsFromSeed } from './ids.ts';

describe('createIdGenerator', () => {
  it('builds prefix, counter seeded from the time, and random suffix', () => {
    const ids = createIdGenerator({ now: () => 1_700_000_000_000, random: () => 0.5 });
    expect(ids('item')).toBe('item-1700000000000-i00000');
    expect(ids('project')).toBe('project-1700000000001-i00000');
  });

  it('uses the kind as prefix for every kind', () => {
    const ids = createIdGenerator({ now: () => 1, random: () => 0 });
    for (const kind of ID_KINDS) expect(ids(kind)).toMatch(new RegExp(`^${kind}-\\d+-[0-9a-z]{6}$`));
  });

  it('reads the clock once, to seed the counter', () => {
    let calls = 0;
    const ids = createIdGenerator({ now: () => ++calls * 1000, random: () => 0 });
    ids('node');
    ids('node');
    expect(calls).toBe(1);
  });

  it('gives unique ids across many calls even when time and randomness never change', () => {
    fc.assert(fc.property(fc.nat(), fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), fc.integer({ min: 1, max: 2000 }),
      (now, random, count) => {
        const ids = createIdGenerator({ now: () => now, random: () => random });
        const made = Array.from({ length: count }, (_, index) => ids(ID_KINDS[index % ID_KINDS.length] ?? 'item'));
        expect(new Set(made).size).toBe(count);
      }));
  });

  it('keeps two generators seeded at the same millisecond apart by the random suffix', () => {
    const a = createIdGenerator({ now: () => 5, random: () => 0.25 });
    const b = createIdGenerator({ now: () => 5, random: () => 0.75 });
    expect(a('item')).not.toBe(b('item'));
  });

  it('stays well-formed when the sources break their contract', () => {
    const ids = createIdGenerator({ now: () => Number.NaN, random: () => 1 });
    expect(ids('edge')).toBe('edge-0-000000');
  });

  it('has a default instance producing distinct ids', () => {
    expect(generateId('page')).toMatch(/^page-\d+-[0-9a-z]{6}$/);
    expect(generateId('page')).not.toBe(generateId('page'));
  });
});

describe('idsFromSeed', () => {
  it('makes the same ids for the same seed and different ones for another salt', () => {
    const take = (salt: number) => {
      const ids = idsFromSeed({ time: 1000, salt });
      return [ids('item'), ids('item')];
    };
    expect(take(1)).toEqual(take(1));
    expect(take(1)).not.toEqual(take(2));
    expect(take(1)[0]).toMatch(/^item-1000-[0-9a-z]{6}$/);
  });
});
