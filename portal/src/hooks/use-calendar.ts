import useSWR from 'swr';
import { CALENDAR_PATHS, type CalendarItems } from '@lp/shared/contract';

/** GET /api/calendar/?start&end — the learner's dated items of the days a month grid shows. */
export function useCalendar(start: string, end: string) {
  return useSWR<CalendarItems>(`${CALENDAR_PATHS.learner}?start=${start}&end=${end}`, { keepPreviousData: true });
}
