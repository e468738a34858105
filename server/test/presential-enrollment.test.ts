import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNER_PRESENTIAL_PATHS } from '@lp/shared/contract';
import { DIALECTS, buildTestApp, type TestApp, type Tokens } from './helpers.ts';
import { makeLearner, type Learner } from './learnerContentFixtures.ts';
import {
  P, appointmentBody, approve, call, makeAppointment, makeBranch, makeCourse, makeEvent, makeType, makeVacancy, placeInBranch,
} from './presentialFixtures.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

/** spec 3 §3 "Planned vacancy", §5 "Face-to-face" (quarters, one per dealership/course/quarter, filled ones stay). */
describe.each(DIALECTS)('face-to-face planned vacancies on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let store: number;
  let course: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    store = await makeBranch(t.app, su, 'Loja Centro');
    course = await makeCourse(t.app, su, 'PV-1', 'Pós-venda');
  });
  afterAll(async () => { await t.close(); });

  it('takes the quarter as quarter/year and holds planned = filled + available + canceled', async () => {
    const bad = await call(t.app, su, 'POST', P.plannedVacancies, { branch_id: store, course_id: course, quarter: '5/2026', planned: 3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'invalid_quarter', fields: { quarter: 'invalid_quarter' } });
    const res = await call(t.app, su, 'POST', P.plannedVacancies, { branch_id: store, course_id: course, quarter: '4/2020', planned: 3, total: 5 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ branch_name: 'Loja Centro', course_code: 'PV-1', quarter: '4/2020', total: 5, planned: 3, filled: 0, available: 3, canceled: 0 });
    // spec 3 §5 "Only one planned vacancy per dealership/course/quarter."
    const twice = await call(t.app, su, 'POST', P.plannedVacancies, { branch_id: store, course_id: course, quarter: '4/2020', planned: 1 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('there_is_already_a_vacancy_planned_for_this_dealership_course_quarter');
    const id = res.json().id as number;
    const canceled = await call(t.app, su, 'POST', P.cancelVacancies(id), { count: 1 });
    expect(canceled.json()).toMatchObject({ planned: 3, filled: 0, available: 2, canceled: 1 });
    expect((await call(t.app, su, 'POST', P.cancelVacancies(id), { count: 3 })).json().code).toBe('cant_remove_filled_vancancy');
  });

  it('"Filled vacancies cannot be removed" (cant_remove_filled_vancancy)', async () => {
    const id = await makeVacancy(t.app, su, { branch_id: store, course_id: course, quarter: '1/2027', planned: 2 });
    await t.app.db.updateTable('presential_planned_vacancies').set({ filled: 2 }).where('id', '=', id).execute();
    const lower = await call(t.app, su, 'PUT', P.plannedVacancy(id), { branch_id: store, course_id: course, quarter: '1/2027', planned: 1 });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().code).toBe('cant_remove_filled_vancancy');
    expect((await call(t.app, su, 'DELETE', P.plannedVacancy(id))).json().code).toBe('cant_remove_filled_vancancy');
    const moved = await call(t.app, su, 'PUT', P.plannedVacancy(id), { branch_id: store, course_id: course, quarter: '2/2027', planned: 4 });
    expect(moved.json().code).toBe('vacancies_already_filled_for_this_dealership');
    expect((await call(t.app, su, 'PUT', P.plannedVacancy(id), { branch_id: store, course_id: course, quarter: '1/2027', planned: 4 })).json())
      .toMatchObject({ planned: 4, filled: 2, available: 2 });
  });

  it('reads with presential_manager_seats, changes with edit_presential_manager_seats', async () => {
    const reader = (await adminWith(t.app, su, c.demo, ['presential_manager_seats'])).tokens;
    expect((await call(t.app, reader, 'GET', `${P.plannedVacancies}?page=1`)).statusCode).toBe(200);
    expect((await call(t.app, reader, 'POST', P.plannedVacancies, { branch_id: store, course_id: course, quarter: '3/2027', planned: 1 })).statusCode).toBe(403);
    const editor = (await adminWith(t.app, su, c.demo, ['presential_manager_seats', 'edit_presential_manager_seats'])).tokens;
    expect((await call(t.app, editor, 'POST', P.plannedVacancies, { branch_id: store, course_id: course, quarter: '3/2027', planned: 1 })).statusCode).toBe(201);
  });
});

