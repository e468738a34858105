import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALENDAR_PATHS, LEARNER_PRESENTIAL_LIST_PATHS, LEARNER_PRESENTIAL_PATHS, PRESENTIAL_EVENT_TESTS, type LearnerPresential,
} from '@lp/shared/contract';
import { addDays, todayApiDate } from '@lp/shared/rules';
import { DIALECTS, bearer, buildTestApp, type TestApp, type Tokens } from './helpers.ts';
import { makeLearner, type Learner } from './learnerContentFixtures.ts';
import { P, appointmentBody, approve, call, makeAppointment, makeEvent, makeType } from './presentialFixtures.ts';
import { orgIds } from './trainingsFixtures.ts';
import { multipart } from './trainingTestsFixtures.ts';
import { adminWith, clientIds, loginSuperuser } from './userFixtures.ts';

const L = LEARNER_PRESENTIAL_LIST_PATHS;
const T = LEARNER_PRESENTIAL_PATHS;
const soon = (days: number) => addDays(todayApiDate('America/Sao_Paulo'), days);

/**
 * The learner side of face-to-face trainings (spec 3 §2 learner list and detail, §4 "Training
 * listing and type", §5, §8; issue 17 items 2, 6, 7): who sees what, subscribing with the
 * enrollment rules, the calendar, comments once after finishing, tests per event type and the
 * instructor's QR window.
 */
