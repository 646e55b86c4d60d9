import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTags, isBlankTitle, normaliseDueDate, normaliseTags, parseTags, priorityOf } from './task-fields.ts';

describe('parseTags (tags are comma-separated and trimmed)', () => {
  it('splits on commas, trims each tag and drops the empty ones', () => {
    expect(parseTags(' design ,urgent,, ,later ')).toEqual(['design', 'urgent', 'later']);
    expect(parseTags('')).toEqual([]);
    expect(parseTags(' , ,')).toEqual([]);
  });

  it('drops a repeated tag, keeping the first', () => {
    expect(parseTags('b, a, b ,a, c')).toEqual(['b', 'a', 'c']);
  });

  it('keeps case and inner spaces: tags are the user\'s words', () => {
    expect(parseTags('Getting started, getting started')).toEqual(['Getting started', 'getting started']);
  });

  it('property: no tag is empty, padded or repeated, and parsing the formatted tags gives them back', () => {
    fc.assert(fc.property(fc.string(), (text) => {
      const tags = parseTags(text);
      for (const tag of tags) expect(tag).toBe(tag.trim());
      expect(tags.every((tag) => tag !== '')).toBe(true);
      expect(new Set(tags).size).toBe(tags.length);
      expect(parseTags(formatTags(tags))).toEqual(tags);
    }));
  });

  it('normaliseTags applies the same rules to a list', () => {
    expect(normaliseTags(['  a', '', 'a', 'b '])).toEqual(['a', 'b']);
  });
});

describe('task fields', () => {
  it('a title is blank when empty after trimming', () => {
    expect(isBlankTitle('')).toBe(true);
    expect(isBlankTitle(' \t\n')).toBe(true);
    expect(isBlankTitle(' x ')).toBe(false);
  });

  it('a missing or unknown priority means medium', () => {
    expect(priorityOf({})).toBe('medium');
    expect(priorityOf({ priority: 'urgent' })).toBe('medium');
    expect(priorityOf({ priority: 'high' })).toBe('high');
  });

  it('an empty due date means none; a date is kept as the input gave it', () => {
    expect(normaliseDueDate('')).toBeUndefined();
    expect(normaliseDueDate('   ')).toBeUndefined();
    expect(normaliseDueDate(null)).toBeUndefined();
    expect(normaliseDueDate(undefined)).toBeUndefined();
    expect(normaliseDueDate('2026-02-30')).toBeUndefined();
    expect(normaliseDueDate('2026-03-05')).toBe('2026-03-05');
    expect(normaliseDueDate('2026-03-05T10:00:00.000Z')).toBe('2026-03-05T10:00:00.000Z');
  });
});
