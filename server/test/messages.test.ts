import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGE_PATHS, type LearnerMessageDetail, type LearnerMessageList, type MailingListConfig, type Message, type MessageRecipient,
} from '@lp/shared/contract';
import type { MailMessage } from '../src/plugins/app/mail.ts';
import { runMessageSend } from '../src/messages/sendJob.ts';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';
import { orgIds, type OrgIds } from './trainingsFixtures.ts';

const API = '/api';
const HOUR_MS = 60 * 60 * 1000;

/**
 * Messages and the mailing list configuration (spec 3 §3 "Messages and related",
 * §4 "Messages and banners", §5 "Messages and general", §6 messages / mailing_list, §8 "Messages
 * and communication"; spec 1 §2.3 mailing_list_config).
 */
describe.each(DIALECTS)('messages on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let org: OrgIds;
  let otherAdmin: Tokens;
  let sent: MailMessage[];
  let failFor: Set<string>;
  let hold: Promise<void> | null;
  let seq = 0;

  beforeAll(async () => {
    // retries of failed e-mails come after milliseconds, not seconds
    t = await buildTestApp(dialect, { jobRetryBaseMs: 5 });
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    org = await orgIds(t.app, c.demo);
    otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    sent = [];
    failFor = new Set();
    hold = null;
    // the mailer of the app, observed: what went out, and a failing or slow SMTP on demand
    t.app.mailer.send = async (message) => {
      if (hold) await hold;
      if (failFor.has(message.to)) throw new Error('SMTP 451 temporary failure');
      sent.push(message);
    };
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, tokens: Tokens, payload?: object) =>
    t.app.inject({ method, url: `${API}${url}`, headers: bearer(tokens), ...(payload ? { payload } : {}) });

  async function newGroup(clientId = c.demo): Promise<number> {
    seq += 1;
    return (await t.app.db.insertInto('user_groups').values({ client_id: clientId, name: `Message group ${seq}-${Date.now()}`, created_at: new Date() })
      .returning('id').executeTakeFirstOrThrow()).id;
  }
  async function learner(extra: { group?: number; area?: number; profile?: number; language?: number } = {}) {
    const user = await adminWith(t.app, su, c.demo, []);
    if (extra.group) await t.app.db.insertInto('user_group_members').values({ group_id: extra.group, user_id: user.id }).execute();
    if (extra.area) await t.app.db.insertInto('user_areas').values({ user_id: user.id, client_id: c.demo, area_id: extra.area }).execute();
    if (extra.profile) await t.app.db.updateTable('user_clients').set({ profile_id: extra.profile }).where('user_id', '=', user.id).where('client_id', '=', c.demo).execute();
    if (extra.language) await t.app.db.updateTable('users').set({ language_id: extra.language }).where('id', '=', user.id).execute();
    return user;
  }

  const body = (extra: Record<string, unknown> = {}) => ({
    title: 'Reunião geral', content: '<p>Amanhã às <strong>9h</strong>, na loja.</p>', users: [], areas: [], profiles: [], user_groups: [],
    send_date: null, send_in_app: true, send_email: true, send_email_body: true, ...extra,
  });
  const create = async (extra: Record<string, unknown>, tokens = su) => {
    const res = await call('POST', MESSAGE_PATHS.collection, tokens, body(extra));
    if (res.statusCode !== 201) throw new Error(`message: ${res.statusCode} ${res.body}`);
    return res.json<Message>();
  };
  const read = async (id: number) => (await call('GET', MESSAGE_PATHS.item(id), su)).json<Message>();
  /** The job runs in the background: wait for the status it settles on. */
  async function settled(id: number, statuses = ['sent', 'send_fail']): Promise<Message> {
    for (let i = 0; i < 400; i += 1) {
      await t.app.jobs.idle();
      const message = await read(id);
      if (statuses.includes(message.status)) return message;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`message ${id} did not settle: ${(await read(id)).status}`);
  }
  const recipients = async (id: number) =>
    (await call('GET', `${MESSAGE_PATHS.recipients(id)}?page_size=0`, su)).json<{ count: number; results: MessageRecipient[] }>().results;

  it('resolves recipients as users ∪ areas×profiles ∪ groups, each once (spec 3 §3)', async () => {
    const group = await newGroup();
    const chosenAndInGroup = await learner({ group });
    const inGroup = await learner({ group });
    const areaAndProfile = await learner({ area: org.areas.Marketing!, profile: org.profiles.Cashier! });
    const areaOnly = await learner({ area: org.areas.Marketing!, profile: org.profiles.Salesperson! });
    const profileOnly = await learner({ area: org.areas.Operations!, profile: org.profiles.Cashier! });
    const blocked = await learner({ group });
    await t.app.db.updateTable('users').set({ status: 'blocked' }).where('id', '=', blocked.id).execute();

    const message = await create({
      users: [chosenAndInGroup.id], user_groups: [group], areas: [org.areas.Marketing!], profiles: [org.profiles.Cashier!], send_email: false,
    });
    const done = await settled(message.id);
    expect(done.status).toBe('sent');
    const ids = (await recipients(message.id)).map((r) => r.user_id).sort((a, b) => a - b);
    expect(ids).toEqual([chosenAndInGroup.id, inGroup.id, areaAndProfile.id].sort((a, b) => a - b));
    for (const outside of [areaOnly, profileOnly, blocked]) expect(ids).not.toContain(outside.id);
    expect(done).toMatchObject({ recipients_count: 3, read_count: 0, users: [chosenAndInGroup.id], users_list: [{ id: chosenAndInGroup.id }] });
  });

  it('goes scheduled → sending → sent at its send date, one e-mail per recipient in their language', async () => {
    const group = await newGroup();
    const pt = await learner({ group });
    const en = await learner({ group, language: 2 });
    const message = await create({ user_groups: [group], send_date: new Date(Date.now() + HOUR_MS).toISOString() });
    expect(message.status).toBe('scheduled');
    await t.app.jobs.idle();
    expect((await read(message.id)).status).toBe('scheduled');
    // not in the learner's messages before its date
    expect((await call('GET', MESSAGE_PATHS.learnerMessages, pt.tokens)).json<LearnerMessageList>().results.map((m) => m.id)).not.toContain(message.id);

    // the date comes (the queued job and the message both moved back an hour), with a slow SMTP
    let release!: () => void;
    hold = new Promise((r) => { release = r; });
    await t.app.db.updateTable('messages').set({ send_date: new Date(Date.now() - 1000) }).where('id', '=', message.id).execute();
    await t.app.db.updateTable('jobs').set({ run_at: new Date(Date.now() - 1000) }).where('name', '=', 'messages.send').where('status', '=', 'queued').execute();
    let status = message.status;
    for (let i = 0; i < 200 && status !== 'sending'; i += 1) {
      await new Promise((r) => setTimeout(r, 25));
      status = (await read(message.id)).status;
    }
    expect(status).toBe('sending');
    // in the app from sending on
    expect((await call('GET', MESSAGE_PATHS.learnerMessages, pt.tokens)).json<LearnerMessageList>().results.map((m) => m.id)).toContain(message.id);
    hold = null;
    release();

    const done = await settled(message.id);
    expect(done.status).toBe('sent');
    expect(done.sent_at).not.toBeNull();
    const mails = sent.filter((m) => m.subject === 'Reunião geral' && [pt.email, en.email].includes(m.to));
    expect(mails.map((m) => m.to).sort()).toEqual([pt.email, en.email].sort());
    expect(mails.find((m) => m.to === pt.email)!.text).toContain('Olá,');
    expect(mails.find((m) => m.to === en.email)!.text).toContain('Hello,');
    expect(mails.find((m) => m.to === en.email)!.text).toContain('Amanhã às 9h, na loja.');
    expect(mails.find((m) => m.to === en.email)!.html).toContain('<strong>9h</strong>');
    expect((await recipients(message.id)).every((r) => r.email_status === 'sent' && r.email_sent_at)).toBe(true);
  });

  it('ends in send fail when an e-mail keeps failing, with the others sent, and retries only the failed', async () => {
    const group = await newGroup();
    const ok1 = await learner({ group });
    const bad = await learner({ group });
    const ok2 = await learner({ group });
    failFor.add(bad.email);
    const before = sent.length;
    const message = await create({ user_groups: [group] });
    const done = await settled(message.id);
    expect(done.status).toBe('send_fail');
    expect(done.email_failed_count).toBe(1);
    const rows = await recipients(message.id);
    expect(rows.find((r) => r.user_id === bad.id)).toMatchObject({ email_status: 'failed', email_error: 'error_sending_message', email_sent_at: null });
    for (const good of [ok1, ok2]) expect(rows.find((r) => r.user_id === good.id)!.email_status).toBe('sent');
    // each good recipient got exactly one e-mail across the job's attempts
    const mine = sent.slice(before).filter((m) => m.subject === 'Reunião geral');
    expect(mine.map((m) => m.to).sort()).toEqual([ok1.email, ok2.email].sort());
    const attempts = await t.app.db.selectFrom('message_recipients').select('email_attempts').where('message_id', '=', message.id).where('user_id', '=', bad.id).executeTakeFirstOrThrow();
    expect(attempts.email_attempts).toBe(3);

    // "Error sending message" (spec 3 §8): the admin retries once the SMTP is back
    failFor.delete(bad.email);
    expect((await call('POST', MESSAGE_PATHS.retry(message.id), su)).json<Message>().status).toBe('sending');
    expect((await settled(message.id)).status).toBe('sent');
    expect(sent.slice(before).filter((m) => m.subject === 'Reunião geral').map((m) => m.to).sort()).toEqual([ok1.email, bad.email, ok2.email].sort());
    expect((await call('POST', MESSAGE_PATHS.retry(message.id), su)).statusCode).toBe(409);
  });

  it('is idempotent: a second run of a sent message, or a run after a crash, sends nothing twice', async () => {
    const group = await newGroup();
    const a = await learner({ group });
    const b = await learner({ group });
    const message = await create({ user_groups: [group] });
    await settled(message.id);
    const count = () => sent.filter((m) => m.subject === 'Reunião geral' && [a.email, b.email].includes(m.to)).length;
    expect(count()).toBe(2);
    const ctx = { attempt: 1, log: t.app.log, heartbeat: async () => undefined };
    expect(await runMessageSend(t.app, message.id, ctx)).toBeNull();
    expect(count()).toBe(2);
    // a crash between two e-mails: the message left sending, one recipient still pending
    await t.app.db.updateTable('messages').set({ status: 'sending' }).where('id', '=', message.id).execute();
    await t.app.db.updateTable('message_recipients').set({ email_status: 'pending', email_sent_at: null }).where('message_id', '=', message.id).where('user_id', '=', b.id).execute();
    expect(await runMessageSend(t.app, message.id, ctx)).toBe('sent');
    expect(sent.filter((m) => m.to === a.email && m.subject === 'Reunião geral')).toHaveLength(1);
    expect(sent.filter((m) => m.to === b.email && m.subject === 'Reunião geral')).toHaveLength(2);
  });

  it('keeps the read status and where it was opened (spec 3 §3 read, opened_in)', async () => {
    const group = await newGroup();
    const reader = await learner({ group });
    const message = await create({ user_groups: [group], send_email: false, title: 'Para ler' });
    await settled(message.id);
    const list = (await call('GET', MESSAGE_PATHS.learnerMessages, reader.tokens)).json<LearnerMessageList>();
    expect(list.unread).toBe(1);
    expect(list.results[0]).toMatchObject({ id: message.id, title: 'Para ler', read: false, opened_in: null, excerpt: 'Amanhã às 9h, na loja.' });
    expect((await call('GET', MESSAGE_PATHS.learnerUnread, reader.tokens)).json()).toEqual({ unread: 1 });
    expect((await call('GET', `${MESSAGE_PATHS.learnerMessages}?unread=true`, reader.tokens)).json<LearnerMessageList>().count).toBe(1);

    const opened = await call('POST', MESSAGE_PATHS.learnerRead(message.id), reader.tokens, { opened_in: 'web' });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<LearnerMessageDetail>()).toMatchObject({ read: true, opened_in: 'web', content: '<p>Amanhã às <strong>9h</strong>, na loja.</p>' });
    // the first opening is the one kept
    expect((await call('POST', MESSAGE_PATHS.learnerRead(message.id), reader.tokens, { opened_in: 'app' })).json<LearnerMessageDetail>().opened_in).toBe('web');
    expect((await call('POST', MESSAGE_PATHS.learnerRead(message.id), reader.tokens, { opened_in: 'email' })).statusCode).toBe(400);
    expect((await call('GET', MESSAGE_PATHS.learnerUnread, reader.tokens)).json()).toEqual({ unread: 0 });

    const rows = await recipients(message.id);
    expect(rows[0]).toMatchObject({ user_id: reader.id, read: true, opened_in: 'web' });
    expect(rows[0]!.read_at).not.toBeNull();
    expect((await read(message.id)).read_count).toBe(1);
    const unreadOnly = await call('GET', `${MESSAGE_PATHS.recipients(message.id)}?page_size=0&read=false`, su);
    expect(unreadOnly.json().count).toBe(0);
    // the admin's table asks in react-admin's envelope
    const readSimple = await call('GET', `${MESSAGE_PATHS.recipients(message.id)}?range=[0,9]&filter=${encodeURIComponent(JSON.stringify({ read: 'true' }))}`, su);
    expect(readSimple.json<MessageRecipient[]>().map((r) => r.user_id)).toEqual([reader.id]);
    expect(readSimple.headers['content-range']).toBe('message_recipients 0-0/1');
  });

  it('sends e-mail-only messages by e-mail and keeps them out of the app', async () => {
    const group = await newGroup();
    const user = await learner({ group });
    const message = await create({ user_groups: [group], send_in_app: false, send_email: true, send_email_body: false, title: 'Só por e-mail' });
    expect((await settled(message.id)).status).toBe('sent');
    const mail = sent.find((m) => m.to === user.email && m.subject === 'Só por e-mail')!;
    // without "send in e-mail body" the e-mail only tells of the message, with a link
    expect(mail.text).not.toContain('Amanhã às 9h');
    expect(mail.text).toContain(`${t.config.publicUrl}/messages?open=${message.id}`);
    expect((await call('GET', MESSAGE_PATHS.learnerMessages, user.tokens)).json<LearnerMessageList>().count).toBe(0);
    expect((await call('GET', MESSAGE_PATHS.learnerMessage(message.id), user.tokens)).statusCode).toBe(404);
  });

  it('validates recipients, channel and send date, and changes only scheduled messages (spec 3 §4, §5)', async () => {
    const refuse = async (extra: Record<string, unknown>, code: string, field: string) => {
      const res = await call('POST', MESSAGE_PATHS.collection, su, body(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json(), JSON.stringify(extra)).toMatchObject({ code, fields: { [field]: code } });
    };
    await refuse({}, 'message_needs_recipients', 'users');
    await refuse({ user_groups: [org.groups['Store leaders']], send_in_app: false, send_email: false }, 'message_needs_channel', 'send_in_app');
    await refuse({ user_groups: [org.groups['Store leaders']], send_date: new Date(Date.now() - 2 * HOUR_MS).toISOString() }, 'message_send_date_in_the_past', 'send_date');
    await refuse({ areas: [org.areas.Sales] }, 'make_sure_that_all_fields_are_filled_in', 'profiles');
    await refuse({ user_groups: [org.groups['Store leaders']], title: ' ' }, 'make_sure_that_all_fields_are_filled_in', 'title');

    const scheduled = await create({ user_groups: [org.groups['Store leaders']!], send_date: new Date(Date.now() + 2 * HOUR_MS).toISOString() });
    const edited = await call('PUT', MESSAGE_PATHS.item(scheduled.id), su, { title: 'Reunião adiada', send_date: new Date(Date.now() + 3 * HOUR_MS).toISOString() });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Message>()).toMatchObject({ title: 'Reunião adiada', status: 'scheduled' });
    expect((await call('DELETE', MESSAGE_PATHS.item(scheduled.id), su)).statusCode).toBe(200);

    const now = await create({ user_groups: [org.groups['Store leaders']!], send_email: false });
    await settled(now.id);
    const late = await call('PUT', MESSAGE_PATHS.item(now.id), su, { title: 'Tarde demais' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('message_already_sent');
    expect((await read(now.id)).title).toBe('Reunião geral');
  });

  it('keeps each client to its own messages and recipients, behind the messages permission (spec 3 §6)', async () => {
    const message = await create({ user_groups: [org.groups['Store leaders']!], send_email: false });
    expect((await call('GET', MESSAGE_PATHS.item(message.id), otherAdmin)).statusCode).toBe(404);
    expect((await call('GET', MESSAGE_PATHS.recipients(message.id), otherAdmin)).statusCode).toBe(404);
    expect((await call('GET', `${MESSAGE_PATHS.collection}?page_size=0`, otherAdmin)).json().results.map((m: Message) => m.id)).not.toContain(message.id);
    // another client's user or group is not a recipient to choose
    const otherUser = await t.app.db.selectFrom('users').select('id').where('email', '=', DEMO.otherAdmin.email).executeTakeFirstOrThrow();
    expect((await call('POST', MESSAGE_PATHS.collection, su, body({ users: [otherUser.id] }))).json()).toMatchObject({ fields: { users: 'validation_error' } });
    expect((await call('POST', MESSAGE_PATHS.collection, su, body({ user_groups: [await newGroup(c.other)] }))).json()).toMatchObject({ fields: { user_groups: 'validation_error' } });
    // the other client's learner reads none of ours
    expect((await call('GET', MESSAGE_PATHS.learnerMessage(message.id), otherAdmin)).statusCode).toBe(404);

    const without = await adminWith(t.app, su, c.demo, ['banners']);
    expect((await call('GET', MESSAGE_PATHS.collection, without.tokens)).statusCode).toBe(403);
    const sender = await adminWith(t.app, su, c.demo, ['messages']);
    expect((await call('POST', MESSAGE_PATHS.collection, sender.tokens, body({ user_groups: [org.groups['Store leaders']!], send_email: false }))).statusCode).toBe(201);
    expect((await call('GET', MESSAGE_PATHS.mailingListConfig, sender.tokens)).statusCode).toBe(403);
  });

  describe('mailing list configuration (spec 1 §2.3 mailing_list_config)', () => {
    it('stores the sender, reply-to and footer per client, and the mailer uses them for messages', async () => {
      const defaults = await call('GET', MESSAGE_PATHS.mailingListConfig, su);
      expect(defaults.json<MailingListConfig>()).toMatchObject({ sender_name: '', reply_to: null, footer: '', email_messages: true });
      const bad = await call('PUT', MESSAGE_PATHS.mailingListConfig, su, { reply_to: 'not an address', sender_name: 'A\nB' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ fields: { reply_to: 'invalid_reply_to', sender_name: 'validation_error' } });
      const saved = await call('PUT', MESSAGE_PATHS.mailingListConfig, su, { sender_name: 'Academia Demo', reply_to: 'rh@demo.com', footer: 'Equipe de RH' });
      expect(saved.json<MailingListConfig>()).toMatchObject({ sender_name: 'Academia Demo', reply_to: 'rh@demo.com', footer: 'Equipe de RH', email_messages: true });
      expect((await call('GET', MESSAGE_PATHS.mailingListConfig, otherAdmin)).json<MailingListConfig>().sender_name).toBe('');

      const group = await newGroup();
      const user = await learner({ group });
      const message = await create({ user_groups: [group], title: 'Com remetente' });
      await settled(message.id);
      const mail = sent.find((m) => m.to === user.email && m.subject === 'Com remetente')!;
      expect(mail).toMatchObject({ from: '"Academia Demo" <no-reply@learning.local>', replyTo: 'rh@demo.com' });
      expect(mail.text).toContain('Equipe de RH');
    });

    it('turns message e-mails off: refused on the form, skipped by the job for messages already scheduled', async () => {
      const group = await newGroup();
      const user = await learner({ group });
      const scheduled = await create({ user_groups: [group], title: 'Agendada com e-mail', send_date: new Date(Date.now() + HOUR_MS).toISOString() });
      expect((await call('PUT', MESSAGE_PATHS.mailingListConfig, su, { email_messages: false })).json<MailingListConfig>().email_messages).toBe(false);
      const refused = await call('POST', MESSAGE_PATHS.collection, su, body({ user_groups: [group] }));
      expect(refused.json()).toMatchObject({ code: 'message_email_disabled', fields: { send_email: 'message_email_disabled' } });

      await t.app.db.updateTable('messages').set({ send_date: new Date(Date.now() - 1000) }).where('id', '=', scheduled.id).execute();
      expect(await runMessageSend(t.app, scheduled.id, { attempt: 1, log: t.app.log, heartbeat: async () => undefined })).toBe('sent');
      expect(sent.find((m) => m.to === user.email && m.subject === 'Agendada com e-mail')).toBeUndefined();
      expect((await recipients(scheduled.id))[0]!.email_status).toBe('skipped');
      await call('PUT', MESSAGE_PATHS.mailingListConfig, su, { email_messages: true });
    });
  });
});
