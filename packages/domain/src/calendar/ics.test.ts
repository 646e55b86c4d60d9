import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CalendarItem } from './calendar-items.ts';
import { calendarToIcs, escapeIcsText, foldIcsLine, icsDateTime, icsFileName, icsUid } from './ics.ts';

// A strict reading of the file as RFC 5545 defines it; the web app's test also reads it with ical.js.

const NOW = new Date('2026-03-05T10:20:30.456Z');

const project = (id: string, day: string, fields: Partial<CalendarItem> = {}): CalendarItem =>
  ({ kind: 'project', id, title: `Project ${id}`, day, description: '', done: false, status: 'active', ...fields }) as CalendarItem;
const task = (id: string, day: string, fields: Partial<CalendarItem> = {}): CalendarItem =>
  ({ kind: 'task', id, title: `Task ${id}`, day, description: '', done: false, priority: 'medium', columnTitle: 'To-do', ...fields }) as CalendarItem;

/** UTF-8 length (no TextEncoder in the domain's types): 1 to 4 octets by code point. */
const octets = (text: string) => [...text].reduce((sum, character) => {
  const code = character.codePointAt(0) ?? 0;
  return sum + (code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4);
}, 0);

/** Content lines: CRLF-separated physical lines, continuation lines (a leading space) joined. */
function unfold(file: string): string[] {
  expect(file.endsWith('\r\n')).toBe(true);
  const physical = file.slice(0, -2).split('\r\n');
  for (const line of physical) {
    expect(line).not.toMatch(/[\r\n]/);
    expect(octets(line)).toBeLessThanOrEqual(75);
  }
  return physical.reduce<string[]>((lines, line) => {
    if (line.startsWith(' ')) lines[lines.length - 1] += line.slice(1);
    else lines.push(line);
    return lines;
  }, []);
}

function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, escaped: string) => (escaped.toLowerCase() === 'n' ? '\n' : escaped));
}

/** The VEVENTs as name → value maps (the name with its parameters, e.g. 'DTSTART;VALUE=DATE'). */
function events(file: string): Map<string, string>[] {
  const found: Map<string, string>[] = [];
  let current: Map<string, string> | null = null;
  for (const line of unfold(file)) {
    if (line === 'BEGIN:VEVENT') current = new Map();
    else if (line === 'END:VEVENT') {
      if (current) found.push(current);
      current = null;
    } else if (current) {
      // The name ends at the first ':' outside a quoted parameter value; none of ours is quoted.
      const colon = line.indexOf(':');
      current.set(line.slice(0, colon), line.slice(colon + 1));
    }
  }
  return found;
}

