import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_ACTIONS, APPOINTMENT_TRANSITIONS } from '@lp/shared/rules';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { makeLearner } from './learnerContentFixtures.ts';
import {
  P, appointmentBody, call, eventBody, makeAppointment, makeCourse, makeEvent, makeType,
} from './presentialFixtures.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

const REQUIRED = 'make_sure_that_all_fields_are_filled_in';

/** spec 3 §3 "Other presential data", §5; spec 1 §2.3 the presential/* title slugs. */
describe.each(DIALECTS)('face-to-face reference data on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let otherAdmin: Tokens;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
  });
  afterAll(async () => { await t.close(); });

  it('edits each list under its own title slug, scoped to the selected client', async () => {
    const category = (await call(t.app, su, 'POST', P.productCategories, { name: 'Motores' })).json();
    const product = await call(t.app, su, 'POST', P.products, { name: 'Tema A', category_id: category.id });
    expect(product.statusCode).toBe(201);
    expect(product.json()).toMatchObject({ name: 'Tema A', category_id: category.id });
    const material = await call(t.app, su, 'POST', P.supportMaterials, { name: 'Apostila', quantity: 100, value: 12.5 });
    expect(material.json()).toMatchObject({ name: 'Apostila', quantity: 100, value: 12.5 });
    // another client's rows do not exist for this one
    expect((await call(t.app, otherAdmin, 'GET', `${P.productCategories}${category.id}/`)).statusCode).toBe(404);
    expect((await call(t.app, otherAdmin, 'POST', P.products, { name: 'X', category_id: category.id })).json().fields).toEqual({ category_id: 'validation_error' });
    // a module item opens only its own list
    const onlyProducts = (await adminWith(t.app, su, c.demo, ['products'])).tokens;
    expect((await call(t.app, onlyProducts, 'GET', P.products)).statusCode).toBe(200);
    expect((await call(t.app, onlyProducts, 'GET', P.supportMaterials)).statusCode).toBe(403);
    expect((await call(t.app, onlyProducts, 'GET', P.appointmentTypes)).statusCode).toBe(403);
  });

  it('a course code used by trainings cannot be removed or changed (there_are_trainings_that_use_this_code)', async () => {
    const catalogReader = (await adminWith(t.app, su, c.demo, ['presential_manager_catalog'])).tokens;
    expect((await call(t.app, catalogReader, 'POST', P.courses, { code: 'X1', name: 'X' })).statusCode).toBe(403);
    const course = await makeCourse(t.app, su, 'VND-101', 'Vendas 101');
    expect((await call(t.app, catalogReader, 'GET', `${P.courses}${course}/`)).json()).toEqual({
      id: course, code: 'VND-101', name: 'Vendas 101', there_are_trainings_that_use_this_code: false,
    });
    expect((await call(t.app, su, 'POST', P.courses, { code: 'vnd-101', name: 'Outro' })).json().code).toBe('name_not_unique');
    const type = await makeType(t.app, su);
    const me = (await t.app.db.selectFrom('users').select('id').where('email', '=', DEMO.superuser.email).executeTakeFirstOrThrow()).id;
    await makeAppointment(t.app, su, appointmentBody(type, me, { course_id: course }));
    const used = await call(t.app, su, 'GET', `${P.courses}${course}/`);
    expect(used.json().there_are_trainings_that_use_this_code).toBe(true);
    const rename = await call(t.app, su, 'PUT', `${P.courses}${course}/`, { code: 'VND-102', name: 'Vendas 101' });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().code).toBe('there_are_trainings_that_use_this_code');
    // the name may change, the code not
    expect((await call(t.app, su, 'PUT', `${P.courses}${course}/`, { code: 'VND-101', name: 'Vendas 1' })).statusCode).toBe(200);
    expect((await call(t.app, su, 'DELETE', `${P.courses}${course}/`)).json().code).toBe('there_are_trainings_that_use_this_code');
  });

  it('changing a class type\'s maximum participants changes every event that uses it (spec 3 §5)', async () => {
    const type = await makeType(t.app, su, 'Auditório', 30);
    const me = (await t.app.db.selectFrom('users').select('id').where('email', '=', DEMO.superuser.email).executeTakeFirstOrThrow()).id;
    const a = await makeAppointment(t.app, su, appointmentBody(type, me));
    const e = await makeEvent(t.app, su, a);
    expect((await call(t.app, su, 'GET', P.event(a, e))).json().maximum_participants).toBe(30);
    expect((await call(t.app, su, 'PUT', `${P.appointmentTypes}${type}/`, { label: 'Auditório', maximum_participants: 12 })).statusCode).toBe(200);
    expect((await call(t.app, su, 'GET', P.event(a, e))).json().maximum_participants).toBe(12);
    expect((await call(t.app, su, 'DELETE', `${P.appointmentTypes}${type}/`)).json().code).toBe('presential_reference_in_use');
  });
});

