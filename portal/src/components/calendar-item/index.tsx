import { Link } from 'wouter-preact';
import type { CalendarItem } from '@lp/shared/contract';
import { useI18n } from '../../lib/i18n.ts';
import { useDateFormat } from '../../lib/format.ts';

/** Where a calendar item leads: its training, webcast, live class or face-to-face training, or an administrator's item's own link. */
export function calendarItemLink(item: CalendarItem): string | null {
  if (item.event) return item.event.link || null;
  if (item.training) return `/courses/${item.training.id}`;
  if (item.webcast_id !== null) return `/webcasts/${item.webcast_id}`;
  if (item.live_class_id !== null) return `/live_classes/${item.live_class_id}`;
  if (item.presential_id != null) return `/presential/${item.presential_id}`;
  return null;
}

/**
 * One item of the learner's calendar (spec 1 §2.2 calendar, spec 3 §2 calendar/agenda) as the
 * calendar's day list and the home's schedule show it: its time (an instant's, in the user's zone),
 * what happens with a link to it, and whether the learner subscribed. `withDay` adds the day, for
 * a list that is not grouped by day.
 */
export function CalendarItemText({ item, withDay = false }: { item: CalendarItem; withDay?: boolean }) {
  const { t } = useI18n();
  const dates = useDateFormat();
  const time = item.starts_at ? dates.time(item.starts_at) : null;
  const day = withDay ? (item.starts_at ? dates.instant(item.starts_at) : item.date && dates.day(item.date)) : null;
  const when = [day, time].filter(Boolean).join(' ');
  const text = item.kind === 'activity_available'
    ? t('portal.calendar.kinds.activity_available', { title: item.title, training: item.training?.title ?? '' })
    : t(`portal.calendar.kinds.${item.kind}`, { title: item.title });
  const link = calendarItemLink(item);
  return (
    <>
      {when && <time dateTime={item.starts_at ?? item.date ?? undefined}>{when}</time>}{when && ' · '}
      {/* an administrator's item may link outside the portal (spec 1 §2.3 schedule/{id}): a new tab then */}
      {!link ? text : /^https?:\/\//i.test(link) ? <a href={link} target="_blank" rel="noopener noreferrer">{text}</a> : <Link href={link}>{text}</Link>}
      {item.subscribed && <span class="chip">{t('portal.calendar.subscribed')}</span>}
      {item.event?.description && <span class="calendar-item-description">{item.event.description}</span>}
    </>
  );
}
