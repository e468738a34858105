import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { adminWith, loginSuperuser } from './userFixtures.ts';
import { PERIOD, buildOverviewWorld, getOverview, type OverviewWorld } from './overviewFixtures.ts';

/**
 * spec 1 §6.2 reports_panel (BI): the overview's figures narrowed by areas, profiles, groups,
 * branches and headquarters, each counted by hand from overviewFixtures.ts and the organisation
 * below. March's activity of the world, by person:
 * - u1: logins 03-01 and 03-02; T1 started 03-02 finished 03-05, T2 started 03-15, T5 started 03-21
 *   finished 03-22; test 80; certificates of T1 and of the trail issued in March; webcast: subscriber, chat
 * - u2: login 03-31; T1 started 03-10, T2 started and finished 03-31; test 50.5; webcast: subscriber, test
 * - u3: T1 (started in February) finished 03-03, T4 started 03-20; webcast: chat
 * - u4: deleted T3 started 03-05 finished 03-06; an expired test attempt (0); the certificate expiring in 10 days
 * - u5: awaiting validation
 * Organisation: areas A1 {u1, u2}, A2 {u3}; profiles P1 {u2, u4}, P2 {u5}; group G1 {u1, u3};
 * headquarters H1 with branches B1 {u1} and B2 {u4}; branch B3 {u2} of no headquarters. The other
 * client has an area AX holding u1 (as a user of that client), a branch BX (u3's) and headquarters HX.
 */
interface Org {
  a1: number; a2: number; p1: number; p2: number; g1: number; h1: number; b1: number; b2: number; b3: number;
  ax: number; bx: number; hx: number;
}