/** spec 3 §3 appointment and event fields, §4 the workflow, §5 rules; spec 1 §6.1–§6.2 the keys. */
describe.each(DIALECTS)('face-to-face appointments and workflow on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let requester: Tokens;
  let approver: Tokens;
  let finisher: Tokens;
  let canceler: Tokens;
  let instructor: number;
  let type: number;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    requester = (await adminWith(t.app, su, c.demo, ['request_events', 'presential_edit_basic_data', 'presential_edit_events'])).tokens;
    approver = (await adminWith(t.app, su, c.demo, ['approve_events'])).tokens;
    finisher = (await adminWith(t.app, su, c.demo, ['finish_events'])).tokens;
    canceler = (await adminWith(t.app, su, c.demo, ['request_events', 'cancel_events'])).tokens;
    instructor = (await makeLearner(t.app, su, c.demo)).id;
    type = await makeType(t.app, su, 'Sala', 2);
  });
  afterAll(async () => { await t.close(); });

  it('"An appointment needs an appointment type and an instructor"; a blank title uses the training title', async () => {
    const empty = await call(t.app, requester, 'POST', P.appointments, { title: 'X' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ appointment_type_id: REQUIRED, instructors: REQUIRED });
    const course = await makeCourse(t.app, su, 'BLANK-1', 'Atendimento ao cliente');
    const res = await call(t.app, requester, 'POST', P.appointments, appointmentBody(type, instructor, {
      title: '', course_id: course, training_code: 'T-9', training_type: 'closed', listed: false, minimum_participants: 1, maximum_participants: 10,
      expected_participants: 8, minimum_score: 70, subscription_until: '2026-12-05T23:59:00-03:00', timezone: 'America/Sao_Paulo', owner_email: 'dono@demo.local',
      receive_emails: false, has_tests: true, comments: 'Levar crachá',
    }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      title: '', display_title: 'Atendimento ao cliente', course_code: 'BLANK-1', training_code: 'T-9', training_type: 'closed', listed: false,
      minimum_participants: 1, maximum_participants: 10, expected_participants: 8, minimum_score: 70, subscription_until: '2026-12-06T02:59:00.000Z',
      owner_email: 'dono@demo.local', receive_emails: false, has_tests: true, comments: 'Levar crachá', status: 'pre_scheduled', instructors: [instructor],
      requester: { id: expect.any(Number) }, events_count: 0, qty_participants: 0, actions: ['request'],
    });
    // another client's instructor, type or course is refused
    const other = await call(t.app, requester, 'POST', P.appointments, appointmentBody(type, 999_999));
    expect(other.json().fields).toEqual({ instructors: 'validation_error' });
  });

  it('request → awaiting approval → approved → in progress → finished, with the history as a timeline', async () => {
    const id = await makeAppointment(t.app, requester, appointmentBody(type, instructor));
    expect((await call(t.app, requester, 'POST', P.action(id, 'request'), {})).json().status).toBe('awaiting_approval');
    // spec 3 §4 "Approval requires at least one event."
    const early = await call(t.app, approver, 'POST', P.action(id, 'approve'), {});
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('at_least_one_event_is_required_to_approve_the_appointment');
    await makeEvent(t.app, requester, id);
    const approved = await call(t.app, approver, 'POST', P.action(id, 'approve'), {});
    expect(approved.json()).toMatchObject({ status: 'approved', actions: [] });
    expect((await call(t.app, finisher, 'GET', P.appointment(id))).json().actions).toEqual(['start', 'finish']);
    expect((await call(t.app, finisher, 'POST', P.action(id, 'start'), {})).json().status).toBe('in_progress');
    expect((await call(t.app, finisher, 'POST', P.action(id, 'finish'), {})).json().status).toBe('finished');
    // finished is final: nothing moves it, and its data no longer changes
    for (const action of APPOINTMENT_ACTIONS) {
      const res = await call(t.app, su, 'POST', P.action(id, action), {});
      expect(res.statusCode, action).toBe(409);
      expect(res.json().code).toBe('appointment_transition_not_allowed');
    }
    expect((await call(t.app, requester, 'PUT', P.appointment(id), { title: 'Novo' })).json().code).toBe('appointment_not_editable');
    const history = (await call(t.app, approver, 'GET', P.history(id))).json() as Array<{ action: string; from_status: string | null; to_status: string }>;
    expect(history.map((h) => [h.action, h.from_status, h.to_status])).toEqual([
      ['create', null, 'pre_scheduled'], ['request', 'pre_scheduled', 'awaiting_approval'], ['approve', 'awaiting_approval', 'approved'],
      ['start', 'approved', 'in_progress'], ['finish', 'in_progress', 'finished'],
    ]);
  });

  it('reproves with a reason, lets it be requested again, and cancels (irreversible)', async () => {
    const id = await makeAppointment(t.app, canceler, appointmentBody(type, instructor));
    await makeEvent(t.app, requester, id);
    await call(t.app, canceler, 'POST', P.action(id, 'request'), {});
    const reproved = await call(t.app, approver, 'POST', P.action(id, 'reprove'), { note: 'Sem orçamento' });
    expect(reproved.json()).toMatchObject({ status: 'reproved', cancellation_reason: 'Sem orçamento' });
    expect((await call(t.app, canceler, 'POST', P.action(id, 'request'), {})).json().status).toBe('awaiting_approval');
    expect((await call(t.app, canceler, 'POST', P.action(id, 'cancel'), { note: 'Adiado' })).json()).toMatchObject({ status: 'canceled', cancellation_reason: 'Adiado' });
    expect((await call(t.app, su, 'POST', P.action(id, 'approve'), {})).json().code).toBe('appointment_transition_not_allowed');
  });

  it('each action needs its spec 1 §6.2 key; the appointments title opens with any of request/approve/finish', async () => {
    const id = await makeAppointment(t.app, requester, appointmentBody(type, instructor));
    const holders: Record<string, Tokens> = { request_events: requester, approve_events: approver, finish_events: finisher, cancel_events: canceler };
    for (const action of APPOINTMENT_ACTIONS) {
      const needed = APPOINTMENT_TRANSITIONS[action].permission;
      for (const [slug, tokens] of Object.entries(holders)) {
        const res = await call(t.app, tokens, 'POST', P.action(id, action), {});
        // without the key: 403 before anything is looked at; with it: the workflow answers (200 or its 409 key)
        if (slug === needed || (tokens === canceler && needed === 'request_events')) expect(res.statusCode, `${slug} ${action}`).not.toBe(403);
        else expect(res.statusCode, `${slug} ${action}`).toBe(403);
      }
    }
    const cancelOnly = (await adminWith(t.app, su, c.demo, ['cancel_events'])).tokens;
    expect((await call(t.app, cancelOnly, 'GET', P.appointments)).statusCode).toBe(403);
    for (const tokens of [requester, approver, finisher]) expect((await call(t.app, tokens, 'GET', P.appointments)).statusCode).toBe(200);
    // creating needs request_events; editing the basic data presential_edit_basic_data
    expect((await call(t.app, approver, 'POST', P.appointments, appointmentBody(type, instructor))).statusCode).toBe(403);
    expect((await call(t.app, canceler, 'PUT', P.appointment(id), { title: 'Y' })).statusCode).toBe(403);
    expect((await call(t.app, approver, 'POST', P.events(id), eventBody())).statusCode).toBe(403);
  });

  it('events: spec 3 §3 fields, the maximum from the class type, hours in order', async () => {
    const id = await makeAppointment(t.app, requester, appointmentBody(type, instructor));
    const res = await call(t.app, requester, 'POST', P.events(id), eventBody({ event_type: 'presential_test', instructors: [instructor] }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      appointment_id: id, event_type: 'presential_test', date: '2026-12-10', start_hour: '09:00', end_hour: '17:00', intermission_minutes: 60,
      location: 'Rua A, 100', location_name: 'Sala 1', instructors: [instructor], maximum_participants: 2, qty_participants: 0, live_class_id: null,
    });
    const bad = await call(t.app, requester, 'POST', P.events(id), eventBody({ start_hour: '18:00' }));
    expect(bad.json().fields).toEqual({ end_hour: 'end_date_before_start_date' });
    expect((await call(t.app, requester, 'POST', P.events(id), { location: 'x' })).json().fields).toMatchObject({ event_type: REQUIRED, date: REQUIRED });
    const eventId = res.json().id as number;
    expect((await call(t.app, requester, 'DELETE', P.event(id, eventId))).statusCode).toBe(200);
    expect((await call(t.app, requester, 'GET', P.events(id))).json()).toEqual([]);
  });

  it('duplicates for approval, saves as a template (manage_models) and creates from it, events included', async () => {
    const id = await makeAppointment(t.app, requester, appointmentBody(type, instructor, { title: 'Modelo base' }));
    await makeEvent(t.app, requester, id);
    expect((await call(t.app, requester, 'POST', P.saveAsTemplate(id))).statusCode).toBe(403);
    const modeler = (await adminWith(t.app, su, c.demo, ['request_events', 'manage_models'])).tokens;
    const template = (await call(t.app, modeler, 'POST', P.saveAsTemplate(id))).json().id as number;
    const templates = (await call(t.app, requester, 'GET', `${P.templates}?page=1`)).json();
    expect(templates.results.map((r: { id: number }) => r.id)).toContain(template);
    expect((await call(t.app, requester, 'GET', `${P.appointments}?page=1&page_size=1000`)).json().results.map((r: { id: number }) => r.id)).not.toContain(template);
    const fresh = (await call(t.app, requester, 'POST', P.fromTemplate(template))).json().id as number;
    const copy = (await call(t.app, requester, 'GET', P.appointment(fresh))).json();
    expect(copy).toMatchObject({ title: 'Modelo base', status: 'pre_scheduled', is_template: false, events_count: 1, instructors: [instructor] });
    expect((await call(t.app, requester, 'POST', P.duplicate(id))).statusCode).toBe(200);
  });

  it('inputs: a quantity for every selected material, the total from the material\'s value', async () => {
    const id = await makeAppointment(t.app, requester, appointmentBody(type, instructor));
    const material = (await call(t.app, su, 'POST', P.supportMaterials, { name: 'Kit', quantity: 10, value: 2.5 })).json().id as number;
    const missing = await call(t.app, requester, 'PUT', P.inputs(id), [{ material_id: material, quantity: null }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe('a_quantity_is_required_for_every_selected_material');
    const ok = await call(t.app, requester, 'PUT', P.inputs(id), [{ material_id: material, quantity: 4 }]);
    expect(ok.json()).toEqual([{ material_id: material, name: 'Kit', quantity: 4, value: 2.5, total: 10 }]);
  });

  it('tenant isolation: another client\'s manager finds nothing of this one', async () => {
    const id = await makeAppointment(t.app, requester, appointmentBody(type, instructor));
    const eventId = await makeEvent(t.app, requester, id);
    const other = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    expect((await call(t.app, other, 'GET', P.appointment(id))).statusCode).toBe(404);
    expect((await call(t.app, other, 'POST', P.action(id, 'request'), {})).statusCode).toBe(404);
    expect((await call(t.app, other, 'GET', P.events(id))).statusCode).toBe(404);
    expect((await call(t.app, other, 'GET', P.event(id, eventId))).statusCode).toBe(404);
    expect((await call(t.app, other, 'GET', `${P.appointments}?page=1`)).json().results).toEqual([]);
    // the event's owned content (spec 3 §1) is the other client's 404 too
    expect((await call(t.app, other, 'GET', `/presential/presential_events/${eventId}/presential_event_tests/`)).statusCode).toBe(404);
  });

  it('events own tests, reaction evaluations, materials and comments through the owned-content core', async () => {
    const evaluator = (await adminWith(t.app, su, c.demo, ['request_events', 'presential_edit_evaluations'])).tokens;
    const id = await makeAppointment(t.app, requester, appointmentBody(type, instructor));
    const eventId = await makeEvent(t.app, requester, id);
    const test = await call(t.app, evaluator, 'POST', `/presential/presential_events/${eventId}/presential_event_tests/`, { title: 'Prova QR', presential_event_test_type: 1 });
    expect(test.statusCode, test.body).toBe(201);
    expect((await call(t.app, evaluator, 'GET', `/presential/presential_events/${eventId}/presential_event_tests/`)).json().count).toBe(1);
    expect((await call(t.app, evaluator, 'GET', `/presential/presential_events/${eventId}/comments/`)).statusCode).toBe(200);
    // writing needs presential_edit_evaluations
    expect((await call(t.app, requester, 'POST', `/presential/presential_events/${eventId}/presential_event_tests/`, { title: 'X', presential_event_test_type: 1 })).statusCode).toBe(403);
  });
});
