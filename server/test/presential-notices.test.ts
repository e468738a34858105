import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/plugins/app/mail.ts';
import { DEMO } from '../src/seed/demo.ts';
import { APPOINTMENT_NOTICE_KINDS } from '../src/presential/appointmentNotices.ts';
import { DIALECTS, buildTestApp, type TestApp, type Tokens } from './helpers.ts';
import { P, appointmentBody, call, makeAppointment, makeEvent, makeType } from './presentialFixtures.ts';
import { adminWith, clientIds, loginSuperuser, userId, type Clients } from './userFixtures.ts';

type Person = { id: number; email: string; tokens: Tokens };

/** Issue "Face-to-face trainings I" item 4: each workflow step (spec 3 §4) tells the people it concerns, once, in the app and by e-mail. */
describe.each(DIALECTS)('face-to-face appointment notices on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let requester: Person, approver: Person, superior: Person, plainSuperior: Person, finisher: Person, instructor: Person, eventInstructor: Person, foreignApprover: { id: number };
  let type: number;
  let mails: MailMessage[];
  let failMail: boolean;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    requester = await adminWith(t.app, su, c.demo, ['request_events', 'presential_edit_basic_data', 'presential_edit_events']);
    approver = await adminWith(t.app, su, c.demo, ['approve_events']);
    superior = await adminWith(t.app, su, c.demo, ['superiors_approvers']);
    plainSuperior = await adminWith(t.app, su, c.demo, ['appointments']);
    finisher = await adminWith(t.app, su, c.demo, ['finish_events', 'cancel_events']);
    instructor = await adminWith(t.app, su, c.demo, []);
    eventInstructor = await adminWith(t.app, su, c.demo, []);
    // approves in another client: never told of this client's appointments
    const otherId = await userId(t.app, DEMO.otherAdmin.email);
    await t.app.db.deleteFrom('user_module_items').where('user_id', '=', otherId).where('client_id', '=', c.other).where('slug', '=', 'approve_events').execute();
    await t.app.db.insertInto('user_module_items').values({ user_id: otherId, client_id: c.other, slug: 'approve_events', permission: true }).execute();
    foreignApprover = { id: otherId };
    await t.app.db.insertInto('user_superiors').values([
      { user_id: requester.id, superior_id: superior.id, client_id: c.demo },
      { user_id: requester.id, superior_id: plainSuperior.id, client_id: c.demo },
    ]).execute();
    type = await makeType(t.app, su);
    t.app.mailer.send = async (m) => {
      if (failMail) throw new Error('smtp down');
      mails.push(m);
    };
  });
  beforeEach(() => { mails = []; failMail = false; });
  afterAll(async () => { await t.close(); });

  const newAppointment = async (extra: Record<string, unknown> = {}) => {
    const id = await makeAppointment(t.app, requester.tokens, appointmentBody(type, instructor.id, { owner_email: 'owner@example.com', receive_emails: true, ...extra }));
    await makeEvent(t.app, requester.tokens, id, { instructors: [eventInstructor.id] });
    return id;
  };
  const act = async (who: Tokens, id: number, action: keyof typeof APPOINTMENT_NOTICE_KINDS, note?: string) => {
    const res = await call(t.app, who, 'POST', P.action(id, action), note ? { note } : {});
    expect(res.statusCode, res.body).toBe(200);
  };
  /** user id → the notifications of this kind about this appointment */
  const told = async (id: number, action: keyof typeof APPOINTMENT_NOTICE_KINDS) => {
    const rows = await t.app.db.selectFrom('notifications').select(['user_id', 'client_id', 'payload'])
      .where('kind', '=', APPOINTMENT_NOTICE_KINDS[action]).execute();
    return rows.filter((r) => r.payload.id === id);
  };
  const toldIds = async (id: number, action: keyof typeof APPOINTMENT_NOTICE_KINDS) => (await told(id, action)).map((r) => r.user_id).sort((a, b) => a - b);
  const mailedTo = () => mails.map((m) => m.to).sort();
  const sorted = (...people: { id: number }[]) => people.map((p) => p.id).sort((a, b) => a - b);
  const addresses = (...people: { email: string }[]) => [...people.map((p) => p.email)].sort();

  it('request tells the approvers and the requester\'s approving superiors; approve tells the requester; start and finish the requester and instructors', async () => {
    const id = await newAppointment();
    await act(requester.tokens, id, 'request');
    expect(await toldIds(id, 'request')).toEqual(sorted(approver, superior));
    expect((await told(id, 'request')).every((n) => n.client_id === c.demo)).toBe(true);
    expect(mailedTo()).toEqual([...addresses(approver, superior), 'owner@example.com'].sort());
    const toApprover = mails.find((m) => m.to === approver.email)!;
    expect(toApprover.subject).toContain('Técnicas de venda presencial');
    expect(toApprover.text).toContain(`/admin/presential/appointments/${id}`);

    mails = [];
    await act(approver.tokens, id, 'approve');
    expect(await toldIds(id, 'approve')).toEqual([requester.id]);
    expect(mailedTo()).toEqual([requester.email, 'owner@example.com'].sort());

    for (const action of ['start', 'finish'] as const) {
      mails = [];
      await act(finisher.tokens, id, action);
      expect(await toldIds(id, action)).toEqual(sorted(requester, instructor, eventInstructor));
      expect(mailedTo()).toEqual([...addresses(requester, instructor, eventInstructor), 'owner@example.com'].sort());
    }
    // nobody of the other client, and never the actor
    const everyone = (await t.app.db.selectFrom('notifications').select(['user_id', 'kind', 'payload']).execute())
      .filter((n) => n.kind.startsWith('presential_appointment_') && n.payload.id === id);
    expect(everyone.some((n) => n.user_id === foreignApprover.id || n.user_id === plainSuperior.id)).toBe(false);
  });

  it('reprove, cancel and fail carry the reason; without receive_emails the owner address gets nothing', async () => {
    const reproved = await newAppointment({ receive_emails: false });
    await act(requester.tokens, reproved, 'request');
    mails = [];
    await act(approver.tokens, reproved, 'reprove', 'Sem verba');
    const [notice] = await told(reproved, 'reprove');
    expect(notice).toMatchObject({ user_id: requester.id, payload: { reason: 'Sem verba' } });
    expect(mailedTo()).toEqual([requester.email]);
    expect(mails[0]!.text).toContain('Sem verba');

    mails = [];
    await act(finisher.tokens, reproved, 'cancel', 'Turma cancelada');
    expect(await toldIds(reproved, 'cancel')).toEqual(sorted(requester, instructor, eventInstructor));
    expect((await told(reproved, 'cancel')).every((n) => n.payload.reason === 'Turma cancelada')).toBe(true);
    expect(mailedTo()).toEqual(addresses(requester, instructor, eventInstructor));

    const failed = await newAppointment();
    await act(requester.tokens, failed, 'request');
    await act(approver.tokens, failed, 'approve');
    mails = [];
    await act(finisher.tokens, failed, 'fail', 'Instrutor ausente');
    expect(await toldIds(failed, 'fail')).toEqual(sorted(requester, instructor, eventInstructor));
    expect(mails.filter((m) => m.text.includes('Instrutor ausente'))).toHaveLength(4);
  });

  it('a failing mailer never undoes the step', async () => {
    const id = await newAppointment();
    failMail = true;
    await act(requester.tokens, id, 'request');
    expect((await call(t.app, requester.tokens, 'GET', P.appointment(id))).json().status).toBe('awaiting_approval');
    // the in-app notices still reach the approvers
    expect(await toldIds(id, 'request')).toEqual(sorted(approver, superior));
  });
});