describe.each(DIALECTS)('face-to-face trainings for learners on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let demo: number;
  let type: number;
  let group: number;
  let instructor: Learner;
  let ana: Learner;
  let bia: Learner;
  let caio: Learner;
  let outsider: Learner;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    demo = (await clientIds(t.app)).demo;
    group = (await orgIds(t.app, demo)).groups['Onboarding 2026']!;
    type = await makeType(t.app, su, 'Sala', 20);
    const inGroup = { groups: [group] };
    [ana, bia, caio, outsider] = await Promise.all([
      makeLearner(t.app, su, demo, inGroup), makeLearner(t.app, su, demo, inGroup), makeLearner(t.app, su, demo, inGroup), makeLearner(t.app, su, demo),
    ]);
    instructor = await adminWith(t.app, su, demo, ['presential_test_instructor']);
  });
  afterAll(async () => { await t.close(); });

  const as = (who: { tokens: Tokens }, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => call(t.app, who.tokens, method, url, payload);
  /** An approved appointment for the onboarding group with one event. */
  const training = async (extra: Record<string, unknown> = {}, event: Record<string, unknown> = {}) => {
    const id = await makeAppointment(t.app, su, appointmentBody(type, instructor.id, { user_groups: [group], ...extra }));
    const eventId = await makeEvent(t.app, su, id, { date: soon(10), instructors: [instructor.id], ...event });
    await approve(t.app, su, id);
    return { id, eventId };
  };
  const finish = async (id: number) => {
    for (const action of ['start', 'finish'] as const) expect((await call(t.app, su, 'POST', P.action(id, action), {})).statusCode).toBe(200);
  };
  /** A published test of one question on the event (the owned-content core's admin calls). */
  const eventTest = async (eventId: number) => {
    const admin = (method: 'POST' | 'PUT', url: string, fields: Record<string, string>) => t.app.inject({ method, url: `/api${url}`, ...multipart(fields, bearer(su)) });
    const test = await admin('POST', PRESENTIAL_EVENT_TESTS.tests(eventId), { title: 'Prova', [PRESENTIAL_EVENT_TESTS.typeField]: '1' });
    expect(test.statusCode, test.body).toBe(201);
    const testId = test.json().id as number;
    const question = await t.app.inject({
      method: 'POST', url: `/api${PRESENTIAL_EVENT_TESTS.questions(eventId, testId)}`, headers: bearer(su),
      payload: { title: '<p>2 + 2?</p>', [PRESENTIAL_EVENT_TESTS.answersField]: [{ title: '<p>4</p>', is_correct: true }, { title: '<p>5</p>', is_correct: false }] },
    });
    expect(question.statusCode, question.body).toBe(201);
    expect((await admin('PUT', PRESENTIAL_EVENT_TESTS.test(eventId, testId), { status: '1', minimum_score: '1' })).statusCode).toBe(200);
    return testId;
  };
  const listIds = async (who: Learner, query = '') => (await as(who, 'GET', `${L.list}?page=1${query}`)).json().results.map((r: { id: number }) => r.id) as number[];

  it('lists open listed trainings of the audience, closed ones to invitees; a not-listed one opens by its link', async () => {
    const open = await training({ title: 'Aberta e listada' });
    const hidden = await training({ title: 'Fora da lista', listed: false });
    const closed = await training({ title: 'Fechada', training_type: 'closed', invitees: [bia.id] });
    const draft = await makeAppointment(t.app, su, appointmentBody(type, instructor.id, { user_groups: [group], title: 'Rascunho' }));
    const anaSees = await listIds(ana);
    expect(anaSees).toContain(open.id);
    expect(anaSees).not.toContain(hidden.id);
    expect(anaSees).not.toContain(closed.id);
    expect(anaSees).not.toContain(draft);
    expect(await listIds(bia)).toContain(closed.id);
    expect(await listIds(outsider)).not.toContain(open.id);
    expect((await as(ana, 'GET', L.detail(hidden.id))).statusCode).toBe(200);
    expect((await as(ana, 'GET', L.detail(closed.id))).json().code).toBe('appointment_not_found');
    expect((await as(ana, 'GET', L.detail(draft))).statusCode).toBe(404);
    const detail = (await as(ana, 'GET', L.detail(open.id))).json() as LearnerPresential;
    expect(detail).toMatchObject({
      title: 'Aberta e listada', progress: 'not_started', can_subscribe: true, enrollment: null, result: null,
      events: [{ id: open.eventId, date: soon(10), location_name: 'Sala 1', enrolled: false, can_subscribe: true, instructors: [{ id: instructor.id }] }],
    });
    // search and favourites
    expect(await listIds(ana, '&search=aberta%20e')).toEqual([open.id]);
    expect((await as(ana, 'POST', L.favorite(open.id), { favorite: true })).json()).toEqual({ favorite: true });
    expect(await listIds(ana, '&favorite=favorites')).toEqual([open.id]);
  });

  it('subscribes with the enrollment rules, unsubscribes before the event, and shows the event in the calendar', async () => {
    const { id, eventId } = await training({ title: 'Inscrições', maximum_participants: 5 });
    const subscribed = await as(caio, 'POST', L.subscription(id), { event_id: eventId });
    expect(subscribed.statusCode, subscribed.body).toBe(200);
    expect(subscribed.json()).toEqual({ enrollment_status: 'subscribed', vacancies: 4 });
    expect((await as(caio, 'POST', L.subscription(id), { event_id: eventId })).json().code).toBe('user_already_subscribed');
    expect(await listIds(caio, '&progress=ongoing')).toContain(id);
    const detail = (await as(caio, 'GET', L.detail(id))).json() as LearnerPresential;
    expect(detail).toMatchObject({ enrollment_status: 'subscribed', can_unsubscribe: true, can_request_cancellation: true, events: [{ enrolled: true, can_subscribe: false }] });

    const ics = await as(caio, 'GET', L.calendar(id));
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.body).toContain(`UID:presential-event-${eventId}@`);
    expect(ics.body).toContain('SUMMARY:Inscrições');
    const start = soon(1);
    const calendar = await as(caio, 'GET', `${CALENDAR_PATHS.learner}?start=${start}&end=${addDays(start, 30)}`);
    expect(calendar.json().results).toContainEqual(expect.objectContaining({ kind: 'presential', presential_id: id, title: 'Inscrições', subscribed: true }));

    const left = await as(caio, 'DELETE', L.subscription(id));
    expect(left.json()).toEqual({ enrollment_status: null, vacancies: 5 });
    expect(await listIds(caio, '&progress=not_started')).toContain(id);
    // a closed training takes invitees only
    const closed = await training({ title: 'Só convidados', training_type: 'closed', invitees: [bia.id] });
    expect((await as(bia, 'POST', L.subscription(closed.id), { event_id: closed.eventId })).statusCode).toBe(200);
    expect((await as(ana, 'POST', L.subscription(closed.id), { event_id: closed.eventId })).statusCode).toBe(404);
  });

  it('comments once, only when subscribed, after finishing and after the online test', async () => {
    const { id, eventId } = await training({ title: 'Com comentários' }, { event_type: 'online_test' });
    const testId = await eventTest(eventId);
    const comment = (who: Learner) => as(who, 'POST', L.comments(eventId), { comment: 'Muito bom', stars: 5 });
    expect((await comment(bia)).json().code).toBe('you_must_subscribe_for_event');
    expect((await as(ana, 'POST', L.subscription(id), { event_id: eventId })).statusCode).toBe(200);
    expect((await comment(ana)).json().code).toBe('event_not_finished');
    // the online test opens only after the training is finished
    expect((await as(ana, 'POST', T.attempts(eventId, testId))).json().code).toBe('event_not_finished');
    await finish(id);
    expect((await comment(ana)).json().code).toBe('you_need_to_complete_all_activities');
    expect((await as(bia, 'POST', T.attempts(eventId, testId))).json().code).toBe('you_must_subscribe_for_event');
    const attempt = await as(ana, 'POST', T.attempts(eventId, testId));
    expect(attempt.statusCode, attempt.body).toBe(201);
    const { id: attemptId, questions } = attempt.json() as { id: number; questions: Array<{ id: number; answers: Array<{ id: number; title: string }> }> };
    const right = questions[0]!.answers.find((a) => a.title.includes('4'))!;
    await as(ana, 'PUT', T.answer(eventId, testId, attemptId, questions[0]!.id), { answer_id: right.id });
    expect((await as(ana, 'POST', T.submit(eventId, testId, attemptId))).statusCode).toBe(200);
    // two at the same moment: one comment
    const both = await Promise.all([comment(ana), comment(ana)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(both.find((r) => r.statusCode === 409)!.json().code).toBe('you_already_commented');
    const listed = (await as(bia, 'GET', L.comments(eventId))).json();
    expect(listed).toMatchObject({ count: 1, results: [{ comment: 'Muito bom', stars: 5, mine: false }] });
    // the admin moderation list is the spec's path (spec 3 §7)
    expect((await call(t.app, su, 'GET', `/presential/presential_events/${eventId}/comments/`)).json()).toHaveLength(1);
  });

  it('the event\'s reaction evaluation: the enrolled learner answers it once, after finishing', async () => {
    const { id, eventId } = await training({ title: 'Avaliação de reação' });
    expect((await as(ana, 'POST', L.subscription(id), { event_id: eventId })).statusCode).toBe(200);
    const now = new Date();
    const evaluation = await t.app.db.insertInto('presential_event_evaluations').values({ owner_id: eventId, title: 'Reação', status: 1, created_at: now, updated_at: now })
      .returning('id').executeTakeFirstOrThrow();
    const question = await t.app.db.insertInto('presential_event_evaluation_questions').values({ evaluation_id: evaluation.id, title: 'Nota', question_type_id: 1, created_at: now })
      .returning('id').executeTakeFirstOrThrow();
    const answers = { answers: [{ question_id: question.id, grade: 9 }] };

    const before = (await as(ana, 'GET', L.detail(id))).json() as LearnerPresential;
    expect(before.events[0]).toMatchObject({ evaluation: { id: evaluation.id, answered: false }, evaluation_refusal: 'event_not_finished' });
    expect((await as(ana, 'POST', T.evaluation(eventId), answers)).json().code).toBe('event_not_finished');
    await finish(id);
    // not enrolled in the event: refused, and the detail offers nothing
    expect((await as(bia, 'POST', T.evaluation(eventId), answers)).json().code).toBe('you_must_subscribe_for_event');
    expect(((await as(bia, 'GET', L.detail(id))).json() as LearnerPresential).events[0]!.evaluation).toBeNull();
    // another client's learner never finds the event
    expect((await as(outsider, 'POST', T.evaluation(eventId), answers)).statusCode).toBe(404);

    expect((await as(ana, 'POST', T.evaluation(eventId), { answers: [] })).json().code).toBe('make_sure_that_all_fields_are_filled_in');
    const answered = await as(ana, 'POST', T.evaluation(eventId), answers);
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ id: evaluation.id, answered: true });
    expect((await as(ana, 'POST', T.evaluation(eventId), answers)).statusCode).toBe(409);
    const after = (await as(ana, 'GET', L.detail(id))).json() as LearnerPresential;
    expect(after.events[0]).toMatchObject({ evaluation: { answered: true }, evaluation_refusal: null });
    const stored = await t.app.db.selectFrom('presential_event_evaluation_answers').selectAll().where('evaluation_id', '=', evaluation.id).execute();
    expect(stored).toHaveLength(1);
  });

  it('a presential test opens only inside the instructor\'s window, to enrolled learners; an old QR is refused', async () => {
    const { id, eventId } = await training({ title: 'Prova na sala' }, { event_type: 'presential_test' });
    const testId = await eventTest(eventId);
    expect((await as(ana, 'POST', L.subscription(id), { event_id: eventId })).statusCode).toBe(200);
    // a learner without presential_test_instructor, and someone with it who does not teach the event
    expect((await as(ana, 'POST', L.openTestWindow(eventId))).json().code).toBe('presential_test_instructor_only');
    const stranger = await adminWith(t.app, su, demo, ['presential_test_instructor']);
    await t.app.db.insertInto('user_group_members').values({ group_id: group, user_id: stranger.id }).execute();
    expect((await as(stranger, 'POST', L.openTestWindow(eventId))).json().code).toBe('presential_test_instructor_only');
    expect((await as(ana, 'POST', T.attempts(eventId, testId))).json().code).toBe('presential_test_window_closed');

    const opened = await as(instructor, 'POST', L.openTestWindow(eventId));
    expect(opened.statusCode, opened.body).toBe(200);
    const window = opened.json() as { open: boolean; qr_path: string };
    expect(window.open).toBe(true);
    const token = decodeURIComponent(window.qr_path.split('/').pop()!);
    expect((await as(instructor, 'GET', L.detail(id))).json().events[0].test_window).toMatchObject({ open: true, qr_path: window.qr_path });
    expect((await as(ana, 'GET', L.detail(id))).json().events[0].test_window).toBeNull();
    expect((await as(instructor, 'GET', L.detail(id))).json()).toMatchObject({ instructor: true, can_subscribe: false, events: [{ instructor: true, can_subscribe: false }] });

    expect((await as(ana, 'GET', L.qrTest(token))).json()).toMatchObject({ appointment_id: id, event_id: eventId, test: { id: testId } });
    expect((await as(bia, 'GET', L.qrTest(token))).json().code).toBe('you_must_subscribe_for_event');
    const attempt = await as(ana, 'POST', T.attempts(eventId, testId));
    expect(attempt.statusCode, attempt.body).toBe(201);
    const { id: attemptId, questions } = attempt.json() as { id: number; questions: Array<{ id: number; answers: Array<{ id: number }> }> };

    expect((await as(instructor, 'POST', L.closeTestWindow(eventId))).json()).toMatchObject({ open: false, qr_path: null });
    // replayed after the close: the link, a new attempt and an answer are all refused
    expect((await as(ana, 'GET', L.qrTest(token))).json().code).toBe('presential_test_window_closed');
    expect((await as(ana, 'POST', T.attempts(eventId, testId))).json().code).toBe('presential_test_window_closed');
    const late = await t.app.inject({
      method: 'PUT', url: `/api${T.answer(eventId, testId, attemptId, questions[0]!.id)}`, headers: bearer(ana.tokens), payload: { answer_id: questions[0]!.answers[0]!.id },
    });
    expect(late.json().code).toBe('presential_test_window_closed');
    // reopening makes a new code: the old one stays refused
    const again = (await as(instructor, 'POST', L.openTestWindow(eventId))).json() as { qr_path: string };
    expect(again.qr_path).not.toBe(window.qr_path);
    expect((await as(ana, 'GET', L.qrTest(token))).json().code).toBe('presential_test_window_closed');
    expect((await as(ana, 'GET', L.qrTest(decodeURIComponent(again.qr_path.split('/').pop()!)))).statusCode).toBe(200);
    // an event without a presential test has no window
    const plain = await training({ title: 'Sem prova' });
    expect((await as(instructor, 'POST', L.openTestWindow(plain.eventId))).json().code).toBe('event_has_no_presential_test');
  });
});

