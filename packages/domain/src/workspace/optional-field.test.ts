import { describe, expect, it } from 'vitest';
import { withOptional } from './optional-field.ts';

interface Thing { name: string; dueDate?: string }

describe('withOptional', () => {
  it('sets the field, or removes it entirely when the value is undefined', () => {
    const thing: Thing = { name: 'a', dueDate: '2026-03-05' };
    expect(withOptional(thing, 'dueDate', '2026-04-01')).toEqual({ name: 'a', dueDate: '2026-04-01' });
    const cleared = withOptional(thing, 'dueDate', undefined);
    expect(cleared).toEqual({ name: 'a' });
    expect(Object.hasOwn(cleared, 'dueDate')).toBe(false);
    expect(thing).toEqual({ name: 'a', dueDate: '2026-03-05' });
  });

  it('returns the same object when there is nothing to remove', () => {
    const thing: Thing = { name: 'a' };
    expect(withOptional(thing, 'dueDate', undefined)).toBe(thing);
  });
});
