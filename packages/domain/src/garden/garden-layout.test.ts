import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FRONT_ROW, gardenLayout, rowCapacities, unitHash } from './garden-layout.ts';

const ids = (count: number) => Array.from({ length: count }, (_, index) => `task-${index}`);

describe('gardenLayout', () => {
  it('stands one tree in the middle of the front row', () => {
    const { places, rows } = gardenLayout(['only'], FRONT_ROW.wide);
    expect(rows).toBe(1);
    expect(places[0]?.row).toBe(0);
    expect(places[0]?.scale).toBe(1);
    expect(Math.abs((places[0]?.x ?? 0) - 0.5)).toBeLessThan(0.15);
  });

  it('puts the newest trees in front, the oldest at the back, smaller and higher', () => {
    const { places, rows } = gardenLayout(ids(30), FRONT_ROW.wide);
    expect(rows).toBe(3);
    const newest = places[29]!;
    const oldest = places[0]!;
    expect(newest.row).toBe(0);
    expect(oldest.row).toBe(rows - 1);
    expect(oldest.scale).toBeLessThan(newest.scale);
    expect(oldest.depth).toBeLessThan(newest.depth);
  });

  it('spreads a row that is not full across the width instead of bunching it at the left', () => {
    const { places } = gardenLayout(ids(3), FRONT_ROW.wide);
    const xs = places.map((place) => place.x).sort((a, b) => a - b);
    expect(xs[0]).toBeLessThan(0.3);
    expect(xs[2]).toBeGreaterThan(0.7);
  });

  it('grows the rows backwards: a quarter more trees each row', () => {
    expect(rowCapacities(0, 4)).toEqual([]);
    expect(rowCapacities(4, 4)).toEqual([4]);
    expect(rowCapacities(5, 4)).toEqual([4, 5]);
    expect(rowCapacities(200, 9).reduce((sum, capacity) => sum + capacity, 0)).toBeGreaterThanOrEqual(200);
  });

  it('places every tree of 1 to 200 on the ground, inside the scene, each row front to back (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 200 }), fc.constantFrom(FRONT_ROW.narrow, FRONT_ROW.wide), (count, front) => {
      const { places, rows } = gardenLayout(ids(count), front);
      expect(places).toHaveLength(count);
      for (const place of places) {
        expect(place.x).toBeGreaterThan(0);
        expect(place.x).toBeLessThan(1);
        expect(place.depth).toBeGreaterThan(0.15);
        expect(place.depth).toBeLessThanOrEqual(1);
        expect(place.row).toBeLessThan(rows);
      }
      // Trees of one row stand apart.
      for (let row = 0; row < rows; row += 1) {
        const xs = places.filter((place) => place.row === row).map((place) => place.x).sort((a, b) => a - b);
        for (let index = 1; index < xs.length; index += 1) expect(xs[index]! - xs[index - 1]!).toBeGreaterThan(0.01);
      }
    }));
  });

  it('is the same garden every time', () => {
    expect(gardenLayout(ids(40), FRONT_ROW.narrow)).toEqual(gardenLayout(ids(40), FRONT_ROW.narrow));
    expect(unitHash('a')).not.toBe(unitHash('b'));
  });
});
