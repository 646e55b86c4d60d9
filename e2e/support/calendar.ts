import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures.ts';

/** The Calendar screen: its month heading, day cells, toolbar and day list. */
export class CalendarPage {
  constructor(readonly page: Page) {}

  async open(query = ''): Promise<void> {
    await this.page.goto(`/calendar-view${query}`);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
    await expect(this.grid).toBeVisible();
  }

  get grid(): Locator {
    return this.page.getByRole('grid');
  }

  get monthHeading(): Locator {
    return this.page.getByRole('heading', { level: 2 });
  }

  /** A day cell by its date, 'YYYY-MM-DD'. */
  day(date: string): Locator {
    return this.page.locator(`[role="gridcell"][data-date="${date}"]`);
  }

  /** The grid's one tab stop. */
  get focusableDay(): Locator {
    return this.page.locator('[role="gridcell"][tabindex="0"]');
  }

  button(name: string): Locator {
    return this.page.getByRole('button', { name, exact: true });
  }
}

/** 'March 2026' for a 'YYYY-MM-DD' day, as the screen's heading writes it (English). */
export function monthTitle(day: string): string {
  const date = new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, 1);
  return date.toLocaleDateString('en-US', { month: 'long', year: 'numeric' });
}

/** The month `count` months after a 'YYYY-MM-DD' day's month (before, when negative), as 'YYYY-MM'. */
export function shiftMonth(day: string, count: number): string {
  const date = new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1 + count, 1);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`;
}

export interface IcsEvent {
  /** Property name with its parameters ('DTSTART;VALUE=DATE') → raw value. */
  [property: string]: string;
}

/**
 * Reads an .ics file strictly as RFC 5545 writes it: every line ends in CRLF and holds at most 75 octets, a
 * continuation line starts with one space; the VCALENDAR holds its VEVENTs. Fails the test otherwise.
 */
export function readIcs(text: string): { calendar: Record<string, string>; events: IcsEvent[] } {
  expect(text.endsWith('\r\n'), 'the file ends with CRLF').toBe(true);
  const physical = text.slice(0, -2).split('\r\n');
  for (const line of physical) {
    expect(line, 'no bare CR or LF inside a line').not.toMatch(/[\r\n]/);
    expect(Buffer.byteLength(line, 'utf8'), `line within 75 octets: ${line}`).toBeLessThanOrEqual(75);
  }
  const lines = physical.reduce<string[]>((joined, line) => {
    if (line.startsWith(' ')) joined[joined.length - 1] += line.slice(1);
    else joined.push(line);
    return joined;
  }, []);
  expect(lines[0]).toBe('BEGIN:VCALENDAR');
  expect(lines.at(-1)).toBe('END:VCALENDAR');
  const calendar: Record<string, string> = {};
  const events: IcsEvent[] = [];
  let event: IcsEvent | null = null;
  for (const line of lines.slice(1, -1)) {
    if (line === 'BEGIN:VEVENT') event = {};
    else if (line === 'END:VEVENT') {
      expect(event, 'END:VEVENT closes a VEVENT').not.toBeNull();
      if (event) events.push(event);
      event = null;
    } else {
      const colon = line.indexOf(':');
      expect(colon, `a property line: ${line}`).toBeGreaterThan(0);
      (event ?? calendar)[line.slice(0, colon)] = line.slice(colon + 1);
    }
  }
  return { calendar, events };
}

/** A TEXT value unescaped ('\\,' → ',', '\\n' → newline). */
export const icsText = (value: string | undefined): string =>
  (value ?? '').replace(/\\([\\;,nN])/g, (_, escaped: string) => (escaped.toLowerCase() === 'n' ? '\n' : escaped));

/** 'YYYY-MM-DD' as an iCalendar DATE, and the day after it. */
export function icsDays(day: string): { start: string; end: string } {
  const next = new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)) + 1);
  const pad = (value: number) => String(value).padStart(2, '0');
  return { start: day.replaceAll('-', ''), end: `${next.getFullYear()}${pad(next.getMonth() + 1)}${pad(next.getDate())}` };
}