/** spec 3 §4 "Enrollment…", "Training listing and type", §5 "Face-to-face", §8 keys. */
describe.each(DIALECTS)('face-to-face enrollment on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let enroller: Tokens;
  let instructor: number;
  let type: number;
  let storeA: number;
  let storeB: number;
  let course: number;
  const learners: Learner[] = [];
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    enroller = (await adminWith(t.app, su, c.demo, ['approve_events', 'subscribe_event_users', 'view_cancel_enrollments'])).tokens;
    instructor = (await makeLearner(t.app, su, c.demo)).id;
    type = await makeType(t.app, su, 'Sala', 3);
    storeA = await makeBranch(t.app, su, 'Loja A');
    storeB = await makeBranch(t.app, su, 'Loja B');
    course = await makeCourse(t.app, su, 'ENR-1', 'Inscrições');
    for (let i = 0; i < 6; i += 1) {
      const l = await makeLearner(t.app, su, c.demo);
      await placeInBranch(t.app, l.id, i < 3 ? storeA : storeB);
      learners.push(l);
    }
  });
  afterAll(async () => { await t.close(); });

  const approvedWithEvent = async (extra: Record<string, unknown> = {}, event: Record<string, unknown> = {}) => {
    const id = await makeAppointment(t.app, su, appointmentBody(type, instructor, extra));
    const eventId = await makeEvent(t.app, su, id, event);
    await approve(t.app, su, id);
    return { id, eventId };
  };
  const enroll = (id: number, eventId: number, userIds: number[], tokens = enroller) =>
    call(t.app, tokens, 'POST', P.subscribersAdd(id), { event_id: eventId, user_ids: userIds });

  it('blocks a store once its planned vacancies for the course and quarter are used up', async () => {
    const plan = await makeVacancy(t.app, su, { branch_id: storeA, course_id: course, quarter: '4/2026', planned: 1 });
    const { id, eventId } = await approvedWithEvent({ course_id: course });
    const first = await enroll(id, eventId, [learners[0]!.id]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ enrolled: 1, qty_participants: 1 });
    const second = await enroll(id, eventId, [learners[1]!.id]);
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('all_vacancies_planned_for_this_store_have_been_used');
    // a store without a plan for a planned course and quarter has none
    expect((await enroll(id, eventId, [learners[3]!.id])).json().code).toBe('all_vacancies_planned_for_this_store_have_been_used');
    expect((await call(t.app, su, 'GET', P.plannedVacancy(plan))).json()).toMatchObject({ planned: 1, filled: 1, available: 0 });
  });

  it('one enrollment per user per course per quarter; the event maximum; selected users within the places', async () => {
    const other = await makeCourse(t.app, su, 'ENR-2', 'Outro curso');
    const { id, eventId } = await approvedWithEvent({ course_id: other, maximum_participants: 2 });
    expect((await enroll(id, eventId, [learners[3]!.id])).statusCode).toBe(200);
    // the same course in the same quarter, through another appointment
    const again = await approvedWithEvent({ course_id: other });
    expect((await enroll(again.id, again.eventId, [learners[3]!.id])).json().code).toBe('user_already_subscribed');
    // another event of the same appointment
    const second = await makeEvent(t.app, su, id, { date: '2026-12-11' });
    expect((await enroll(id, second, [learners[3]!.id])).json().code).toBe('user_already_certified_or_invited_to_another_event');
    // "Selected users cannot exceed available places." (maximum 2, one taken)
    expect((await enroll(id, eventId, [learners[4]!.id, learners[5]!.id])).json().code).toBe('the_number_of_users_selected_is_greater_than_the_number_of_places_available');
    // "event users cannot exceed the event maximum" (the type's 3 → set 1 on this event)
    const tight = await approvedWithEvent({}, { maximum_participants: 1 });
    expect((await enroll(tight.id, tight.eventId, [learners[4]!.id])).statusCode).toBe(200);
    expect((await enroll(tight.id, tight.eventId, [learners[5]!.id])).json().code).toBe('there_are_no_more_vacancies_for_this_event');
    // all or none: nothing of a refused batch stays
    const count = await t.app.db.selectFrom('presential_enrollments').select((eb) => eb.fn.countAll<number>().as('n')).where('appointment_id', '=', tight.id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('enrolls only in an approved or running appointment, and only with subscribe_event_users', async () => {
    const id = await makeAppointment(t.app, su, appointmentBody(type, instructor));
    const eventId = await makeEvent(t.app, su, id);
    expect((await enroll(id, eventId, [learners[5]!.id])).json().code).toBe('training_not_open_for_enrollment');
    const approverOnly = (await adminWith(t.app, su, c.demo, ['approve_events'])).tokens;
    const refused = await enroll(id, eventId, [learners[5]!.id], approverOnly);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('You are not allowed to subscribe users');
  });

  it('a cancellation request awaits the admin, who approves it and the store gets its seat back', async () => {
    const c2 = await makeCourse(t.app, su, 'ENR-3', 'Cancelamentos');
    const plan = await makeVacancy(t.app, su, { branch_id: storeB, course_id: c2, quarter: '4/2026', planned: 1 });
    const { id, eventId } = await approvedWithEvent({ course_id: c2, cancellation_until: '2030-01-01T00:00:00Z' });
    const who = learners[5]!;
    expect((await enroll(id, eventId, [who.id])).statusCode).toBe(200);
    const enrollment = (await call(t.app, enroller, 'GET', `${P.subscribers(id)}?page=1`)).json().results[0];
    expect(enrollment).toMatchObject({ status: 'subscribed', user: { id: who.id, branch: 'Loja B' } });
    // only the learner's own enrollment
    expect((await call(t.app, learners[4]!.tokens, 'POST', LEARNER_PRESENTIAL_PATHS.cancellationRequest(enrollment.id), {})).statusCode).toBe(404);
    const asked = await call(t.app, who.tokens, 'POST', LEARNER_PRESENTIAL_PATHS.cancellationRequest(enrollment.id), { reason: 'Viagem' });
    expect(asked.json()).toMatchObject({ status: 'awaiting_cancellation', cancellation_reason: 'Viagem' });
    expect((await call(t.app, enroller, 'GET', `${P.cancelEnrollments}?page=1`)).json().results.map((r: { id: number }) => r.id)).toContain(enrollment.id);
    const decided = await call(t.app, enroller, 'POST', P.decideCancellation(enrollment.id), { approve: true });
    expect(decided.json().status).toBe('canceled');
    expect((await call(t.app, su, 'GET', P.plannedVacancy(plan))).json()).toMatchObject({ filled: 0, available: 1 });
    // the seat is free again: the same user may enroll anew
    expect((await enroll(id, eventId, [who.id])).statusCode).toBe(200);
    expect((await call(t.app, enroller, 'POST', P.decideCancellation(enrollment.id), { approve: false })).json().code).toBe('enrollment_transition_not_allowed');
  });

  it('cancellation requests are blocked after the cancellation limit date (enrollment_cancelation_limit_date_expired)', async () => {
    const { id, eventId } = await approvedWithEvent({ cancellation_until: '2026-01-01T00:00:00Z' });
    const who = learners[2]!;
    expect((await enroll(id, eventId, [who.id])).statusCode).toBe(200);
    const enrollment = (await call(t.app, enroller, 'GET', `${P.subscribers(id)}?page=1`)).json().results[0];
    const late = await call(t.app, who.tokens, 'POST', LEARNER_PRESENTIAL_PATHS.cancellationRequest(enrollment.id), {});
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('enrollment_cancelation_limit_date_expired');
  });
});

/**
 * spec 3 §5 "Enrollment is blocked when the store's planned vacancies … are used up" under
 * simultaneous requests (as live classes' seats, docs/how-to-add-a-module.md "Concurrency").
 */
describe.each(DIALECTS)('face-to-face seats under concurrency on %s', (dialect) => {
  let t: TestApp;
  afterAll(async () => { await t.close(); });

  it('two admins filling a store\'s last seat at once, through two appointments: exactly one gets it', async () => {
    t = await buildTestApp(dialect);
    const su = await loginSuperuser(t.app);
    const { demo } = await clientIds(t.app);
    const admins = await Promise.all([0, 1].map(async () => (await adminWith(t.app, su, demo, ['approve_events', 'subscribe_event_users'])).tokens));
    const instructor = (await makeLearner(t.app, su, demo)).id;
    const type = await makeType(t.app, su, 'Sala', 50);
    const store = await makeBranch(t.app, su, 'Loja Corrida');
    const course = await makeCourse(t.app, su, 'RACE-1', 'Corrida');
    const plan = await makeVacancy(t.app, su, { branch_id: store, course_id: course, quarter: '4/2026', planned: 3 });
    const people = await Promise.all(Array.from({ length: 8 }, () => makeLearner(t.app, su, demo)));
    for (const p of people) await placeInBranch(t.app, p.id, store);
    const appointments: Array<{ id: number; eventId: number }> = [];
    for (let i = 0; i < 2; i += 1) {
      const id = await makeAppointment(t.app, su, appointmentBody(type, instructor, { course_id: course }));
      const eventId = await makeEvent(t.app, su, id);
      await approve(t.app, su, id);
      appointments.push({ id, eventId });
    }
    // 8 simultaneous enrollments of different people, from two admins, into two appointments of the course: 3 seats
    const answers = await Promise.all(people.map((p, i) => {
      const a = appointments[i % 2]!;
      return call(t.app, admins[i % 2]!, 'POST', P.subscribersAdd(a.id), { event_id: a.eventId, user_ids: [p.id] });
    }));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409 && r.json().code === 'all_vacancies_planned_for_this_store_have_been_used')).toBe(true);
    const row = await t.app.db.selectFrom('presential_planned_vacancies').selectAll().where('id', '=', plan).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ planned: 3, filled: 3, canceled: 0 });
    const enrolled = await t.app.db.selectFrom('presential_enrollments').select((eb) => eb.fn.countAll<number>().as('n')).where('planned_vacancy_id', '=', plan).executeTakeFirstOrThrow();
    expect(Number(enrolled.n)).toBe(3);

    // the same user twice at once, through both appointments: one enrollment per course per quarter
    const free = await makeLearner(t.app, su, demo);
    await t.app.db.updateTable('presential_planned_vacancies').set({ planned: 10 }).where('id', '=', plan).execute();
    await placeInBranch(t.app, free.id, store);
    const twice = await Promise.all(appointments.map((a, i) =>
      call(t.app, admins[i]!, 'POST', P.subscribersAdd(a.id), { event_id: a.eventId, user_ids: [free.id] })));
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(twice.find((r) => r.statusCode === 409)!.json().code).toBe('user_already_subscribed');
    const after = await t.app.db.selectFrom('presential_planned_vacancies').select('filled').where('id', '=', plan).executeTakeFirstOrThrow();
    expect(after.filled).toBe(4);
  }, 120_000);
});
