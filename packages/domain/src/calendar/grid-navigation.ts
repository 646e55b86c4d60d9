import { addDays, addMonthsToDay, DAYS_PER_WEEK, endOfWeek, startOfWeek } from './month-grid.ts';

// Moving the focused day of the month grid by keyboard (docs/product.md, Calendar), as the ARIA grid and date
// picker patterns do: arrows by a day or a week, Home and End to the week's ends, Page Up and Page Down by a month
// (with Shift by a year). The screen shows the month of the day focus lands on.

export type GridKey = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown' | 'Home' | 'End' | 'PageUp' | 'PageDown';

const GRID_KEYS: ReadonlySet<string> = new Set<GridKey>(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);

export const isGridKey = (key: string): key is GridKey => GRID_KEYS.has(key);

const MONTHS_PER_YEAR = 12;

/** The day focus moves to from `day` on `key`; `shift` turns Page Up and Page Down into a year. */
export function moveFocusedDay(day: string, key: GridKey, shift = false): string {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -DAYS_PER_WEEK);
    case 'ArrowDown':
      return addDays(day, DAYS_PER_WEEK);
    case 'Home':
      return startOfWeek(day);
    case 'End':
      return endOfWeek(day);
    case 'PageUp':
      return addMonthsToDay(day, shift ? -MONTHS_PER_YEAR : -1);
    case 'PageDown':
      return addMonthsToDay(day, shift ? MONTHS_PER_YEAR : 1);
  }
}
