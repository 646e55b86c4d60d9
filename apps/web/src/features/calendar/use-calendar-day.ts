import { isCalendarDay } from '@grove/domain/calendar/month-grid';
import { toLocalIsoDate } from '@grove/domain/workspace/iso-date';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { latestSearchParams } from '@/lib/latest-search-params.ts';

/** The user's local day, 'YYYY-MM-DD', updated at local midnight while the screen stays open. */
export function useToday(): string {
  const [today, setToday] = useState(() => toLocalIsoDate(new Date()));
  useEffect(() => {
    const now = new Date();
    const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
    // A second past midnight, so a timer that fires a little early still lands on the new day.
    const timer = window.setTimeout(() => setToday(toLocalIsoDate(new Date())), midnight.getTime() - now.getTime() + 1000);
    return () => window.clearTimeout(timer);
  }, [today]);
  return today;
}

const DAY_PARAM = 'date';

/** Marks the address changes the calendar makes itself, so it does not read them back. */
interface OwnState {
  calendarDay: string;
}

const isOwnChange = (state: unknown): boolean => typeof (state as Partial<OwnState> | null)?.calendarDay === 'string';

function dayIn(params: URLSearchParams, today: string): string {
  const asked = params.get(DAY_PARAM);
  return asked !== null && isCalendarDay(asked) ? asked : today;
}

/**
 * The selected day, also written to the address (`?date=YYYY-MM-DD`, none for today) so a reload, or Back after
 * opening an item, returns to the same month; an unreadable date means today. The day itself is state: the router
 * applies address changes in a transition, and arrow keys pressed faster than that must each start from the day
 * the previous one reached. Another navigation to the screen (the sidebar's Calendar link) decides anew.
 */
export function useSelectedDay(today: string): [string, (day: string) => void] {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const [day, setDayState] = useState(() => dayIn(params, today));
  const [seenKey, setSeenKey] = useState(location.key);
  if (location.key !== seenKey) {
    setSeenKey(location.key);
    if (!isOwnChange(location.state)) setDayState(dayIn(params, today));
  }

  const setDay = useCallback((next: string) => {
    setDayState(next);
    setParams(() => {
      const updated = latestSearchParams();
      if (next === today) updated.delete(DAY_PARAM);
      else updated.set(DAY_PARAM, next);
      return updated;
    }, { replace: true, state: { calendarDay: next } satisfies OwnState });
  }, [setParams, today]);
  return [day, setDay];
}
