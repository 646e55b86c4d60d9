import { useCallback } from 'react';
import { formatDate, type DateStyle } from './dates.ts';
import { useHydrated } from './use-hydrated.ts';

/**
 * Dates on a server-rendered page, in the reader's time zone. The server cannot know that zone, so it and the
 * browser's hydrating pass both write the UTC day (the HTML matches, decision 059); the next pass writes the
 * reader's own, which differs only near midnight UTC.
 */
export function useLocalDates(): (value: string, style?: DateStyle) => string {
  const hydrated = useHydrated();
  return useCallback((value: string, style: DateStyle = 'list') => formatDate(value, style, hydrated ? undefined : 'UTC'), [hydrated]);
}
