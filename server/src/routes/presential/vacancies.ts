import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ADMIN_RESOURCES, CancelVacanciesBody, ListQuery, PRESENTIAL_PATHS, PlannedVacancy, PlannedVacancyInput } from '@lp/shared/contract';
import { parseQuarter, type Quarter } from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import { readWriteAccess } from '../../lib/access.ts';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { IdParams } from '../../lib/params.ts';
import { clientOf } from '../../plugins/app/auth.ts';
import { clientRowExists } from '../../repositories/presential/reference.ts';
import {
  cancelVacancies, deleteVacancy, findVacancy, insertVacancy, toVacancy, updateVacancy, vacancyExists, vacancyListQuery,
} from '../../repositories/presential/vacancies.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['b.name', 'c.name', 'c.code'],
  sortable: { id: 'v.id', branch_name: 'b.name', course_code: 'c.code', year: 'v.year', quarter: 'v.quarter', planned: 'v.planned', filled: 'v.filled' },
  defaultOrdering: '-id',
  filters: { branch_id: 'v.branch_id', course_id: 'v.course_id', year: 'v.year', quarter: 'v.quarter' },
};

const filled = () => new HttpError(409, 'cant_remove_filled_vancancy', 'Filled vacancies cannot be removed', { planned: 'cant_remove_filled_vancancy' });

/** The stored values of a plan: the quarter read from 'quarter/year', the store and course the client's. */
async function resolve(db: Db, clientId: number, input: PlannedVacancyInput, exceptId: number | null) {
  const quarter = parseQuarter(input.quarter);
  if (!quarter) throw new HttpError(400, 'invalid_quarter', 'Enter the quarter as quarter/year', { quarter: 'invalid_quarter' });
  const foreign: Record<string, 'validation_error'> = {};
  if (!(await clientRowExists(db, 'branches', clientId, input.branch_id))) foreign.branch_id = 'validation_error';
  if (!(await clientRowExists(db, 'presential_courses', clientId, input.course_id))) foreign.course_id = 'validation_error';
  if (Object.keys(foreign).length) throw new HttpError(400, 'validation_error', 'Unknown reference', foreign);
  const values: { branch_id: number; course_id: number; total: number; planned: number } & Quarter = {
    branch_id: input.branch_id, course_id: input.course_id, total: input.total ?? input.planned, planned: input.planned, ...quarter,
  };
  // spec 3 §5 "Only one planned vacancy per dealership/course/quarter."
  if (await vacancyExists(db, clientId, values, exceptId)) {
    throw new HttpError(409, 'there_is_already_a_vacancy_planned_for_this_dealership_course_quarter', 'There is already a vacancy planned for this dealership, course and quarter');
  }
  return values;
}

/**
 * spec 3 §3 "Planned vacancy", §5; spec 1 §2.3 presential/planned-vacancies (title
 * presential_manager_seats, changed with edit_presential_manager_seats).
 */
const vacancies: FastifyPluginAsyncTypebox = async (app) => {
  const def = ADMIN_RESOURCES.presential_planned_vacancies;
  const access = readWriteAccess(def.title, 'edit_presential_manager_seats', 'You do not have permission to edit planned vacancies');
  const P = PRESENTIAL_PATHS;
  const one = async (clientId: number, id: number) => {
    const row = await vacancyListQuery(app.db, clientId).where('v.id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return toVacancy(row);
  };

  app.get(P.plannedVacancies, { config: { access: access.read }, schema: { querystring: ListQuery, response: listResponse(PlannedVacancy) } }, async (request, reply) => {
    const list = parseListQuery(request.query, LIST_SPEC);
    const { rows, total } = await runList(vacancyListQuery(app.db, clientOf(request)), list, LIST_SPEC);
    return sendList(reply, def.name, list, rows.map(toVacancy), total);
  });
  app.get(P.plannedVacancy(':id'), { config: { access: access.read }, schema: { params: IdParams, response: { 200: PlannedVacancy } } }, async (request) =>
    one(clientOf(request), request.params.id));

  app.post(P.plannedVacancies, { config: { access: access.write }, schema: { body: PlannedVacancyInput, response: { 201: PlannedVacancy } } }, async (request, reply) => {
    const clientId = clientOf(request);
    const id = await app.db.transaction().execute(async (trx) => insertVacancy(trx, clientId, await resolve(trx, clientId, request.body, null)));
    return reply.status(201).send(await one(clientId, id));
  });

  app.put(P.plannedVacancy(':id'), { config: { access: access.write }, schema: { params: IdParams, body: PlannedVacancyInput, response: { 200: PlannedVacancy } } }, async (request) => {
    const clientId = clientOf(request);
    const { id } = request.params;
    await app.db.transaction().execute(async (trx) => {
      const current = await findVacancy(trx, clientId, id);
      if (!current) throw notFound();
      const values = await resolve(trx, clientId, request.body, id);
      // a filled plan keeps its store, course and quarter: its seats are enrollments there
      if (current.filled > 0 && (values.branch_id !== current.branch_id || values.course_id !== current.course_id || values.year !== current.year || values.quarter !== current.quarter)) {
        throw new HttpError(409, 'vacancies_already_filled_for_this_dealership', 'Vacancies already filled for this dealership');
      }
      if (!(await updateVacancy(trx, clientId, id, values))) throw filled();
    });
    return one(clientId, id);
  });

  app.delete(P.plannedVacancy(':id'), { config: { access: access.write }, schema: { params: IdParams, response: { 200: PlannedVacancy } } }, async (request) => {
    const clientId = clientOf(request);
    const before = await one(clientId, request.params.id);
    if (!(await deleteVacancy(app.db, clientId, request.params.id))) throw filled();
    return before;
  });

  app.post(P.cancelVacancies(':id'), { config: { access: access.write }, schema: { params: IdParams, body: CancelVacanciesBody, response: { 200: PlannedVacancy } } }, async (request) => {
    const clientId = clientOf(request);
    await one(clientId, request.params.id);
    if (!(await cancelVacancies(app.db, clientId, request.params.id, request.body.count))) {
      throw new HttpError(409, 'cant_remove_filled_vancancy', 'Only available vacancies can be cancelled', { count: 'cant_remove_filled_vancancy' });
    }
    return one(clientId, request.params.id);
  });
};
export default vacancies;
