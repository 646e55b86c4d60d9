import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { describeIssues, formatPath, isRecord, parseEntry, uniqueIds } from './repair.ts';

const schema = z.object({ id: z.string(), title: z.string(), size: z.number().default(1), note: z.string().optional() });

describe('parseEntry', () => {
  it('returns a valid entry with nothing fixed', () => {
    expect(parseEntry(schema, { id: 'a', title: 'T', size: 3 })).toEqual({ value: { id: 'a', title: 'T', size: 3 }, fixedFields: [] });
  });

  it('replaces a bad field by its default, and removes a bad optional one', () => {
    expect(parseEntry(schema, { id: 'a', title: 'T', size: 'big', note: 5 })).toEqual({
      value: { id: 'a', title: 'T', size: 1 },
      fixedFields: ['size', 'note'],
    });
  });

  it('uses a fallback for a bad or missing required field', () => {
    expect(parseEntry(schema, { title: 'T' }, { id: () => 'new' })?.value).toEqual({ id: 'new', title: 'T', size: 1 });
  });

  it('keeps fields a loose schema does not know, but names a "__proto__" field, which zod cannot keep', () => {
    const loose = schema.loose();
    expect(parseEntry(loose, { id: 'a', title: 'T', later: { x: [1] } })).toEqual({ value: { id: 'a', title: 'T', size: 1, later: { x: [1] } }, fixedFields: [] });
    const withProto = JSON.parse('{"id": "a", "title": "T", "__proto__": {"x": 1}}') as unknown;
    expect(parseEntry(loose, withProto)?.fixedFields).toEqual(['__proto__']);
    const alsoBad = JSON.parse('{"id": "a", "title": "T", "size": "big", "__proto__": 1}') as unknown;
    expect(parseEntry(loose, alsoBad)?.fixedFields).toEqual(['size', '__proto__']);
  });

  it('drops the entry when a required field has no fallback', () => {
    expect(parseEntry(schema, { id: 'a', title: 7 })).toBeNull();
    expect(parseEntry(schema, 'not an object')).toBeNull();
  });
});

describe('uniqueIds', () => {
  it('renames the second of two equal ids and reports it', () => {
    const renamed: string[] = [];
    let next = 0;
    const result = uniqueIds([{ id: 'a' }, { id: 'b' }, { id: 'a' }], () => `new-${next++}`, (entry) => renamed.push(entry.id));
    expect(result).toEqual([{ id: 'a' }, { id: 'b' }, { id: 'new-0' }]);
    expect(renamed).toEqual(['a']);
  });

  it('cannot loop forever on a generator that repeats itself', () => {
    const result = uniqueIds([{ id: 'a' }, { id: 'a' }, { id: 'a' }], () => 'a', () => undefined);
    expect(new Set(result.map((entry) => entry.id)).size).toBe(3);
  });
});

describe('paths and issues', () => {
  it('formats paths a person can follow', () => {
    expect(formatPath(['projects', 2, 'name'])).toBe('projects[2].name');
    expect(formatPath(['kanbanBoard', 'items', 'item-1', 'content'])).toBe('kanbanBoard.items["item-1"].content');
    expect(formatPath([])).toBe('');
  });

  it('lists zod issues with their path', () => {
    const result = z.object({ a: z.array(z.string()) }).safeParse({ a: ['x', 1] });
    expect(result.success).toBe(false);
    if (!result.success) expect(describeIssues(result.error)).toEqual(['a[1]: Invalid input: expected string, received number']);
  });

  it('recognises records only', () => {
    expect([{}, [], null, 'x'].map(isRecord)).toEqual([true, false, false, false]);
  });
});
