import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESENTIAL_STORE_PATHS as S } from '@lp/shared/contract';
import { quarterOfDay } from '@lp/shared/rules';
import { DIALECTS, buildTestApp, type TestApp, type Tokens } from './helpers.ts';
import { makeLearner, type Learner } from './learnerContentFixtures.ts';
import {
  P, appointmentBody, approve, call, makeAppointment, makeBranch, makeCourse, makeEvent, makeType, makeVacancy, placeInBranch,
} from './presentialFixtures.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

const BASE = ['store_catalog', 'store_manager_seats', 'store_planned', 'store_day_scheduled'];
const EVALUATION = ['store_manager_seats_trainees', 'store_planned_evaluation', 'store_day_scheduled_evaluation'];

/** A day of this quarter (its last), so the plans of this quarter govern the enrollments. */
function dayOfThisQuarter(): { day: string; quarter: string } {
  const q = quarterOfDay(new Date().toISOString().slice(0, 10));
  const last = new Date(Date.UTC(q.year, q.quarter * 3, 0)).toISOString().slice(0, 10);
  return { day: last, quarter: `${q.quarter}/${q.year}` };
}

/** spec 1 §6.2 "Catalog and vacancies": the store manager's views, scoped to their own store. */
describe.each(DIALECTS)('face-to-face store manager views on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let storeA: number;
  let storeB: number;
  let courseX: number;
  let courseY: number;
  let appointment: number;
  const { day, quarter } = dayOfThisQuarter();
  const people: Learner[] = [];

  /** An admin with these keys, marked store manager of `store` (or of none). */
  const manager = async (slugs: string[], store: number | null, flag = true) => {
    const m = await adminWith(t.app, su, c.demo, slugs);
    await t.app.db.updateTable('users').set({ store_manager: flag, branch_id: store }).where('id', '=', m.id).execute();
    return m.tokens;
  };
  const list = async (tokens: Tokens, path: string) => {
    const res = await call(t.app, tokens, 'GET', `${path}?page=1&page_size=0`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ count: number; results: Array<Record<string, unknown>> }>();
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    const type = await makeType(t.app, su, 'Sala loja', 10);
    const instructor = (await makeLearner(t.app, su, c.demo)).id;
    storeA = await makeBranch(t.app, su, 'Loja Norte');
    storeB = await makeBranch(t.app, su, 'Loja Sul');
    courseX = await makeCourse(t.app, su, 'ST-X', 'Vitrine');
    courseY = await makeCourse(t.app, su, 'ST-Y', 'Caixa');
    await makeVacancy(t.app, su, { branch_id: storeA, course_id: courseX, quarter, planned: 2 });
    await makeVacancy(t.app, su, { branch_id: storeB, course_id: courseX, quarter, planned: 2 });
    await makeVacancy(t.app, su, { branch_id: storeB, course_id: courseY, quarter, planned: 1 });
    for (const store of [storeA, storeA, storeB]) {
      const l = await makeLearner(t.app, su, c.demo);
      await placeInBranch(t.app, l.id, store);
      people.push(l);
    }
    appointment = await makeAppointment(t.app, su, appointmentBody(type, instructor, { course_id: courseX }));
    const event = await makeEvent(t.app, su, appointment, { date: day });
    await approve(t.app, su, appointment);
    const enrolled = await call(t.app, su, 'POST', P.subscribersAdd(appointment), { event_id: event, user_ids: [people[0]!.id, people[2]!.id] });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    await t.app.db.updateTable('presential_enrollments').set({ presence: 'present', result: 'approved', score: 9.5 }).where('appointment_id', '=', appointment).execute();
  });
  afterAll(async () => { await t.close(); });

  it('shows only the manager\'s own store: catalog, seats, planned appointments and scheduled days', async () => {
    const m = await manager(BASE, storeA);
    expect((await call(t.app, m, 'GET', S.store)).json()).toEqual({ store: { id: storeA, name: 'Loja Norte' } });
    const catalog = (await list(m, S.catalog)).results;
    expect(catalog.find((r) => r.id === courseX)).toMatchObject({ code: 'ST-X', quarter, planned: 2, filled: 1, available: 1 });
    // store B's plan of course Y is not store A's
    expect(catalog.find((r) => r.id === courseY)).toMatchObject({ planned: null, filled: null, available: null });
    const seats = await list(m, S.seats);
    expect(seats.count).toBe(1);
    expect(seats.results[0]).toMatchObject({ course_code: 'ST-X', quarter, planned: 2, filled: 1, available: 1, canceled: 0 });
    expect(seats.results[0]).not.toHaveProperty('trainees');
    const planned = await list(m, S.planned);
    expect(planned.results).toHaveLength(1);
    expect(planned.results[0]).toMatchObject({ id: appointment, course_code: 'ST-X', status: 'approved', first_date: day });
    const trainees = planned.results[0]!.trainees as Array<Record<string, unknown>>;
    expect(trainees.map((p) => p.user_id)).toEqual([people[0]!.id]);
    expect(trainees[0]).not.toHaveProperty('result');
    const scheduled = await list(m, S.scheduled);
    expect(scheduled.results.map((r) => (r.user as { id: number }).id)).toEqual([people[0]!.id]);
    expect(scheduled.results[0]).toMatchObject({ appointment_id: appointment, date: day, status: 'subscribed' });
    expect(scheduled.results[0]).not.toHaveProperty('presence');
  });

  it('the *_trainees and *_evaluation keys add the trainees and their results', async () => {
    const m = await manager([...BASE, ...EVALUATION], storeB);
    const seats = (await list(m, S.seats)).results;
    expect(seats).toHaveLength(2);
    const x = seats.find((s) => s.course_id === courseX)!;
    expect((x.trainees as Array<{ user_id: number }>).map((p) => p.user_id)).toEqual([people[2]!.id]);
    expect(seats.find((s) => s.course_id === courseY)!.trainees).toEqual([]);
    const planned = (await list(m, S.planned)).results;
    expect((planned[0]!.trainees as unknown[])[0]).toMatchObject({ user_id: people[2]!.id, presence: 'present', result: 'approved', score: 9.5 });
    expect((await list(m, S.scheduled)).results[0]).toMatchObject({ presence: 'present', result: 'approved', score: 9.5 });
  });

  it('each view needs its own key', async () => {
    const m = await manager(['store_catalog'], storeA);
    expect((await call(t.app, m, 'GET', S.catalog)).statusCode).toBe(200);
    expect((await call(t.app, m, 'GET', S.store)).statusCode).toBe(200);
    for (const path of [S.seats, S.planned, S.scheduled]) expect((await call(t.app, m, 'GET', path)).statusCode).toBe(403);
    const none = await manager([], storeA);
    expect((await call(t.app, none, 'GET', S.store)).statusCode).toBe(403);
    expect((await call(t.app, none, 'GET', S.catalog)).statusCode).toBe(403);
    expect((await call(t.app, m, 'GET', `${S.catalog}?quarter=5/2026`)).json().code).toBe('invalid_quarter');
  });

  it('a user who manages no store of this client sees empty lists', async () => {
    const notManager = await manager([...BASE, ...EVALUATION], storeA, false);
    const [otherStore] = await t.app.db.insertInto('branches').values({ client_id: c.other, name: 'Loja de outro cliente', created_at: new Date() })
      .returning('id').execute();
    const foreign = await manager([...BASE, ...EVALUATION], otherStore!.id);
    for (const tokens of [notManager, foreign, su]) {
      expect((await call(t.app, tokens, 'GET', S.store)).json()).toEqual({ store: null });
      for (const path of [S.catalog, S.seats, S.planned, S.scheduled]) expect(await list(tokens, path)).toEqual({ count: 0, results: [] });
    }
  });
});
