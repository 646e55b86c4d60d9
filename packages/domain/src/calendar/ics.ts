import type { CalendarItem } from './calendar-items.ts';
import { addDays } from './month-grid.ts';

// The calendar's 'Export .ics' file (docs/product.md, Calendar; decision 045): every dated project and task as an
// all-day event of an RFC 5545 calendar that Google Calendar, Apple Calendar and Outlook import.
// - DTSTART;VALUE=DATE is the due day and DTEND;VALUE=DATE the day after (the end of an all-day event is exclusive).
// - UIDs come from the item's kind and id and a fixed domain, so importing a newer file again updates the events
//   rather than adding copies; SEQUENCE grows with the export time, for the calendars that update only then.
// - CRLF line ends, lines folded at 75 octets of UTF-8 (never inside a character), TEXT values escaped.

/** The domain part of every UID. Grove owns no domain name, so a reserved one (RFC 2606) that no one else uses. */
export const ICS_UID_DOMAIN = 'grove.invalid';
export const ICS_PRODUCT_ID = '-//Grove//Grove Calendar//EN';

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;
/** SEQUENCE counts whole minutes from here: it grows with every later export and fits a 32-bit integer. */
const SEQUENCE_EPOCH = Date.UTC(2000, 0, 1);
const MINUTE_MS = 60_000;

/** What the screen adds to an item's event: translated text and the address that opens the item. */
export interface IcsEventDetails {
  description?: string;
  url?: string;
  categories?: readonly string[];
}

export interface IcsOptions {
  /** The export time: DTSTAMP and SEQUENCE. */
  now: Date;
  /** Shown as the calendar's name by the calendars that read X-WR-CALNAME. */
  calendarName: string;
  details?: (item: CalendarItem) => IcsEventDetails;
}

/** An item's stable UID: the same item gives the same UID in every export. */
export const icsUid = (item: Pick<CalendarItem, 'kind' | 'id'>): string => `${item.kind}-${item.id}@${ICS_UID_DOMAIN}`;

// Control characters other than horizontal tab are not allowed in TEXT (RFC 5545, 3.3.11).
// eslint-disable-next-line no-control-regex -- matching them is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/** A TEXT value: backslash, semicolon and comma escaped, every line break as '\n'. */
export function escapeIcsText(value: string): string {
  // Line breaks first: a control character between '\r' and '\n' must not join two breaks into one.
  return value
    .replace(/\r\n|\r/g, '\n')
    .replace(CONTROL, '')
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');
}

function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  return codePoint < 0x10000 ? 3 : 4;
}

/** A content line folded to at most 75 octets per line; each continuation starts with one space. */
export function foldIcsLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = utf8Length(character.codePointAt(0) ?? 0);
    if (octets + size > MAX_LINE_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += character;
    octets += size;
  }
  lines.push(current);
  return lines.join(CRLF);
}

/** 'YYYY-MM-DD' as an iCalendar DATE. */
const icsDate = (day: string): string => day.replaceAll('-', '');

/** An instant as an iCalendar UTC DATE-TIME, 'YYYYMMDDTHHMMSSZ'. */
export const icsDateTime = (instant: Date): string => `${instant.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

function eventLines(item: CalendarItem, stamp: string, sequence: number, details: IcsEventDetails): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeIcsText(icsUid(item))}`,
    `DTSTAMP:${stamp}`,
    `SEQUENCE:${sequence}`,
    `DTSTART;VALUE=DATE:${icsDate(item.day)}`,
    `DTEND;VALUE=DATE:${icsDate(addDays(item.day, 1))}`,
    `SUMMARY:${escapeIcsText(item.title)}`,
  ];
  const description = details.description?.trim() ?? '';
  if (description !== '') lines.push(`DESCRIPTION:${escapeIcsText(description)}`);
  const categories = (details.categories ?? []).filter((category) => category.trim() !== '');
  if (categories.length > 0) lines.push(`CATEGORIES:${categories.map(escapeIcsText).join(',')}`);
  // A URI value, not TEXT: it is not escaped (the screen gives a valid absolute URL).
  if (details.url !== undefined) lines.push(`URL:${details.url.replace(CONTROL, '')}`);
  // A due date is a deadline, not a meeting: it does not make the day busy.
  lines.push('TRANSP:TRANSPARENT', 'END:VEVENT');
  return lines;
}

/** The whole .ics file for `items` (in the order given), CRLF line ends included. */
export function calendarToIcs(items: readonly CalendarItem[], options: IcsOptions): string {
  const stamp = icsDateTime(options.now);
  const sequence = Math.max(0, Math.floor((options.now.getTime() - SEQUENCE_EPOCH) / MINUTE_MS));
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${ICS_PRODUCT_ID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeIcsText(options.calendarName)}`,
    ...items.flatMap((item) => eventLines(item, stamp, sequence, options.details?.(item) ?? {})),
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join(CRLF) + CRLF;
}

/** The file's name: 'grove-calendar-YYYY-MM-DD.ics' with the user's local day of the export. */
export const icsFileName = (today: string): string => `grove-calendar-${today}.ics`;
