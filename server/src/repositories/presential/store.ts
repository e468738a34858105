/**
 * The store manager's views (spec 1 §6.2 "Catalog and vacancies"; spec 3 §2 "store catalog",
 * "store manager vacancies"): every query takes the managed store's id, found by `managedStore`
 * from the caller's own row, so no request parameter can name another store.
 */
import { appointmentTitle, formatQuarter, type Quarter } from '@lp/shared/rules';
import type { StoreTrainee } from '@lp/shared/contract';
import type { Db } from '../../db/database.ts';
import type { UserRow } from '../../db/tables/user.table.ts';
import { ACTIVE_STATUSES } from './appointments.ts';
import { EVENT_STATUS } from './events.ts';
import { toVacancy, vacancyListQuery } from './vacancies.ts';

/** Appointments whose people the store follows: decided and running, or done (the scheduled days keep their results). */
const PLANNED_STATUSES = ['approved', 'in_progress'] as const;
const SCHEDULED_STATUSES = ['approved', 'in_progress', 'finished'] as const;

/** The store the user manages in the client: their main branch, when they are marked its store manager. */
export async function managedStore(db: Db, clientId: number, user: Pick<UserRow, 'store_manager' | 'branch_id'>): Promise<{ id: number; name: string } | null> {
  if (!user.store_manager || user.branch_id === null) return null;
  const row = await db.selectFrom('branches').select(['id', 'name']).where('id', '=', user.branch_id).where('client_id', '=', clientId).executeTakeFirst();
  return row ?? null;
}

/** The client's courses, each with the store's plan for the quarter (left joined: null counts when none). */
export function storeCatalogQuery(db: Db, clientId: number, storeId: number, q: Quarter) {
  return db.selectFrom('presential_courses as c')
    .leftJoin('presential_planned_vacancies as v', (j) => j.onRef('v.course_id', '=', 'c.id').on('v.client_id', '=', clientId)
      .on('v.branch_id', '=', storeId).on('v.year', '=', q.year).on('v.quarter', '=', q.quarter))
    .select(['c.id', 'c.code', 'c.name', 'v.planned', 'v.filled', 'v.canceled'])
    .where('c.client_id', '=', clientId);
}
type CatalogRow = Awaited<ReturnType<ReturnType<typeof storeCatalogQuery>['execute']>>[number];

export const toCatalogItem = (q: Quarter) => (r: CatalogRow) => ({
  id: r.id, code: r.code, name: r.name, quarter: formatQuarter(q),
  planned: r.planned ?? null, filled: r.filled ?? null,
  available: r.planned === null ? null : Math.max(0, r.planned - (r.filled ?? 0) - (r.canceled ?? 0)),
});

export const storeSeatsQuery = (db: Db, clientId: number, storeId: number) => vacancyListQuery(db, clientId).where('v.branch_id', '=', storeId);
export const toStoreSeat = (r: Parameters<typeof toVacancy>[0]) => {
  const { branch_id: _b, branch_name: _n, ...seat } = toVacancy(r);
  return seat;
};

