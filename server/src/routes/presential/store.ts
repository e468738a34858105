import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  ADMIN_RESOURCES, ListQuery, ManagedStore, PRESENTIAL_STORE_PATHS, StoreCatalogItem, StoreCatalogQuery, StorePlannedAppointment, StoreScheduledDay, StoreSeat,
} from '@lp/shared/contract';
import { hasPermission, parseQuarter, quarterOfDay } from '@lp/shared/rules';
import { titleAccess } from '../../lib/access.ts';
import { HttpError } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListRequest, type ListSpec } from '../../lib/list.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import {
  managedStore, storeCatalogQuery, storePlannedQuery, storeScheduledQuery, storeSeatsQuery, toCatalogItem, toStorePlanned, toStoreScheduled,
  toStoreSeat, traineesOfPlans,
} from '../../repositories/presential/store.ts';

const R = ADMIN_RESOURCES;
const CATALOG: ListSpec = { searchColumns: ['c.code', 'c.name'], sortable: { id: 'c.id', code: 'c.code', name: 'c.name', planned: 'v.planned' }, defaultOrdering: 'code' };
const SEATS: ListSpec = {
  searchColumns: ['c.code', 'c.name'],
  sortable: { id: 'v.id', course_code: 'c.code', quarter: 'v.year', planned: 'v.planned', filled: 'v.filled' },
  defaultOrdering: '-quarter',
  filters: { course_id: 'v.course_id', year: 'v.year', quarter: 'v.quarter' },
};
const PLANNED: ListSpec = {
  searchColumns: ['a.title', 'c.code', 'c.name'], sortable: { id: 'a.id', title: 'a.title', course_code: 'c.code', first_date: 'first_date' }, defaultOrdering: 'first_date',
};
const SCHEDULED: ListSpec = {
  searchColumns: ['u.full_name', 'u.email', 'a.title', 'e.title'],
  sortable: { id: 's.id', date: 'e.date', name: 'u.full_name' },
  defaultOrdering: '-date',
  filters: { appointment_id: 's.appointment_id' },
};

/**
 * spec 1 §6.2 "Catalog and vacancies", spec 3 §2 "store catalog", "store manager vacancies": the
 * store manager's read-only views. Each is opened by its own key; the trainees and results are
 * added by the companion keys (store_manager_seats_trainees, store_planned_evaluation,
 * store_day_scheduled_evaluation). The store is the caller's own (repositories/presential/store.ts):
 * without one every list is empty.
 */
const store: FastifyPluginAsyncTypebox = async (app) => {
  const P = PRESENTIAL_STORE_PATHS;
  const storeOf = (request: FastifyRequest) => managedStore(app.db, clientOf(request), authOf(request).user);
  const can = (request: FastifyRequest, slug: string) => hasPermission(authOf(request).subject, slug);
  const empty = (reply: FastifyReply, name: string, list: ListRequest) => sendList(reply, name, list, [], 0);

  app.get(P.store, {
    config: { access: titleAccess(R.presential_store_catalog.title, R.presential_store_seats.title, R.presential_store_planned.title, R.presential_store_scheduled.title) },
    schema: { response: { 200: ManagedStore } },
  }, async (request) => ({ store: await storeOf(request) }));

  app.get(P.catalog, { config: { access: titleAccess(R.presential_store_catalog.title) }, schema: { querystring: StoreCatalogQuery, response: listResponse(StoreCatalogItem) } }, async (request, reply) => {
    const { quarter: text, ...query } = request.query;
    const quarter = text ? parseQuarter(text) : quarterOfDay(new Date().toISOString().slice(0, 10));
    if (!quarter) throw new HttpError(400, 'invalid_quarter', 'Enter the quarter as quarter/year', { quarter: 'invalid_quarter' });
    const list = parseListQuery(query, CATALOG);
    const own = await storeOf(request);
    if (!own) return empty(reply, R.presential_store_catalog.name, list);
    const { rows, total } = await runList(storeCatalogQuery(app.db, clientOf(request), own.id, quarter), list, CATALOG);
    return sendList(reply, R.presential_store_catalog.name, list, rows.map(toCatalogItem(quarter)), total);
  });

  app.get(P.seats, { config: { access: titleAccess(R.presential_store_seats.title) }, schema: { querystring: ListQuery, response: listResponse(StoreSeat) } }, async (request, reply) => {
    const list = parseListQuery(request.query, SEATS);
    const own = await storeOf(request);
    if (!own) return empty(reply, R.presential_store_seats.name, list);
    const clientId = clientOf(request);
    const { rows, total } = await runList(storeSeatsQuery(app.db, clientId, own.id), list, SEATS);
    const seats = rows.map(toStoreSeat);
    if (!can(request, 'store_manager_seats_trainees')) return sendList(reply, R.presential_store_seats.name, list, seats, total);
    const trainees = await traineesOfPlans(app.db, clientId, own.id, seats.map((s) => s.id));
    return sendList(reply, R.presential_store_seats.name, list, seats.map((s) => ({ ...s, trainees: trainees.get(s.id) ?? [] })), total);
  });

  app.get(P.planned, { config: { access: titleAccess(R.presential_store_planned.title) }, schema: { querystring: ListQuery, response: listResponse(StorePlannedAppointment) } }, async (request, reply) => {
    const list = parseListQuery(request.query, PLANNED);
    const own = await storeOf(request);
    if (!own) return empty(reply, R.presential_store_planned.name, list);
    const clientId = clientOf(request);
    const { rows, total } = await runList(storePlannedQuery(app.db, clientId, own.id), list, PLANNED);
    return sendList(reply, R.presential_store_planned.name, list, await toStorePlanned(app.db, clientId, own.id, rows, can(request, 'store_planned_evaluation')), total);
  });

  app.get(P.scheduled, { config: { access: titleAccess(R.presential_store_scheduled.title) }, schema: { querystring: ListQuery, response: listResponse(StoreScheduledDay) } }, async (request, reply) => {
    const list = parseListQuery(request.query, SCHEDULED);
    const own = await storeOf(request);
    if (!own) return empty(reply, R.presential_store_scheduled.name, list);
    const { rows, total } = await runList(storeScheduledQuery(app.db, clientOf(request), own.id), list, SCHEDULED);
    return sendList(reply, R.presential_store_scheduled.name, list, rows.map(toStoreScheduled(can(request, 'store_day_scheduled_evaluation'))), total);
  });
};
export default store;
