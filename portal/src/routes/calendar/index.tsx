import { useMemo, useState } from 'preact/hooks';
import {
  formatMonth, formatMonthHeading, formatWeekday, gridRange, monthGrid, monthOfDay, shiftMonth, toApiDate, todayApiDate, userTimeZone,
  type YearMonth,
} from '@lp/shared/rules';
import type { CalendarItem } from '@lp/shared/contract';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { useDateFormat } from '../../lib/format.ts';
import { useCalendar } from '../../hooks/use-calendar.ts';
import { Message } from '../../components/message/index.tsx';
import { CalendarItemText } from '../../components/calendar-item/index.tsx';

/** The day an item belongs to: its date, or a transmission's day in the learner's zone (spec 1 §9). */
const dayOf = (item: CalendarItem) => item.date ?? toApiDate(item.starts_at!, userTimeZone());

/**
 * The learner calendar (spec 1 §2.2 calendar, spec 3 §2 calendar/agenda): a month grid and the
 * month's list — when activities of the trainings one is enrolled in open, a training's last day,
 * webcasts' transmissions, live classes and the learner's face-to-face events.
 */
export default function Calendar({ today = todayApiDate() }: { today?: string }) {
  const { t, locale } = useI18n();
  const dates = useDateFormat();
  const [month, setMonth] = useState<YearMonth>(() => monthOfDay(today));
  const grid = useMemo(() => monthGrid(month), [month]);
  const range = gridRange(grid);
  const { data, error } = useCalendar(range.start, range.end);
  const byDay = useMemo(() => {
    const map = new Map<string, CalendarItem[]>();
    for (const item of data?.results ?? []) map.set(dayOf(item), [...(map.get(dayOf(item)) ?? []), item]);
    return map;
  }, [data]);
  const inMonth = (day: string) => day.startsWith(formatMonth(month));
  const monthName = formatMonthHeading(month, locale);
  const listed = grid.flat().filter((day) => inMonth(day) && byDay.has(day));
  // the answer for this month's grid (an older one stays shown while the new one loads)
  const current = data?.start === range.start;

  return (
    <div class="calendar">
      <h1>{t('portal.calendar.title')}</h1>
      <div class="calendar-nav">
        <button type="button" class="button-secondary" onClick={() => setMonth((m) => shiftMonth(m, -1))} aria-label={t('portal.calendar.previous')}>‹</button>
        <h2 aria-live="polite" class="calendar-month">{monthName}</h2>
        <button type="button" class="button-secondary" onClick={() => setMonth((m) => shiftMonth(m, 1))} aria-label={t('portal.calendar.next')}>›</button>
        <button type="button" class="button-secondary" onClick={() => setMonth(monthOfDay(today))}>{t('portal.calendar.today')}</button>
      </div>
      {error && <Message kind="error">{errorText(t, errorCode(error))}</Message>}
      {!data && !error && <p class="loading">{t('portal.loading')}</p>}
      <table class="calendar-grid" aria-label={monthName} aria-busy={!current}>
        <thead>
          <tr>{grid[0]!.map((day) => <th key={day} scope="col">{formatWeekday(day, locale)}</th>)}</tr>
        </thead>
        <tbody>
          {grid.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const count = current ? (byDay.get(day)?.length ?? 0) : 0;
                return (
                  <td key={day} class={`${inMonth(day) ? '' : 'other-month'}${day === today ? ' today' : ''}`}
                    aria-current={day === today ? 'date' : undefined}>
                    <span class="day-number">{Number(day.slice(8))}</span>
                    {count > 0 && <span class="day-count">{t('portal.calendar.items', { count })}</span>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <section aria-labelledby="calendar-list-title">
        <h2 id="calendar-list-title">{t('portal.calendar.list_title')}</h2>
        {current && listed.length === 0 && <p class="note">{t('portal.calendar.empty')}</p>}
        {current && listed.length > 0 && (
          <dl class="calendar-list">
            {listed.map((day) => (
              <div key={day}>
                <dt>{dates.day(day)}</dt>
                {byDay.get(day)!.map((item, i) => <dd key={i}><CalendarItemText item={item} /></dd>)}
              </div>
            ))}
          </dl>
        )}
      </section>
    </div>
  );
}