/** The store's people with an active enrollment, with their result columns (kept out of the answer without an evaluation key). */
function storeEnrollments(db: Db, clientId: number, storeId: number) {
  return db.selectFrom('presential_enrollments as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('presential_events as e', 'e.id', 's.event_id')
    .select(['s.id as enrollment_id', 's.appointment_id', 's.planned_vacancy_id', 's.status', 's.presence', 's.result', 's.score',
      'u.id as user_id', 'u.full_name', 'u.email', 'e.date as event_date'])
    .where('s.client_id', '=', clientId).where('u.branch_id', '=', storeId).where('s.status', 'in', ACTIVE_STATUSES);
}
type EnrollmentRow = Awaited<ReturnType<ReturnType<typeof storeEnrollments>['execute']>>[number];

function toTrainee(r: EnrollmentRow, evaluation: boolean): StoreTrainee {
  return {
    enrollment_id: r.enrollment_id, user_id: r.user_id, name: r.full_name, email: r.email, status: r.status, event_date: r.event_date,
    ...(evaluation ? { presence: r.presence ?? null, result: r.result ?? null, score: r.score ?? null } : {}),
  };
}

/** The store's trainees in each of these plans (store_manager_seats_trainees). */
export async function traineesOfPlans(db: Db, clientId: number, storeId: number, planIds: number[]): Promise<Map<number, StoreTrainee[]>> {
  const map = new Map<number, StoreTrainee[]>(planIds.map((id) => [id, []]));
  if (!planIds.length) return map;
  const rows = await storeEnrollments(db, clientId, storeId).where('s.planned_vacancy_id', 'in', planIds).orderBy('u.full_name').orderBy('s.id').execute();
  for (const r of rows) map.get(r.planned_vacancy_id!)?.push(toTrainee(r, false));
  return map;
}

/** Approved or in-progress appointments of the courses the store has plans for. */
export function storePlannedQuery(db: Db, clientId: number, storeId: number) {
  return db.selectFrom('presential_appointments as a')
    .innerJoin('presential_courses as c', 'c.id', 'a.course_id')
    .select((eb) => ['a.id', 'a.title', 'c.code as course_code', 'c.name as course_name', 'a.status',
      eb.selectFrom('presential_events as e').select((x) => x.fn.min('e.date').as('d')).whereRef('e.appointment_id', '=', 'a.id')
        .where('e.status', '=', EVENT_STATUS.active).as('first_date')])
    .where('a.client_id', '=', clientId).where('a.is_template', '=', false).where('a.status', 'in', [...PLANNED_STATUSES])
    .where('a.course_id', 'in', (eb) => eb.selectFrom('presential_planned_vacancies').select('course_id')
      .where('client_id', '=', clientId).where('branch_id', '=', storeId));
}
type PlannedRow = Awaited<ReturnType<ReturnType<typeof storePlannedQuery>['execute']>>[number];

export async function toStorePlanned(db: Db, clientId: number, storeId: number, rows: PlannedRow[], evaluation: boolean) {
  const ids = rows.map((r) => r.id);
  const people = ids.length ? await storeEnrollments(db, clientId, storeId).where('s.appointment_id', 'in', ids).orderBy('u.full_name').orderBy('s.id').execute() : [];
  return rows.map((r) => ({
    id: r.id, title: appointmentTitle(r.title, r.course_name), course_code: r.course_code, status: r.status, first_date: r.first_date ?? null,
    trainees: people.filter((p) => p.appointment_id === r.id).map((p) => toTrainee(p, evaluation)),
  }));
}

/** The event days of the store's people: active enrollments in active events of scheduled appointments. */
export function storeScheduledQuery(db: Db, clientId: number, storeId: number) {
  return db.selectFrom('presential_enrollments as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .innerJoin('presential_events as e', 'e.id', 's.event_id')
    .innerJoin('presential_appointments as a', 'a.id', 's.appointment_id')
    .leftJoin('presential_courses as c', 'c.id', 'a.course_id')
    .select(['s.id', 's.appointment_id', 's.status', 's.presence', 's.result', 's.score', 'a.title as appointment_title', 'c.name as course_name',
      'e.title as event_title', 'e.date', 'e.start_hour', 'e.end_hour', 'e.location_name', 'u.id as user_id', 'u.full_name', 'u.email'])
    .where('s.client_id', '=', clientId).where('u.branch_id', '=', storeId).where('s.status', 'in', ACTIVE_STATUSES)
    .where('e.status', '=', EVENT_STATUS.active).where('a.status', 'in', [...SCHEDULED_STATUSES]);
}
type ScheduledRow = Awaited<ReturnType<ReturnType<typeof storeScheduledQuery>['execute']>>[number];

export const toStoreScheduled = (evaluation: boolean) => (r: ScheduledRow) => ({
  id: r.id, appointment_id: r.appointment_id, appointment_title: appointmentTitle(r.appointment_title, r.course_name), event_title: r.event_title,
  date: r.date, start_hour: r.start_hour, end_hour: r.end_hour, location_name: r.location_name, status: r.status,
  user: { id: r.user_id, name: r.full_name, email: r.email },
  ...(evaluation ? { presence: r.presence ?? null, result: r.result ?? null, score: r.score ?? null } : {}),
});
