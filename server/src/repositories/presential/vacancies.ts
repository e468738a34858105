/**
 * Planned vacancies per store (branch) × course × quarter (spec 3 §3 "Planned vacancy", §5).
 * planned = filled + available + canceled: available is never stored, and every change of
 * filled or canceled is one conditional update that keeps available ≥ 0 (the table's check
 * constraint holds it too), so simultaneous enrollments cannot overbook a store.
 */
import { sql } from 'kysely';
import { formatQuarter, type Quarter } from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import type { PresentialPlannedVacancyRow } from '../../db/tables/presential.table.ts';

export function vacancyListQuery(db: Db, clientId: number) {
  return db.selectFrom('presential_planned_vacancies as v')
    .innerJoin('branches as b', 'b.id', 'v.branch_id')
    .innerJoin('presential_courses as c', 'c.id', 'v.course_id')
    .select([
      'v.id', 'v.branch_id', 'b.name as branch_name', 'v.course_id', 'c.code as course_code', 'c.name as course_name', 'v.quarter', 'v.year',
      'v.total', 'v.planned', 'v.filled', 'v.canceled',
    ])
    .where('v.client_id', '=', clientId);
}
type VacancyListRow = Awaited<ReturnType<ReturnType<typeof vacancyListQuery>['execute']>>[number];

export const toVacancy = (r: VacancyListRow) => ({
  id: r.id, branch_id: r.branch_id, branch_name: r.branch_name, course_id: r.course_id, course_code: r.course_code, course_name: r.course_name,
  quarter: formatQuarter({ quarter: r.quarter as Quarter['quarter'], year: r.year }),
  total: r.total, planned: r.planned, filled: r.filled, available: Math.max(0, r.planned - r.filled - r.canceled), canceled: r.canceled,
});

export async function findVacancy(db: Db, clientId: number, id: number): Promise<PresentialPlannedVacancyRow | undefined> {
  return db.selectFrom('presential_planned_vacancies').selectAll().where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
}

export async function vacancyExists(db: Db, clientId: number, v: { branch_id: number; course_id: number } & Quarter, exceptId: number | null): Promise<boolean> {
  let q = db.selectFrom('presential_planned_vacancies').select('id').where('client_id', '=', clientId).where('branch_id', '=', v.branch_id)
    .where('course_id', '=', v.course_id).where('year', '=', v.year).where('quarter', '=', v.quarter);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

export async function insertVacancy(db: Db, clientId: number, v: { branch_id: number; course_id: number; total: number; planned: number } & Quarter): Promise<number> {
  const now = new Date();
  return (await db.insertInto('presential_planned_vacancies').values({ ...v, client_id: clientId, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow()).id;
}

/**
 * A new plan: planned may not fall below filled + canceled (spec 3 §5 "Filled vacancies cannot
 * be removed"), checked in the statement itself. False when that would happen.
 */
export async function updateVacancy(db: Db, clientId: number, id: number, v: { branch_id: number; course_id: number; total: number; planned: number } & Quarter): Promise<boolean> {
  const res = await db.updateTable('presential_planned_vacancies').set({ ...v, updated_at: new Date() })
    .where('id', '=', id).where('client_id', '=', clientId).where(sql<boolean>`filled + canceled <= ${v.planned}`).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Deleted only while nothing is filled. */
export async function deleteVacancy(db: Db, clientId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('presential_planned_vacancies').where('id', '=', id).where('client_id', '=', clientId).where('filled', '=', 0).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** spec 3 §4 "Vacancies can be cancelled": withdraws `count` available seats, never filled ones. */
export async function cancelVacancies(db: Db, clientId: number, id: number, count: number): Promise<boolean> {
  const res = await db.updateTable('presential_planned_vacancies').set((eb) => ({ canceled: eb('canceled', '+', count), updated_at: new Date() }))
    .where('id', '=', id).where('client_id', '=', clientId).where(sql<boolean>`planned - filled - canceled >= ${count}`).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** One seat of the store's plan, taken only while one is available: the overbooking guard. */
export async function takeVacancy(db: Db, id: number): Promise<boolean> {
  const res = await db.updateTable('presential_planned_vacancies').set((eb) => ({ filled: eb('filled', '+', 1), updated_at: new Date() }))
    .where('id', '=', id).where(sql<boolean>`planned - filled - canceled > 0`).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** A canceled enrollment gives its seat back. */
export async function releaseVacancy(db: Db, id: number): Promise<void> {
  await db.updateTable('presential_planned_vacancies').set((eb) => ({ filled: eb('filled', '-', 1), updated_at: new Date() }))
    .where('id', '=', id).where('filled', '>', 0).execute();
}

/**
 * The plan that governs a store's seats in a course and quarter: `planning` is false when no
 * store has a plan for that course and quarter (the course is not planned, nothing limits it);
 * otherwise `row` is the store's plan, if it has one.
 */
export async function planFor(db: Db, clientId: number, branchId: number | null, courseId: number, q: Quarter): Promise<{ planning: boolean; id: number | null }> {
  const rows = await db.selectFrom('presential_planned_vacancies').select(['id', 'branch_id'])
    .where('client_id', '=', clientId).where('course_id', '=', courseId).where('year', '=', q.year).where('quarter', '=', q.quarter).execute();
  if (!rows.length) return { planning: false, id: null };
  return { planning: true, id: rows.find((r) => r.branch_id === branchId)?.id ?? null };
}