describe('calendarToIcs', () => {
  it('writes a VCALENDAR with VERSION, PRODID and one all-day VEVENT per item, CRLF throughout', () => {
    const file = calendarToIcs([project('p1', '2026-03-10'), task('t1', '2026-12-31')], { now: NOW, calendarName: 'Grove' });
    const lines = unfold(file);
    expect(lines.slice(0, 6)).toEqual([
      'BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Grove//Grove Calendar//EN', 'CALSCALE:GREGORIAN', 'METHOD:PUBLISH', 'X-WR-CALNAME:Grove',
    ]);
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const [first, second] = events(file);
    expect(Object.fromEntries(first ?? [])).toEqual({
      UID: 'project-p1@grove.invalid',
      DTSTAMP: '20260305T102030Z',
      SEQUENCE: String(Math.floor((NOW.getTime() - Date.UTC(2000, 0, 1)) / 60_000)),
      'DTSTART;VALUE=DATE': '20260310',
      'DTEND;VALUE=DATE': '20260311',
      SUMMARY: 'Project p1',
      TRANSP: 'TRANSPARENT',
    });
    // The end is the next day, across a year end.
    expect([second?.get('DTSTART;VALUE=DATE'), second?.get('DTEND;VALUE=DATE')]).toEqual(['20261231', '20270101']);
    expect(second?.get('UID')).toBe('task-t1@grove.invalid');
  });

  it('ends a leap-day event on March 1 and a Feb 28 event on Feb 29 in a leap year', () => {
    const [leap, before] = events(calendarToIcs([task('a', '2024-02-29'), task('b', '2024-02-28')], { now: NOW, calendarName: 'Grove' }));
    expect(leap?.get('DTEND;VALUE=DATE')).toBe('20240301');
    expect(before?.get('DTEND;VALUE=DATE')).toBe('20240229');
  });

  it('gives an item the same UID in every export, and different items different UIDs', () => {
    const later = new Date(NOW.getTime() + 86_400_000);
    const uids = (now: Date) => events(calendarToIcs([project('x', '2026-03-01'), task('x', '2026-03-01')], { now, calendarName: 'Grove' }))
      .map((event) => event.get('UID'));
    expect(uids(later)).toEqual(uids(NOW));
    expect(new Set(uids(NOW)).size).toBe(2);
    expect(icsUid({ kind: 'task', id: 'item-1' })).toBe('task-item-1@grove.invalid');
  });

  it('a later export has a higher SEQUENCE, so calendars that need it take the events as updated', () => {
    const sequence = (now: Date) => Number(events(calendarToIcs([task('a', '2026-03-01')], { now, calendarName: 'Grove' }))[0]?.get('SEQUENCE'));
    expect(sequence(new Date(NOW.getTime() + 60_000))).toBeGreaterThan(sequence(NOW));
    expect(sequence(new Date('2100-01-01T00:00:00Z'))).toBeLessThan(2 ** 31);
  });

  it('escapes commas, semicolons, backslashes and line breaks in text, and adds the details given', () => {
    const item = task('t', '2026-03-05', { title: 'Plan; draft, ship \\ done', description: 'Line one\r\nLine two\nthree' });
    const file = calendarToIcs([item], {
      now: NOW,
      calendarName: 'My, calendar',
      details: () => ({ description: 'Line one\r\nLine two\nthree', url: 'https://example.test/kanban-board?task=t', categories: ['Task', 'a,b'] }),
    });
    const [event] = events(file);
    expect(event?.get('SUMMARY')).toBe('Plan\\; draft\\, ship \\\\ done');
    expect(unescapeText(event?.get('SUMMARY') ?? '')).toBe('Plan; draft, ship \\ done');
    expect(event?.get('DESCRIPTION')).toBe('Line one\\nLine two\\nthree');
    expect(event?.get('CATEGORIES')).toBe('Task,a\\,b');
    expect(event?.get('URL')).toBe('https://example.test/kanban-board?task=t');
    expect(unfold(file)).toContain('X-WR-CALNAME:My\\, calendar');
  });

  it('leaves out a blank description and blank categories', () => {
    const [event] = events(calendarToIcs([task('t', '2026-03-05')], { now: NOW, calendarName: 'Grove', details: () => ({ description: '  ', categories: [' '] }) }));
    expect(event?.has('DESCRIPTION')).toBe(false);
    expect(event?.has('CATEGORIES')).toBe(false);
  });

  it('folds long lines at 75 octets without splitting a character, and unfolds to the same text', () => {
    const title = `${'Überprüfung der Quartalszahlen 📈 '.repeat(6)}終わり`;
    const file = calendarToIcs([task('t', '2026-03-05', { title })], { now: NOW, calendarName: 'Grove' });
    expect(file.split('\r\n').some((line) => line.startsWith(' '))).toBe(true);
    expect(unescapeText(events(file)[0]?.get('SUMMARY') ?? '')).toBe(title);
  });

  it('writes an empty calendar when there is nothing to export', () => {
    expect(unfold(calendarToIcs([], { now: NOW, calendarName: 'Grove' })).filter((line) => line.startsWith('BEGIN:'))).toEqual(['BEGIN:VCALENDAR']);
  });
});

describe('ics text properties', () => {
  it('folding keeps every line within 75 octets and unfolds to the original, for any text', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => {
      const line = `SUMMARY:${escapeIcsText(text)}`;
      const folded = foldIcsLine(line);
      const physical = folded.split('\r\n');
      expect(physical.every((part) => octets(part) <= 75)).toBe(true);
      expect(physical.slice(1).every((part) => part.startsWith(' '))).toBe(true);
      expect(physical.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
    }));
  });

  it('escaped text has no raw line break, comma or semicolon, and unescapes to the text without control characters', () => {
    const characters = fc.constantFrom('a', 'n', 'N', ',', ';', '\\', '\n', '\r', '\t', ' ', '\u0000', '\u001f', '\u007f', 'é', '😀');
    fc.assert(fc.property(fc.string({ unit: characters, maxLength: 40 }), (text) => {
      const escaped = escapeIcsText(text);
      expect(escaped).not.toMatch(/[\r\n]/);
      expect(escaped.replace(/\\[\\;,n]/g, '')).not.toMatch(/[;,\\]/);
      // eslint-disable-next-line no-control-regex -- the characters TEXT may not hold
      const expected = text.replace(/\r\n|\r/g, '\n').replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '');
      expect(unescapeText(escaped)).toBe(expected);
    }));
  });
});

describe('file name and stamps', () => {
  it('names the file with the local day; stamps are UTC date-times', () => {
    expect(icsFileName('2026-03-05')).toBe('grove-calendar-2026-03-05.ics');
    expect(icsDateTime(new Date('2026-12-31T23:59:59.999Z'))).toBe('20261231T235959Z');
  });
});
