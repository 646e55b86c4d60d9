import { useCallback } from 'react';
import { formatDate, type DateStyle } from './dates.ts';
import { useHydrated } from './use-hydrated.ts';

/**
 * Dates in the reader's time zone. The server cannot know that zone, so it writes the UTC day (a server-rendered
 * public page's script then writes the reader's own, decision 075; a hydrating pass would write the same UTC day,
 * decision 059); the browser's own render writes the reader's, which differs only near midnight UTC.
 */
export function useLocalDates(): (value: string, style?: DateStyle) => string {
  const hydrated = useHydrated();
  return useCallback((value: string, style: DateStyle = 'list') => formatDate(value, style, hydrated ? undefined : 'UTC'), [hydrated]);
}