async function buildOrganisation(app: FastifyInstance, w: OverviewWorld): Promise<Org> {
  const { db } = app;
  const now = new Date();
  const { u1, u2, u3, u4, u5 } = w.users;
  const area = async (client: number, name: string) => (await db.insertInto('areas')
    .values({ client_id: client, name, translations: JSON.stringify({}), is_active: true, created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const profile = async (name: string) => (await db.insertInto('profiles')
    .values({ client_id: w.clientId, name, translations: JSON.stringify({}), created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  const headquarter = async (client: number, name: string) => (await db.insertInto('headquarters').values({
    client_id: client, name, company_name: null, fantasy_name: null, company_document: `${client}${name}`, created_at: now,
    postal_code: null, address: null, number: null, complement: null, neighborhood: null, city: null, state: null, country_id: null,
  }).returning('id').executeTakeFirstOrThrow()).id;
  const branch = async (client: number, name: string, headquarterId: number | null) => (await db.insertInto('branches')
    .values({ client_id: client, name, headquarter_id: headquarterId, created_at: now }).returning('id').executeTakeFirstOrThrow()).id;

  const a1 = await area(w.clientId, 'North');
  const a2 = await area(w.clientId, 'South');
  const ax = await area(w.otherClientId, 'Other area');
  await db.insertInto('user_areas').values([
    { user_id: u1, client_id: w.clientId, area_id: a1 }, { user_id: u2, client_id: w.clientId, area_id: a1 },
    { user_id: u3, client_id: w.clientId, area_id: a2 }, { user_id: u1, client_id: w.otherClientId, area_id: ax },
  ]).execute();
  const p1 = await profile('Sellers');
  const p2 = await profile('Newcomers');
  for (const [user, profileId] of [[u2, p1], [u4, p1], [u5, p2]] as const) {
    await db.updateTable('user_clients').set({ profile_id: profileId }).where('user_id', '=', user).where('client_id', '=', w.clientId).execute();
  }
  const g1 = (await db.insertInto('user_groups').values({ client_id: w.clientId, name: 'Panel group', created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
  await db.insertInto('user_group_members').values([{ group_id: g1, user_id: u1 }, { group_id: g1, user_id: u3 }]).execute();
  const h1 = await headquarter(w.clientId, 'Chain one');
  const hx = await headquarter(w.otherClientId, 'Other chain');
  const b1 = await branch(w.clientId, 'Store one', h1);
  const b2 = await branch(w.clientId, 'Store two', h1);
  const b3 = await branch(w.clientId, 'Store three', null);
  const bx = await branch(w.otherClientId, 'Other store', hx);
  for (const [user, branchId] of [[u1, b1], [u4, b2], [u2, b3], [u3, bx]] as const) {
    await db.updateTable('users').set({ branch_id: branchId }).where('id', '=', user).execute();
  }
  return { a1, a2, p1, p2, g1, h1, b1, b2, b3, ax, bx, hx };
}

const PANEL = '/api/admin_overview/panel/';
function getPanel(app: FastifyInstance, tokens: Tokens, filters = '') {
  return app.inject({ url: `${PANEL}?from=${PERIOD.from}&to=${PERIOD.to}${filters}`, headers: bearer(tokens) });
}

describe.each(DIALECTS)('BI panel on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let w: OverviewWorld;
  let org: Org;
  let panelAdmin: Tokens;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { runJobs: false });
    su = await loginSuperuser(t.app);
    w = await buildOverviewWorld(t.app, su);
    org = await buildOrganisation(t.app, w);
    panelAdmin = (await adminWith(t.app, su, w.clientId, ['reports_panel'])).tokens;
  });
  afterAll(async () => { await t.close(); });

  const figures = async (filters: string) => {
    const res = await getPanel(t.app, panelAdmin, filters);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('without filters answers what the overview answers', async () => {
    const panel = await figures('');
    const overview = (await getOverview(t.app, w.admin.tokens)).json();
    expect(panel).toEqual(overview);
    expect(panel.learners).toEqual({ active: 4, logins: 3 });
  });

  it('narrows every figure to the people of the chosen areas', async () => {
    const o = await figures(`&areas=${org.a1}`);
    expect(o).toMatchObject({
      // u1 and u2 logged in; their enrolments saw activity too
      learners: { active: 2, logins: 3 },
      // started: u1·T1, u2·T1, u1·T2, u2·T2, u1·T5; finished: u1·T1, u2·T2, u1·T5 (u3's T1 completion is not theirs)
      enrollments: { started: 5, started_completed: 3, completion_rate: 60, completions: 3 },
      certificates: { issued: 2, expiring: 0 },
      tests: { attempts: 2, average_score: 65.3 },
      webcasts: { count: 1, subscribers: 2, participants: 2 },
      pending: { users: 0 },
      // what is under way is the client's, whoever it is about
      in_progress: { imports: 2, reports: 1 },
    });
    expect(o.trainings.top.map((x: { id: number }) => x.id)).toEqual([w.trainings.t5, w.trainings.t1, w.trainings.t2]);
    const day = (d: string) => o.daily.find((x: { day: string }) => x.day === d);
    expect(day('2026-03-03')).toEqual({ day: '2026-03-03', logins: 0, enrollments: 0, completions: 0 });
    expect(day('2026-03-31')).toEqual({ day: '2026-03-31', logins: 1, enrollments: 1, completions: 1 });
    // any of a filter's ids: both areas are u1, u2 and u3
    expect((await figures(`&areas=${org.a1},${org.a2}`)).enrollments).toEqual({ started: 6, started_completed: 3, completion_rate: 50, completions: 4 });
  });

  it('narrows to profiles, groups, branches and headquarters', async () => {
    expect(await figures(`&profiles=${org.p1}`)).toMatchObject({
      learners: { active: 2, logins: 1 },
      // u2·T1, u2·T2 and u4's deleted T3 (what happened in it happened)
      enrollments: { started: 3, started_completed: 2, completion_rate: 66.7, completions: 2 },
      certificates: { issued: 0, expiring: 1 },
      tests: { attempts: 2, average_score: 25.3 },
      webcasts: { subscribers: 1, participants: 1 },
      pending: { users: 0 },
      trainings: { top: [{ id: w.trainings.t2, completion_rate: 100 }, { id: w.trainings.t1, completion_rate: 0 }], bottom: [] },
    });
    expect((await figures(`&profiles=${org.p2}`)).pending).toEqual({ users: 1 });
    expect(await figures(`&groups=${org.g1}`)).toMatchObject({
      learners: { active: 2, logins: 2 },
      enrollments: { started: 4, started_completed: 2, completion_rate: 50, completions: 3 },
      certificates: { issued: 2, expiring: 0 },
      tests: { attempts: 1, average_score: 80 },
      webcasts: { subscribers: 1, participants: 2 },
    });
    expect(await figures(`&branches=${org.b3}`)).toMatchObject({
      learners: { active: 1, logins: 1 },
      enrollments: { started: 2, started_completed: 1, completion_rate: 50, completions: 1 },
      tests: { attempts: 1, average_score: 50.5 },
    });
    expect(await figures(`&headquarters=${org.h1}`)).toMatchObject({
      learners: { active: 2, logins: 2 },
      enrollments: { started: 4, started_completed: 3, completion_rate: 75, completions: 3 },
      certificates: { issued: 2, expiring: 1 },
      tests: { attempts: 2, average_score: 40 },
      webcasts: { subscribers: 1, participants: 1 },
    });
  });

  it('keeps the people every filter given keeps', async () => {
    // A1 and H1: u1 alone
    expect(await figures(`&areas=${org.a1}&headquarters=${org.h1}`)).toMatchObject({
      learners: { active: 1, logins: 2 },
      enrollments: { started: 3, started_completed: 2, completion_rate: 66.7, completions: 2 },
      tests: { attempts: 1, average_score: 80 },
    });
    // A2 and P1 share nobody
    expect(await figures(`&areas=${org.a2}&profiles=${org.p1}`)).toMatchObject({
      learners: { active: 0, logins: 0 }, enrollments: { started: 0, completions: 0, completion_rate: null }, tests: { attempts: 0, average_score: null },
    });
  });

  it('never keeps anyone through another client’s rows (tenant isolation)', async () => {
    // u1 is in AX and u3 in BX, but as the other client's: nobody of this client
    for (const filter of [`&areas=${org.ax}`, `&branches=${org.bx}`, `&headquarters=${org.hx}`]) {
      expect(await figures(filter), filter).toMatchObject({
        learners: { active: 0, logins: 0 }, enrollments: { started: 0, completions: 0 }, certificates: { issued: 0, expiring: 0 },
        webcasts: { subscribers: 0, participants: 0 },
      });
    }
    // the other client's administrator asking for this client's area counts nothing of either
    await t.app.inject({ method: 'POST', url: '/api/users/session/select_client/', headers: bearer(su), payload: { client_id: w.otherClientId } });
    const other = await adminWith(t.app, su, w.otherClientId, ['reports_panel']);
    await t.app.inject({ method: 'POST', url: '/api/users/session/select_client/', headers: bearer(su), payload: { client_id: w.clientId } });
    expect((await getPanel(t.app, other.tokens, `&areas=${org.a1}`)).json()).toMatchObject({ learners: { active: 0, logins: 0 }, enrollments: { started: 0 } });
    expect((await getPanel(t.app, other.tokens)).json()).toMatchObject({ learners: { active: 1, logins: 1 }, enrollments: { started: 1 } });
  });

  it('needs the reports_panel module item, and takes ids only', async () => {
    const overviewOnly = await adminWith(t.app, su, w.clientId, ['overview', 'reports']);
    const denied = await getPanel(t.app, overviewOnly.tokens);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('permission_denied');
    // and the panel's key does not open the overview
    expect((await getOverview(t.app, panelAdmin)).statusCode).toBe(403);
    const learner = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    expect((await getPanel(t.app, learner)).statusCode).toBe(403);
    expect((await t.app.inject({ url: PANEL })).statusCode).toBe(401);
    expect((await getPanel(t.app, su)).statusCode).toBe(200);

    for (const bad of ['&areas=abc', '&areas=1,,2', '&groups=0', '&branches=-1']) {
      const res = await getPanel(t.app, panelAdmin, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('validation_error');
    }
    const long = await t.app.inject({ url: `${PANEL}?from=2025-01-01&to=2026-03-01`, headers: bearer(panelAdmin) });
    expect(long.json().code).toBe('overview_period_too_long');
  });
});
