import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAQ_PATHS, HELP_REQUEST_PATH, REALTIME_TICKET_PATH } from '@lp/shared/contract';
import { brazilianDocumentOf } from '@lp/shared/rules';
import { jsonText } from '../src/db/computed.ts';
import { issueCertificate } from '../src/learning/certificates.ts';
import { saveLoginParams } from '../src/repositories/clients.ts';
import { notify } from '../src/repositories/notifications.ts';
import { insertChatMessage } from '../src/repositories/webcastChat.ts';
import { BASIC, DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { validated } from './importFixtures.ts';
import { adminWith, clientIds, loginSuperuser, newUser, type Clients } from './userFixtures.ts';
import { insertWebcast } from './webcastChatFixtures.ts';

const USERS = '/api/admin_users/users/';
const IP = '198.51.100.231';
const USER_AGENT = 'AnonProbe/4.2 (+https://probe.example.test)';
const PASSWORD = 'Leave#Me1';

/**
 * spec 1 §4.2 "Confirm deletes and anonymizes all the user's data": after the confirmation no
 * table keeps a copy of the user's identity (name, e-mail, document, register, GMIN number, the
 * IP and user agent they were seen with), whatever path put it there; what they wrote stays.
 */
describe.each(DIALECTS)('anonymisation completeness on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let deleter: Tokens;
  let reporter: { id: number; tokens: Tokens };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    deleter = (await adminWith(t.app, su, c.demo, ['users', 'users_delete_manage', 'data_anonymization'])).tokens;
    reporter = await adminWith(t.app, su, c.demo, ['users', 'reports']);
    // a FAQ manager of the demo client, told of every question it receives
    await adminWith(t.app, su, c.demo, ['faq']);
    await saveLoginParams(t.app.db, { show_public_faq: true });
  });
  afterAll(async () => { await t.close(); });

  /** Every row of every table, as text. */
  async function everyTable(): Promise<Map<string, string>> {
    const tables = (await t.app.db.introspection.getTables()).map((tb) => tb.name);
    expect(tables.length).toBeGreaterThan(100);
    const dump = new Map<string, string>();
    for (const table of tables) {
      const { rows } = await sql`select * from ${sql.table(table)}`.execute(t.app.db);
      dump.set(table, JSON.stringify(rows));
    }
    return dump;
  }

  it('confirm leaves no copy of the identity in any table', async () => {
    const stamp = Date.now();
    const body = newUser(c.demo, {
      full_name: `Zuleica Anonimável ${stamp}`, password: PASSWORD, document: brazilianDocumentOf(String(randomInt(1e8, 1e9))), register: `REG-${stamp}`,
      gmin_number: `GMIN-${stamp}`, mobile: '988776655', birthday: '1979-03-04',
      // spec 1 §3.4 details: every personal one goes too
      address: `Rua Anonimável ${stamp}`, postal_code: '50999-123', whatsapp: `+55 81 9${stamp % 1e8}`,
      commercial_phone: `+55 81 3${stamp % 1e7}`, residential_phone: `+55 81 2${stamp % 1e7}`, handicap_description: `Descrição ${stamp}`,
      is_handicapped: true, marital_status: 'married', number_of_children: 3, admission_date: '2020-02-02', store_manager: true,
    });
    const created = await t.app.inject({ method: 'POST', url: USERS, headers: bearer(su), payload: body });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const before = await t.app.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const tokens = await login(t.app, body.email, PASSWORD);
    const as = (extra: Record<string, string> = {}) => ({ ...bearer(tokens), 'user-agent': USER_AGENT, ...extra });

    // consents keep the address and browser they were given from
    const consent = await t.app.inject({ method: 'POST', url: '/api/users/consents/', headers: as(), remoteAddress: IP, payload: { kind: 'terms', version: 'v1', accepted: true } });
    expect(consent.statusCode, consent.body).toBe(201);
    expect(consent.json()).toMatchObject({ ip: IP, user_agent: USER_AGENT });
    // login throttling by e-mail, by document and by address; a password reset (its own throttle by e-mail)
    for (const username of [body.email, before.document!]) {
      const failed = await t.app.inject({
        method: 'POST', url: '/api/o/token/', remoteAddress: IP,
        headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'password', username, password: 'wrong' }).toString(),
      });
      expect(failed.statusCode).toBe(400);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/users/recover_password/', payload: { email: body.email } })).statusCode).toBe(200);
    expect(await t.app.db.selectFrom('password_resets').select('id').where('user_id', '=', id).execute()).toHaveLength(1);
    // a realtime ticket
    expect((await t.app.inject({ method: 'POST', url: `/api${REALTIME_TICKET_PATH}`, headers: as() })).statusCode).toBeLessThan(300);
    // FAQ questions: from the portal (their own name and e-mail) and from the login page (typed)
    expect((await t.app.inject({ method: 'POST', url: `/api${FAQ_PATHS.learnerAsk}`, headers: as(), payload: { question: 'Quando sai a trilha?' } })).statusCode).toBe(201);
    const publicAsk = await t.app.inject({
      method: 'POST', url: `/api${FAQ_PATHS.publicAsk}`, remoteAddress: IP,
      payload: { name: before.full_name, email: body.email.toUpperCase(), question: 'Esqueci a senha, e agora?' },
    });
    expect(publicAsk.statusCode, publicAsk.body).toBe(201);
    expect(await t.app.db.selectFrom('notifications').select('id').where('kind', '=', 'faq_question_received').where(jsonText('payload'), 'like', `%${stamp}%`).execute())
      .not.toHaveLength(0);
    // a help request
    const help = await t.app.inject({ method: 'POST', url: `/api${HELP_REQUEST_PATH}`, headers: as(), payload: { name: before.full_name, email: body.email, message: 'Não consigo entrar' } });
    expect(help.statusCode, help.body).toBe(201);
    // a chat message in a webcast (its sender name is a copy of the full name)
    const webcastId = await insertWebcast(t.app, { clientId: c.demo });
    await insertChatMessage(t.app.db, { webcastId, userId: id, senderName: before.full_name, text: 'Bom dia a todos', adminFlag: false, state: 'public', mediaTime: null });
    // a certificate (the holder's name, in the row and in its PDF)
    const certificateId = await issueCertificate(t.app.db, t.config, {
      clientId: c.demo, userId: id, contentType: 'training', contentId: 999_999, title: 'Curso de anonimização', workload: 1, expirationDays: null, completedAt: new Date(),
    });
    const pdfPath = (await t.app.db.selectFrom('certificates').select('pdf_path').where('id', '=', certificateId!).executeTakeFirstOrThrow()).pdf_path!;
    expect(fs.existsSync(path.join(t.config.dataDir, pdfPath))).toBe(true);
    // an import whose log repeats the user's e-mail, register and GMIN number
    const repeated = { full_name: 'Linha repetida', email: body.email, register: before.register, gmin_number: before.gmin_number };
    const imported = await validated(t.app, su, 'users', [repeated, repeated]);
    expect(imported.error_count).toBe(1);
    // a users report searched by their e-mail, whose file lists them
    const report = await t.app.inject({ method: 'POST', url: `${USERS}report/`, headers: bearer(reporter.tokens), payload: { search: body.email } });
    expect(report.statusCode, report.body).toBe(202);
    await t.app.jobs.idle();
    const built = await t.app.db.selectFrom('reports').selectAll().where('user_id', '=', reporter.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(built.params).toMatchObject({ search: body.email });
    expect(built.status).toBe('ready');
    const reportFile = path.join(t.config.dataDir, 'reports', built.file_name!);
    expect(fs.existsSync(reportFile)).toBe(true);
    // the client's mailing list answered to their address; a notification addressed to them
    await t.app.db.insertInto('mailing_list_configs').values({ client_id: c.other, sender_name: before.full_name, reply_to: body.email, footer: '' }).execute();
    await notify(t.app.db, { userId: id, clientId: c.demo, kind: 'report_ready', payload: { report: 'Usuários', link: '/x' } });

    const personal = {
      full_name: before.full_name, email: body.email, document: before.document!, register: before.register!, gmin_number: before.gmin_number!,
      ip: IP, user_agent: USER_AGENT, address: before.address!, postal_code: before.postal_code!, whatsapp: before.whatsapp!,
      commercial_phone: before.commercial_phone!, residential_phone: before.residential_phone!, handicap_description: before.handicap_description!,
    };
    // every value is somewhere before the confirmation (the scan below can see it)
    const dumpBefore = [...(await everyTable()).values()].join('\n').toLowerCase();
    for (const [field, value] of Object.entries(personal)) expect(dumpBefore, field).toContain(value.toLowerCase());

    expect((await t.app.inject({ method: 'POST', url: '/api/users/request_deletion/', headers: bearer(tokens) })).statusCode).toBe(200);
    const confirm = await t.app.inject({ method: 'POST', url: `${USERS}${id}/deletion/confirm/`, headers: bearer(deleter) });
    expect(confirm.statusCode, confirm.body).toBe(200);

    const found: string[] = [];
    for (const [table, text] of await everyTable()) {
      for (const [field, value] of Object.entries(personal)) {
        if (text.toLowerCase().includes(value.toLowerCase())) found.push(`${table}: ${field}`);
      }
    }
    expect(found).toEqual([]);

    // what they wrote stays, under the anonymised name; sessions, tickets and reset codes are gone
    expect(await t.app.db.selectFrom('users').select(['marital_status', 'number_of_children', 'admission_date', 'birthday', 'city']).where('id', '=', id).executeTakeFirstOrThrow())
      .toEqual({ marital_status: null, number_of_children: null, admission_date: null, birthday: null, city: null });
    const chat = await t.app.db.selectFrom('webcast_chat_messages').selectAll().where('user_id', '=', id).executeTakeFirstOrThrow();
    expect(chat).toMatchObject({ sender_name: 'Deleted - anonymized data', text: 'Bom dia a todos' });
    const consents = await t.app.db.selectFrom('user_consents').selectAll().where('user_id', '=', id).execute();
    expect(consents.map((r) => [r.kind, r.ip, r.user_agent])).toEqual([['terms', null, null]]);
    const questions = await t.app.db.selectFrom('faq_received_questions').select(['name', 'question']).where('question', 'in', ['Quando sai a trilha?', 'Esqueci a senha, e agora?']).execute();
    expect(questions).toHaveLength(2);
    for (const q of questions) expect(q.name).toBe('Deleted - anonymized data');
    expect((await t.app.db.selectFrom('certificates').select(['holder_name', 'pdf_path']).where('id', '=', certificateId!).executeTakeFirstOrThrow()))
      .toEqual({ holder_name: 'Deleted - anonymized data', pdf_path: null });
    for (const table of ['password_resets', 'oauth_tokens', 'realtime_tickets', 'notifications'] as const) {
      expect(await t.app.db.selectFrom(table).select('user_id').where('user_id', '=', id).execute(), table).toEqual([]);
    }
    // files that held the identity are removed; the report's link no longer opens
    expect(fs.existsSync(path.join(t.config.dataDir, pdfPath))).toBe(false);
    expect(fs.existsSync(reportFile)).toBe(false);
    expect(await t.app.db.selectFrom('reports').select(['status', 'file_name', 'token_hash']).where('id', '=', built.id).executeTakeFirstOrThrow())
      .toEqual({ status: 'expired', file_name: null, token_hash: null });
  });
});
