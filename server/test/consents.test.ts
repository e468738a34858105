import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { adminWith, clientIds, loginSuperuser, userId, type Clients } from './userFixtures.ts';

const MINE = '/api/users/consents/';
const consentsOf = (id: number) => `/api/admin_users/users/${id}/consents/`;

/** spec 1 §2.3 "consent viewing" (visualize_consent, §6.2); §3.1 accept_terms_and_conditions. */
describe.each(DIALECTS)('consents on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let learner: Tokens;
  let learnerId: number;

  const record = (tokens: Tokens, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: MINE, headers: { ...bearer(tokens), ...headers }, payload });
  const session = async (tokens: Tokens) => (await t.app.inject({ url: '/api/users/session/', headers: bearer(tokens) })).json();

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    learner = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    learnerId = await userId(t.app, DEMO.learner.email);
  });
  afterAll(async () => { await t.close(); });

  it('records the learner decisions with ip and user agent, and the session follows the terms', async () => {
    // the demo people accepted the seeded terms; an edit of the terms makes a new version
    const before = await session(learner);
    expect(before.accept_terms_and_conditions).toBe(true);
    const edited = await t.app.inject({
      method: 'PUT', url: '/api/admin_config/legal_texts/terms/', headers: bearer(su), payload: { texts: { 'pt-br': '<p>Termos, versão nova.</p>' } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const { terms_version: version, accept_terms_and_conditions: accepted } = await session(learner);
    expect(version).not.toBe(before.terms_version);
    expect(accepted).toBe(false);
    const first = await record(learner, { kind: 'terms', version, accepted: true }, { 'user-agent': 'Portal/1.0 (test)' });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ kind: 'terms', version, accepted: true, ip: '127.0.0.1', user_agent: 'Portal/1.0 (test)' });
    expect((await session(learner)).accept_terms_and_conditions).toBe(true);

    expect((await record(learner, { kind: 'cookies_policy', version: 'v2', accepted: false })).statusCode).toBe(201);
    expect((await session(learner)).accept_terms_and_conditions).toBe(true);
    // the latest decision about the terms counts
    expect((await record(learner, { kind: 'terms', version, accepted: false })).statusCode).toBe(201);
    expect((await session(learner)).accept_terms_and_conditions).toBe(false);
    // accepting another version than the current one does not count
    expect((await record(learner, { kind: 'terms', version: '2020-01', accepted: true })).statusCode).toBe(201);
    expect((await session(learner)).accept_terms_and_conditions).toBe(false);
    expect((await record(learner, { kind: 'terms', version, accepted: true })).statusCode).toBe(201);
    expect((await session(learner)).accept_terms_and_conditions).toBe(true);

    const mine = await t.app.inject({ url: MINE, headers: bearer(learner) });
    expect(mine.json().slice(0, 5).map((r: { version: string }) => r.version)).toEqual([version, '2020-01', version, 'v2', version]);
  });

  it('validates the body', async () => {
    expect((await record(learner, { kind: 'newsletter', version: '1', accepted: true })).statusCode).toBe(400);
    expect((await record(learner, { kind: 'terms', version: '', accepted: true })).statusCode).toBe(400);
    expect((await record(learner, { kind: 'terms', version: '1' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: MINE, payload: { kind: 'terms', version: '1', accepted: true } })).statusCode).toBe(401);
  });

  it('lists a user history newest first for visualize_consent (superuser passes)', async () => {
    const viewer = await adminWith(t.app, su, c.demo, ['visualize_consent']);
    const res = await t.app.inject({ url: consentsOf(learnerId), headers: bearer(viewer.tokens) });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as Array<{ kind: string; version: string; accepted: boolean; created_at: string; ip: string }>;
    const version = (await session(learner)).terms_version;
    // the first test's decisions, newest first, then the acceptance the demo seed recorded
    expect(rows.map((r) => [r.kind, r.version, r.accepted])).toEqual([
      ['terms', version, true], ['terms', '2020-01', true], ['terms', version, false], ['cookies_policy', 'v2', false], ['terms', version, true],
      ['terms', expect.any(String), true],
    ]);
    expect(rows[0]!.ip).toBe('127.0.0.1');
    expect(Number.isNaN(Date.parse(rows[0]!.created_at))).toBe(false);
    expect((await t.app.inject({ url: consentsOf(learnerId), headers: bearer(su) })).json()).toHaveLength(6);
  });

  it('answers 403 without visualize_consent', async () => {
    const usersAdmin = await adminWith(t.app, su, c.demo, ['users', 'user_management']);
    const res = await t.app.inject({ url: consentsOf(learnerId), headers: bearer(usersAdmin.tokens) });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('permission_denied');
    expect((await t.app.inject({ url: consentsOf(learnerId), headers: bearer(learner) })).statusCode).toBe(403);
    expect((await t.app.inject({ url: consentsOf(learnerId) })).statusCode).toBe(401);
  });

  it('keeps clients apart: another client admin cannot read, and histories are per client', async () => {
    // Otto administers only "Other Company", with every permission there
    const otto = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    const res = await t.app.inject({ url: consentsOf(learnerId), headers: bearer(otto) });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');

    // Otto's own decision lives in his client; the demo client's viewer cannot reach him at all
    const ottoId = await userId(t.app, DEMO.otherAdmin.email);
    expect((await record(otto, { kind: 'privacy_policy', version: 'p1', accepted: true })).statusCode).toBe(201);
    const viewer = await adminWith(t.app, su, c.demo, ['visualize_consent']);
    expect((await t.app.inject({ url: consentsOf(ottoId), headers: bearer(viewer.tokens) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: consentsOf(ottoId), headers: bearer(otto) })).json()).toHaveLength(1);

    // the superuser sees the history of the client selected: none of the demo decisions under "Other Company"
    const select = await t.app.inject({ method: 'POST', url: '/api/users/session/select_client/', headers: bearer(su), payload: { client_id: c.other } });
    expect(select.statusCode).toBe(200);
    expect((await t.app.inject({ url: consentsOf(ottoId), headers: bearer(su) })).json()).toHaveLength(1);
    expect((await t.app.inject({ url: consentsOf(learnerId), headers: bearer(su) })).statusCode).toBe(404);
    await t.app.inject({ method: 'POST', url: '/api/users/session/select_client/', headers: bearer(su), payload: { client_id: c.demo } });
  });
});
