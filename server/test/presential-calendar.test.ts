import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNER_PRESENTIAL_PATHS } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { makeLearner } from './learnerContentFixtures.ts';
import { P, appointmentBody, approve, call, makeAppointment, makeCourse, makeEvent, makeType } from './presentialFixtures.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

/** spec 1 §2.3 presential/calendar (title appointments): the client's events of a range, each with the appointment it opens. */
describe.each(DIALECTS)('face-to-face calendar and event removal on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let instructor: number;
  let type: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    instructor = (await makeLearner(t.app, su, c.demo)).id;
    type = await makeType(t.app, su, 'Sala', 10);
  });
  afterAll(async () => { await t.close(); });

  it('lists the events of the range in day order, with the title, status and seats; no templates, removed events or other clients', async () => {
    const course = await makeCourse(t.app, su, 'CAL-1', 'Curso do calendário');
    const named = await makeAppointment(t.app, su, appointmentBody(type, instructor, { title: 'Oficina de vendas' }));
    const untitled = await makeAppointment(t.app, su, appointmentBody(type, instructor, { title: '', course_id: course }));
    const late = await makeEvent(t.app, su, named, { date: '2031-03-20', start_hour: '14:00', end_hour: '16:00', location_name: 'Sala B' });
    const early = await makeEvent(t.app, su, untitled, { date: '2031-03-02', start_hour: '08:00', end_hour: '12:00' });
    await makeEvent(t.app, su, named, { date: '2031-04-15' }); // outside the range
    const removed = await makeEvent(t.app, su, named, { date: '2031-03-10' });
    expect((await call(t.app, su, 'DELETE', P.event(named, removed))).statusCode).toBe(200);
    const template = (await call(t.app, su, 'POST', P.saveAsTemplate(named))).json().id as number;
    expect(template).toBeGreaterThan(0);

    const res = await call(t.app, su, 'GET', `${P.calendar}?from=2031-03-01&to=2031-03-31`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { id: early, appointment_id: untitled, title: 'Curso do calendário', status: 'pre_scheduled', event_type: 'without_tests', date: '2031-03-02',
        start_hour: '08:00', end_hour: '12:00', location_name: 'Sala 1', qty_participants: 0, maximum_participants: 10 },
      { id: late, appointment_id: named, title: 'Oficina de vendas', status: 'pre_scheduled', event_type: 'without_tests', date: '2031-03-20',
        start_hour: '14:00', end_hour: '16:00', location_name: 'Sala B', qty_participants: 0, maximum_participants: 10 },
    ]);
    // tenant isolation: another client's manager sees none of them
    const other = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    const theirs = await call(t.app, other, 'GET', `${P.calendar}?from=2031-03-01&to=2031-03-31`);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual([]);
  });

  it('needs the appointments title and a range of at most a six-week grid, in order', async () => {
    const none = (await adminWith(t.app, su, c.demo, ['products'])).tokens;
    expect((await call(t.app, none, 'GET', `${P.calendar}?from=2031-03-01&to=2031-03-31`)).statusCode).toBe(403);
    const approver = (await adminWith(t.app, su, c.demo, ['approve_events'])).tokens;
    expect((await call(t.app, approver, 'GET', `${P.calendar}?from=2031-03-01&to=2031-03-07`)).statusCode).toBe(200);
    const backwards = await call(t.app, su, 'GET', `${P.calendar}?from=2031-03-10&to=2031-03-01`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().code).toBe('validation_error');
    expect((await call(t.app, su, 'GET', `${P.calendar}?from=2031-01-01&to=2031-12-31`)).json().code).toBe('calendar_range_too_long');
    expect((await call(t.app, su, 'GET', `${P.calendar}?from=2031-3-1&to=2031-03-31`)).statusCode).toBe(400);
    expect((await call(t.app, su, 'GET', P.calendar)).statusCode).toBe(400);
  });

  it('an event with enrolled users is not removed (presential_event_has_enrolled_users); a cancellation request names its training', async () => {
    const id = await makeAppointment(t.app, su, appointmentBody(type, instructor, { title: 'Oficina de pós-venda' }));
    const eventId = await makeEvent(t.app, su, id, { date: '2031-05-05' });
    await approve(t.app, su, id);
    const learner = await makeLearner(t.app, su, c.demo);
    const enrolled = await call(t.app, su, 'POST', P.subscribersAdd(id), { event_id: eventId, user_ids: [learner.id] });
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    const refused = await call(t.app, su, 'DELETE', P.event(id, eventId));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('presential_event_has_enrolled_users');
    expect((await call(t.app, su, 'GET', P.event(id, eventId))).statusCode).toBe(200);
    // spec 3 §2 the cancellation requests screen shows which training and event each request is for
    const enrollment = ((await call(t.app, su, 'GET', `${P.subscribers(id)}?page_size=0`)).json() as { results: { id: number }[] }).results[0]!;
    expect((await call(t.app, learner.tokens, 'POST', LEARNER_PRESENTIAL_PATHS.cancellationRequest(enrollment.id), { reason: 'Viagem' })).statusCode).toBe(200);
    const requests = (await call(t.app, su, 'GET', `${P.cancelEnrollments}?page_size=0`)).json() as { results: unknown[] };
    expect(requests.results).toContainEqual(expect.objectContaining({
      id: enrollment.id, appointment_id: id, appointment_title: 'Oficina de pós-venda', event_date: '2031-05-05', event_start_hour: '09:00',
      status: 'awaiting_cancellation', cancellation_reason: 'Viagem',
    }));
  });
});
