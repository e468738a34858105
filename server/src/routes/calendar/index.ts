import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_RESOURCES, CALENDAR_PATHS, CalendarItems, CalendarQuery } from '@lp/shared/contract';
import { validateCalendarRange } from '@lp/shared/rules';
import { HttpError } from '../../lib/httpError.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { clientSchedule, learnerCalendar } from '../../repositories/calendar.ts';
import { learnerContext } from '../../repositories/learner/context.ts';
import { titleAccess } from '../../lib/access.ts';
import { scheduleEventsAdmin } from './events.ts';

function checkedRange(query: CalendarQuery): CalendarQuery {
  const error = validateCalendarRange(query.start, query.end);
  if (error) throw new HttpError(400, error, 'start and end are days, start first, at most 62 days apart', { end: error });
  return query;
}

/**
 * The learner calendar (spec 1 §2.2 calendar; spec 3 §2 calendar/agenda) and the admin schedule
 * (spec 3 §2 schedule, title slug schedule): the dated items of a range of days (a month grid), and the
 * calendar items administrators write (events.ts, spec 1 §2.3 schedule/{id}).
 */
const calendar: FastifyPluginAsyncTypebox = async (app) => {
  app.get(CALENDAR_PATHS.learner, { config: { access: 'authenticated' }, schema: { querystring: CalendarQuery, response: { 200: CalendarItems } } }, async (request) => {
    const range = checkedRange(request.query);
    const ctx = await learnerContext(app.db, clientOf(request), authOf(request).user);
    return { ...range, results: await learnerCalendar(app.db, ctx, range) };
  });

  app.get(CALENDAR_PATHS.admin, {
    config: { access: titleAccess(ADMIN_RESOURCES.schedule.title) }, schema: { querystring: CalendarQuery, response: { 200: CalendarItems } },
  }, async (request) => {
    const range = checkedRange(request.query);
    return { ...range, results: await clientSchedule(app.db, clientOf(request), range) };
  });

  await app.register(scheduleEventsAdmin);
};
export default calendar;