/** spec 3 §5 "event users cannot exceed the event maximum", "once per course per quarter" under simultaneous learners. */
describe.each(DIALECTS)('face-to-face learner subscriptions under concurrency on %s', (dialect) => {
  let t: TestApp;
  afterAll(async () => { await t.close(); });

  it('eight learners at once for three seats: exactly three get one; one learner twice at once: one enrollment', async () => {
    t = await buildTestApp(dialect);
    const su = await loginSuperuser(t.app);
    const demo = (await clientIds(t.app)).demo;
    const group = (await orgIds(t.app, demo)).groups['Onboarding 2026']!;
    const type = await makeType(t.app, su, 'Sala', 50);
    const teacher = await makeLearner(t.app, su, demo);
    const id = await makeAppointment(t.app, su, appointmentBody(type, teacher.id, { user_groups: [group] }));
    const eventId = await makeEvent(t.app, su, id, { date: soon(10), maximum_participants: 3 });
    await approve(t.app, su, id);
    const people = await Promise.all(Array.from({ length: 8 }, () => makeLearner(t.app, su, demo, { groups: [group] })));
    const answers = await Promise.all(people.map((p) => call(t.app, p.tokens, 'POST', L.subscription(id), { event_id: eventId })));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode !== 200).map((r) => r.json().code)).toEqual(Array(5).fill('there_are_no_more_vacancies_for_this_event'));

    const other = await makeAppointment(t.app, su, appointmentBody(type, teacher.id, { user_groups: [group] }));
    const otherEvent = await makeEvent(t.app, su, other, { date: soon(10) });
    await approve(t.app, su, other);
    const twice = await Promise.all([0, 1].map(() => call(t.app, people[0]!.tokens, 'POST', L.subscription(other), { event_id: otherEvent })));
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.app.db.selectFrom('presential_enrollments').select('id').where('appointment_id', '=', other).execute();
    expect(rows).toHaveLength(1);
  });
});
