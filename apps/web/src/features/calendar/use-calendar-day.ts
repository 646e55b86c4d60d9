import { isCalendarDay } from '@grove/domain/calendar/month-grid';
import { toLocalIsoDate } from '@grove/domain/workspace/iso-date';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

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

/**
 * The selected day, kept in the address (`?date=YYYY-MM-DD`) so a reload, or Back after opening an item, returns
 * to the same month; no or an unreadable date means today. The month shown is the selected day's month.
 */
export function useSelectedDay(today: string): [string, (day: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get(DAY_PARAM);
  const day = asked !== null && isCalendarDay(asked) ? asked : today;
  const setDay = useCallback((next: string) => {
    setParams((current) => {
      const updated = new URLSearchParams(current);
      if (next === today) updated.delete(DAY_PARAM);
      else updated.set(DAY_PARAM, next);
      return updated;
    }, { replace: true });
  }, [setParams, today]);
  return [day, setDay];
}
