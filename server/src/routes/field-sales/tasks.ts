import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ADMIN_RESOURCES, AddressCandidate, AddressSearchQuery, FIELD_SALES_PATHS, IdParams, ListQuery, MapSettings, Task, TaskCancelBody, TaskChange, TaskInput, TaskResults,
  TaskScopeBody, TaskUpdate,
} from '@lp/shared/contract';
import { TASK_TRANSITIONS } from '@lp/shared/rules';
import { Type } from '@sinclair/typebox';
import { geocode } from '../../fieldSales/geocoder.ts';
import { HttpError } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import { branchCandidates } from '../../repositories/fieldSales/addresses.ts';
import { findTask, readTask, scopeTargets, setStatus, taskAnswers, tasksQuery, toTask } from '../../repositories/fieldSales/tasks.ts';
import { ACCESS, transitionRefused } from './common.ts';
import { createTasks, requireTask, updateTasks } from './taskSave.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['field_tasks.title', 'field_tasks.address', 'field_tasks.city', 'rep.full_name'],
  sortable: { id: 'field_tasks.id', task_date: 'field_tasks.task_date', starts_at: 'field_tasks.starts_at', status: 'field_tasks.status', representative: 'rep.full_name' },
  defaultOrdering: 'starts_at',
  filters: {
    representative_id: 'field_tasks.representative_id', status: 'field_tasks.status', series_id: 'field_tasks.series_id',
    questionnaire_id: 'field_tasks.questionnaire_id', task_date: 'field_tasks.task_date',
  },
};

/** The calendar's window: tasks from `from` to `to` (inclusive, 'YYYY-MM-DD'). */
const TaskListQuery = Type.Composite([ListQuery, Type.Object({
  from: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
  to: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
})]);

/**
 * spec 1 §2.3 4traders/tasks (4traders_tasks), spec 3 §2 "Admin calendar of tasks": the list and
 * calendar window, the form (one task or a series), scoped edits, cancel and delete, the results,
 * and the address search (branches first, then the geocoder).
 */
const tasks: FastifyPluginAsyncTypebox = async (app) => {
  const P = FIELD_SALES_PATHS;
  const one = async (clientId: number, id: number) => requireTask(await readTask(app.db, clientId, id));

  app.get(P.tasks, { config: { access: ACCESS.readTasks }, schema: { querystring: TaskListQuery, response: listResponse(Task) } }, async (request, reply) => {
    const { from, to, ...query } = request.query;
    const list = parseListQuery(query, LIST_SPEC);
    let q = tasksQuery(app.db, clientOf(request));
    if (from) q = q.where('field_tasks.task_date', '>=', from);
    if (to) q = q.where('field_tasks.task_date', '<=', to);
    const { rows, total } = await runList(q, list, LIST_SPEC);
    return sendList(reply, ADMIN_RESOURCES.field_sales_tasks.name, list, rows.map(toTask), total);
  });

  app.get(P.task(':id'), { config: { access: ACCESS.readTasks }, schema: { params: IdParams, response: { 200: Task } } }, async (request) =>
    one(clientOf(request), request.params.id));

  /** One task, or a series (recurrence): answers the first occurrence. */
  app.post(P.tasks, { config: { access: ACCESS.writeTasks }, schema: { body: TaskInput, response: { 201: Task } } }, async (request, reply) => {
    const clientId = clientOf(request);
    const ids = await app.db.transaction().execute((trx) => createTasks(trx, clientId, authOf(request).user.id, request.body));
    return reply.status(201).send(await one(clientId, ids[0]!));
  });

  app.put(P.task(':id'), { config: { access: ACCESS.writeTasks }, schema: { params: IdParams, body: TaskUpdate, response: { 200: Task } } }, async (request) => {
    const clientId = clientOf(request);
    await app.db.transaction().execute(async (trx) => {
      const task = requireTask(await findTask(trx, clientId, request.params.id));
      await updateTasks(trx, clientId, task, request.body);
    });
    return one(clientId, request.params.id);
  });

  app.post(P.cancel(':id'), { config: { access: ACCESS.writeTasks }, schema: { params: IdParams, body: TaskCancelBody, response: { 200: TaskChange } } }, async (request) => {
    const clientId = clientOf(request);
    const motive = request.body.cancel_motive.trim();
    if (!motive) throw new HttpError(400, 'make_sure_that_all_fields_are_filled_in', 'The cancel motive is required', { cancel_motive: 'make_sure_that_all_fields_are_filled_in' });
    const ids = await app.db.transaction().execute(async (trx) => {
      const task = requireTask(await findTask(trx, clientId, request.params.id));
      const from = TASK_TRANSITIONS.cancel.from;
      if (!from.includes(task.status)) throw transitionRefused();
      const targets = await scopeTargets(trx, task, request.body.scope ?? 'only_this', from);
      return setStatus(trx, targets.map((t) => t.id), from, 'canceled', { cancel_motive: motive });
    });
    return { ids };
  });

  app.post(P.remove(':id'), { config: { access: ACCESS.writeTasks }, schema: { params: IdParams, body: TaskScopeBody, response: { 200: TaskChange } } }, async (request) => {
    const clientId = clientOf(request);
    const ids = await app.db.transaction().execute(async (trx) => {
      const task = requireTask(await findTask(trx, clientId, request.params.id));
      const from = TASK_TRANSITIONS.delete.from;
      if (!from.includes(task.status)) throw transitionRefused();
      const targets = await scopeTargets(trx, task, request.body.scope ?? 'only_this', from);
      return setStatus(trx, targets.map((t) => t.id), from, 'deleted');
    });
    return { ids };
  });

  app.get(P.results(':id'), { config: { access: ACCESS.readTasks }, schema: { params: IdParams, response: { 200: TaskResults } } }, async (request) => {
    const task = await one(clientOf(request), request.params.id);
    return { task, answers: await taskAnswers(app.db, task.id, app.mediaUrls(request)) };
  });

  /** The admin map's tiles (MAP_TILE_URL); without them the map is left out and the forms work the same. */
  app.get(P.mapSettings, { config: { access: ACCESS.readTasks }, schema: { response: { 200: MapSettings } } }, async () => ({ tile_url: app.config.mapTileUrl }));

  /** spec 3 §2 the form's address search: the client's branches first, then the geocoder (GEOCODER_URL). */
  app.get(P.addressSearch, { config: { access: ACCESS.readTasks }, schema: { querystring: AddressSearchQuery, response: { 200: Type.Array(AddressCandidate) } } }, async (request) => {
    const q = request.query.q.trim();
    if (!q) throw new HttpError(404, 'no_address_found', 'No address found');
    const branches = await branchCandidates(app.db, clientOf(request), q);
    const url = app.config.geocoderUrl;
    const found = url ? await geocode(url, q, request.headers['accept-language']?.split(',')[0] ?? 'en') : { kind: 'none' as const };
    const results = [...branches, ...(found.kind === 'found' ? found.candidates : [])];
    if (results.length) return results;
    if (found.kind === 'unavailable') throw new HttpError(502, 'geocoder_unavailable', 'The address search is unavailable');
    if (found.kind === 'not_a_street') throw new HttpError(404, 'address_not_found_check_spelling', 'Address not found, check spelling and add street and number');
    throw new HttpError(404, 'no_address_found', 'No address found');
  });

};
export default tasks;
