import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromStoredValue, toStoredValue } from './plain-values.ts';

describe('plain values as stored', () => {
  it('reads a list of plain values back as the same list (nothing to restore)', () => {
    const tags = ['planning', 'team-1', '', 3, null, true];
    expect(fromStoredValue(tags)).toBe(tags);
  });

  it('restores a key "__proto__" inside a list of objects', () => {
    const stored = toStoredValue([{ ['__proto__']: 'x', name: 'a' }, 'b']);
    const read = fromStoredValue(stored) as [Record<string, unknown>, string];
    expect(Object.keys(read[0])).toEqual(['__proto__', 'name']);
    expect(Object.getOwnPropertyDescriptor(read[0], '__proto__')?.value).toBe('x');
    expect(read[1]).toBe('b');
  });

  it('property: any JSON value reads back equal to what was stored', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => {
      expect(fromStoredValue(toStoredValue(value))).toEqual(value);
    }));
  });
});
