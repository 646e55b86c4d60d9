import { buildCalendarIndex } from '@grove/domain/calendar/calendar-items';
import type { KanbanItem, Project } from '@grove/domain/workspace/model';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { i18next } from '@/i18n/i18n.ts';
import { buildIcsFile } from './ics-export.ts';

// The exported file read back by ical.js, a full RFC 5545 parser (Mozilla's, used by Thunderbird): what calendar
// apps will see. The domain's own tests check the format line by line.

const NOW = new Date('2026-03-05T10:00:00.000Z');
const ORIGIN = 'https://grove.example';

const task = (id: string, fields: Partial<KanbanItem>): KanbanItem => ({ id, content: id, description: '', priority: 'medium', tags: [], ...fields });
const project = (id: string, fields: Partial<Project>): Project => ({
  id, name: id, description: '', status: 'active', priority: 'medium', progress: 0, teamSize: 1, createdAt: '2026-01-01T00:00:00.000Z', ...fields,
});

function exported() {
  const longTitle = `Quarterly review: numbers, risks; next steps \\ owners — ${'détails '.repeat(12)}`.trim();
  const index = buildCalendarIndex(
    [project('project-1', { name: 'Website relaunch', description: 'Launch day,\nall hands', dueDate: new Date(2026, 2, 20, 17, 0).toISOString() })],
    {
      columns: [
        { id: 'todo', title: 'To-do', itemIds: ['item-1', 'item-2'] },
        { id: 'done', title: 'Finished', itemIds: ['item-3'] },
      ],
      items: {
        'item-1': task('item-1', { content: longTitle, dueDate: '2026-03-05' }),
        'item-2': task('item-2', { content: 'No date' }),
        'item-3': task('item-3', { content: 'Leap day', dueDate: '2028-02-29' }),
      },
    },
  );
  return { file: buildIcsFile(index, { now: NOW, t: i18next.t, origin: ORIGIN }), longTitle };
}

function parse(text: string) {
  // ical.js types its parse result as any: it is jCal, the JSON form of the calendar.
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((vevent) => ({ vevent, event: new ICAL.Event(vevent) })) };
}

describe('the exported .ics file, read by ical.js', () => {
  it('is a VERSION 2.0 calendar with a PRODID, named after the product, with one event per dated item', () => {
    const { file } = exported();
    expect(file.fileName).toBe('grove-calendar-2026-03-05.ics');
    expect(file.count).toBe(3);
    const { calendar, events } = parse(file.text);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//Grove//Grove Calendar//EN');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Grove');
    expect(events.map(({ event }) => event.uid)).toEqual(['task-item-1@grove.invalid', 'project-project-1@grove.invalid', 'task-item-3@grove.invalid']);
  });

  it('makes all-day events: DTSTART a DATE on the due day, DTEND the next day, stamped with the export time', () => {
    const { events } = parse(exported().file.text);
    const days = events.map(({ event }) => [
      event.startDate.isDate, event.startDate.toString(), event.endDate.isDate, event.endDate.toString(),
    ]);
    expect(days).toEqual([
      [true, '2026-03-05', true, '2026-03-06'],
      [true, '2026-03-20', true, '2026-03-21'],
      [true, '2028-02-29', true, '2028-03-01'],
    ]);
    expect(events[0]?.vevent.getFirstPropertyValue('dtstamp')?.toString()).toBe('2026-03-05T10:00:00Z');
  });

  it('keeps titles and descriptions whole through escaping and folding', () => {
    const { file, longTitle } = exported();
    expect(file.text.split('\r\n').some((line) => line.startsWith(' '))).toBe(true);
    const { events } = parse(file.text);
    expect(events[0]?.event.summary).toBe(longTitle);
    expect(events[1]?.event.summary).toBe('Website relaunch');
    expect(events[1]?.event.description).toBe('Project · Active\n\nLaunch day,\nall hands');
    expect(events[2]?.event.description).toBe('Task · Done');
  });

  it('links each event to where the item is edited, and files it under its kind', () => {
    const { events } = parse(exported().file.text);
    expect(events.map(({ vevent }) => vevent.getFirstPropertyValue('url'))).toEqual([
      `${ORIGIN}/kanban-board?task=item-1`, `${ORIGIN}/free-project-management?edit=project-1`, `${ORIGIN}/kanban-board?task=item-3`,
    ]);
    expect(events.map(({ vevent }) => vevent.getFirstPropertyValue('categories'))).toEqual(['Task', 'Project', 'Task']);
    expect(events.map(({ vevent }) => vevent.getFirstPropertyValue('transp'))).toEqual(['TRANSPARENT', 'TRANSPARENT', 'TRANSPARENT']);
  });
});
