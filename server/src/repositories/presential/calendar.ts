/**
 * The learner's face-to-face events in the calendar and the home's schedule (spec 1 §2.2
 * calendar, spec 3 §2 calendar/agenda; issue 17 item 6 "Home 'schedule' and the calendar show the
 * learner's events"): each event of a decided appointment they hold a seat in, or teach, as an
 * instant (its date and start hour in the appointment's timezone).
 */
import type { CalendarItem } from '@lp/shared/contract';
import { appointmentTitle, presentialEventStart } from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import type { LearnerContext } from '../learner/context.ts';
import { ACTIVE_STATUSES } from './appointments.ts';
import { EVENT_STATUS } from './events.ts';
import { LEARNER_APPOINTMENT_STATUSES } from './learner.ts';

/** Events whose start falls in [from, to) (ISO instants): a day is read either side, the zones differ. */
export async function presentialItems(db: Db, ctx: LearnerContext, window: { from: string; to: string }): Promise<CalendarItem[]> {
  if (!ctx.member) return [];
  const fromDay = window.from.slice(0, 10);
  const toDay = window.to.slice(0, 10);
  const rows = await db.selectFrom('presential_events as e')
    .innerJoin('presential_appointments as a', 'a.id', 'e.appointment_id')
    .leftJoin('presential_courses as c', 'c.id', 'a.course_id')
    .select(['e.id', 'e.date', 'e.start_hour', 'a.id as appointment_id', 'a.title', 'a.timezone', 'c.name as course_name'])
    .select((eb) => eb.exists(eb.selectFrom('presential_enrollments as s').select('s.id')
      .whereRef('s.event_id', '=', 'e.id').where('s.user_id', '=', ctx.userId).where('s.status', 'in', ACTIVE_STATUSES)).as('enrolled'))
    .where('e.client_id', '=', ctx.clientId).where('e.status', '=', EVENT_STATUS.active)
    .where('a.is_template', '=', false).where('a.status', 'in', LEARNER_APPOINTMENT_STATUSES)
    .where('e.date', '>=', fromDay).where('e.date', '<=', toDay)
    .where((eb) => eb.or([
      eb.exists(eb.selectFrom('presential_enrollments as s').select('s.id')
        .whereRef('s.event_id', '=', 'e.id').where('s.user_id', '=', ctx.userId).where('s.status', 'in', ACTIVE_STATUSES)),
      eb.exists(eb.selectFrom('presential_event_instructors as i').select('i.user_id').whereRef('i.event_id', '=', 'e.id').where('i.user_id', '=', ctx.userId)),
    ]))
    .execute();
  return rows.flatMap((r) => {
    const start = presentialEventStart(r, r.timezone);
    if (!start || start.toISOString() < window.from || start.toISOString() >= window.to) return [];
    return [{
      kind: 'presential' as const, date: null, starts_at: start.toISOString(), title: appointmentTitle(r.title, r.course_name),
      training: null, webcast_id: null, live_class_id: null, presential_id: r.appointment_id, subscribed: !!r.enrolled,
    }];
  });
}
