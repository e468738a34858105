import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_RESOURCES, IdParams, ListQuery, SCHEDULE_EVENT_PATHS, ScheduleEvent, ScheduleEventInput } from '@lp/shared/contract';
import { formErrorCode, parseApiDateTime, validateScheduleEvent } from '@lp/shared/rules';
import { foreignAudienceIds } from '../../content/audience/index.ts';
import type { Db } from '../../db/database.ts';
import { titleAccess } from '../../lib/access.ts';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import {
  EMPTY_SCHEDULE_EVENT, deleteScheduleEvent, findScheduleEvent, insertScheduleEvent, scheduleEventQuery, scheduleEventState, toScheduleEvents,
  updateScheduleEvent, type ScheduleEventState,
} from '../../repositories/scheduleEvents.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['schedule_events.title'],
  sortable: {
    id: 'schedule_events.id', title: 'schedule_events.title', starts_at: 'schedule_events.starts_at',
    created_at: 'schedule_events.created_at', updated_at: 'schedule_events.updated_at',
  },
  defaultOrdering: '-starts_at',
};

/**
 * The request over the stored values (an omitted field keeps its value), checked with the shared
 * rules: 400 with the field keys and nothing saved; audience ids of another client are refused.
 */
async function resolveState(db: Db, clientId: number, input: ScheduleEventInput, current: ScheduleEventState | null): Promise<ScheduleEventState> {
  const base = current ?? EMPTY_SCHEDULE_EVENT;
  const text = (value: string | null | undefined, stored: string) => (value === undefined ? stored : (value ?? '').trim());
  const startsAt = input.starts_at !== undefined ? input.starts_at.trim() : (current ? base.starts_at : '');
  const values = {
    title: text(input.title, base.title),
    description: text(input.description, base.description),
    time_zone: text(input.time_zone, base.time_zone),
    link: text(input.link, base.link),
    areas: input.areas ?? base.areas,
    profiles: input.profiles ?? base.profiles,
    user_groups: input.user_groups ?? base.user_groups,
  };
  // a stored instant is ISO UTC text (an offset of its own), so it passes the same check as a sent one
  const fields = validateScheduleEvent({ ...values, starts_at: startsAt });
  const code = formErrorCode(fields);
  if (code) throw new HttpError(400, code, 'The calendar item is not valid', fields);
  const foreign = await foreignAudienceIds(db, clientId, values);
  if (Object.keys(foreign).length) throw new HttpError(400, 'validation_error', 'Unknown reference', foreign);
  return { ...values, starts_at: parseApiDateTime(startsAt)!.toISOString() };
}

/**
 * spec 1 §2.3 schedule/{id} (title slug schedule, a module item of spec 1 §6.2): the selected
 * client's calendar items — list, read, create, update, delete under /admin_schedule/events/.
 */
export const scheduleEventsAdmin: FastifyPluginAsyncTypebox = async (app) => {
  const guard = titleAccess(ADMIN_RESOURCES.schedule.title);
  const item = `${SCHEDULE_EVENT_PATHS.collection}:id/`;

  async function answer(clientId: number, id: number): Promise<ScheduleEvent> {
    const row = await findScheduleEvent(app.db, clientId, id);
    if (!row) throw notFound();
    return (await toScheduleEvents(app.db, [row]))[0]!;
  }

  app.get(SCHEDULE_EVENT_PATHS.collection, { config: { access: guard }, schema: { querystring: ListQuery, response: listResponse(ScheduleEvent) } }, async (request, reply) => {
    const list = parseListQuery(request.query, LIST_SPEC);
    const { rows, total } = await runList(scheduleEventQuery(app.db, clientOf(request)), list, LIST_SPEC);
    return sendList(reply, 'schedule_events', list, await toScheduleEvents(app.db, rows), total);
  });

  app.get(item, { config: { access: guard }, schema: { params: IdParams, response: { 200: ScheduleEvent } } }, async (request) =>
    answer(clientOf(request), request.params.id));

  app.post(SCHEDULE_EVENT_PATHS.collection, { config: { access: guard }, schema: { body: ScheduleEventInput, response: { 201: ScheduleEvent } } }, async (request, reply) => {
    const clientId = clientOf(request);
    const id = await app.db.transaction().execute(async (trx) =>
      insertScheduleEvent(trx, clientId, authOf(request).user.id, await resolveState(trx, clientId, request.body, null)));
    return reply.status(201).send(await answer(clientId, id));
  });

  app.put(item, { config: { access: guard }, schema: { params: IdParams, body: ScheduleEventInput, response: { 200: ScheduleEvent } } }, async (request) => {
    const clientId = clientOf(request);
    const { id } = request.params;
    await app.db.transaction().execute(async (trx) => {
      const row = await findScheduleEvent(trx, clientId, id);
      if (!row) throw notFound();
      const state = await resolveState(trx, clientId, request.body, await scheduleEventState(trx, row));
      if (!(await updateScheduleEvent(trx, clientId, id, state))) throw notFound();
    });
    return answer(clientId, id);
  });

  // answers the deleted record, as react-admin's delete expects
  app.delete(item, { config: { access: guard }, schema: { params: IdParams, response: { 200: ScheduleEvent } } }, async (request) => {
    const clientId = clientOf(request);
    const before = await answer(clientId, request.params.id);
    if (!(await deleteScheduleEvent(app.db, clientId, request.params.id))) throw notFound();
    return before;
  });
};
