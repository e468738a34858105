import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { adminWith, loginSuperuser } from './userFixtures.ts';
import { PERIOD, buildOverviewWorld, getOverview, type OverviewWorld } from './overviewFixtures.ts';

/**
 * spec 1 §2.3 "Overview dashboard (control panel)", title slug and module item `overview` (§6.1,
 * §6.2): every figure against the rows of overviewFixtures.ts, counted by hand.
 */
describe.each(DIALECTS)('overview on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let w: OverviewWorld;

  beforeAll(async () => {
    t = await buildTestApp(dialect, { runJobs: false });
    su = await loginSuperuser(t.app);
    w = await buildOverviewWorld(t.app, su);
  });
  afterAll(async () => { await t.close(); });

  it('answers the figures of the client over the period, each counted by hand', async () => {
    const res = await getOverview(t.app, w.admin.tokens);
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json();
    const { t1, t2, t4, t5 } = w.trainings;
    expect(o).toMatchObject({
      from: PERIOD.from,
      to: PERIOD.to,
      // logins: u1 twice, u2 once at 23:59 on the last day; not u3 (February), u4 (April), the administrative view, nor the other client
      // active: those three users' logins, with u3 and u4 through enrolment activity in March
      learners: { active: 4, logins: 3 },
      // started in March: u1·T1, u2·T1, u1·T2, u2·T2 (23:00 on the 31st), u4·T3 (deleted), u3·T4, u1·T5; of them finished: u1·T1, u2·T2, u4·T3, u1·T5
      // finished in March whenever started: those four and u3·T1 (started in February)
      enrollments: { started: 7, started_completed: 4, completion_rate: 57.1, completions: 5 },
      // issued in March: u1's T1 certificate and trail certificate; expiring in 30 days: u4's (in 10 days), not the superseded, expired or 40-day ones
      certificates: { issued: 2, expiring: 1 },
      // finished and expired attempts of March: 80, 50.5 and 0
      tests: { attempts: 3, average_score: 43.5 },
      webcasts: {
        count: 1, subscribers: 2, participants: 3,
        items: [{ id: w.webcastId, title: 'March town hall', transmission_date: '2026-03-10T15:00:00.000Z', subscribers: 2, participants: 3 }],
      },
      pending: { users: 1 },
      in_progress: { imports: 2, reports: 1 },
    });
    // by completion rate of March's enrolments, then by how many; the deleted training is not ranked
    expect(o.trainings.top).toEqual([
      { id: t5, title: 'Easy win', enrollments: 1, completed: 1, completion_rate: 100 },
      { id: t1, title: 'Sales basics', enrollments: 2, completed: 1, completion_rate: 50 },
      { id: t2, title: 'Product deep dive', enrollments: 2, completed: 1, completion_rate: 50 },
      { id: t4, title: 'Hard course', enrollments: 1, completed: 0, completion_rate: 0 },
    ]);
    expect(o.trainings.bottom).toEqual([]);
    expect(o.daily).toHaveLength(31);
    const day = (d: string) => o.daily.find((x: { day: string }) => x.day === d);
    expect(day('2026-03-01')).toEqual({ day: '2026-03-01', logins: 1, enrollments: 0, completions: 0 });
    expect(day('2026-03-02')).toEqual({ day: '2026-03-02', logins: 1, enrollments: 1, completions: 0 });
    expect(day('2026-03-05')).toEqual({ day: '2026-03-05', logins: 0, enrollments: 1, completions: 1 });
    expect(day('2026-03-31')).toEqual({ day: '2026-03-31', logins: 1, enrollments: 1, completions: 1 });
    const sum = (key: 'logins' | 'enrollments' | 'completions') => o.daily.reduce((n: number, d: Record<string, number>) => n + d[key]!, 0);
    expect([sum('logins'), sum('enrollments'), sum('completions')]).toEqual([3, 7, 5]);
  });

  it('counts one day alone, and defaults to the last 30 days', async () => {
    const one = (await getOverview(t.app, w.admin.tokens, '?from=2026-03-31&to=2026-03-31')).json();
    expect(one.learners).toEqual({ active: 1, logins: 1 });
    expect(one.enrollments).toEqual({ started: 1, started_completed: 1, completion_rate: 100, completions: 1 });
    expect(one.daily).toEqual([{ day: '2026-03-31', logins: 1, enrollments: 1, completions: 1 }]);

    const recent = await getOverview(t.app, w.admin.tokens, '');
    expect(recent.statusCode).toBe(200);
    const body = recent.json();
    const today = new Date().toISOString().slice(0, 10);
    expect(body.to).toBe(today);
    expect(body.daily).toHaveLength(30);
    // March is long gone; what stays is what does not depend on the period
    expect(body.enrollments.started).toBe(0);
    expect(body.certificates.expiring).toBe(1);
    expect(body.pending.users).toBe(1);
  });

  it('refuses a broken or too long period', async () => {
    const half = await getOverview(t.app, w.admin.tokens, '?from=2026-03-01');
    expect(half.statusCode).toBe(400);
    expect(half.json().code).toBe('validation_error');
    expect((await getOverview(t.app, w.admin.tokens, '?from=2026-03-31&to=2026-03-01')).json().code).toBe('validation_error');
    expect((await getOverview(t.app, w.admin.tokens, '?from=2026-02-30&to=2026-03-01')).statusCode).toBe(400);
    const long = await getOverview(t.app, w.admin.tokens, '?from=2025-01-01&to=2026-03-01');
    expect(long.statusCode).toBe(400);
    expect(long.json().code).toBe('overview_period_too_long');
    expect((await getOverview(t.app, w.admin.tokens, '?from=2025-03-01&to=2026-03-01')).statusCode).toBe(200);
  });

  it('needs the overview module item in the selected client (superusers pass)', async () => {
    const without = await adminWith(t.app, su, w.clientId, ['reports', 'users']);
    const denied = await getOverview(t.app, without.tokens);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('permission_denied');
    const learner = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    expect((await getOverview(t.app, learner)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/admin_overview/overview/?from=${PERIOD.from}&to=${PERIOD.to}` })).statusCode).toBe(401);
    const only = await adminWith(t.app, su, w.clientId, ['overview']);
    expect((await getOverview(t.app, only.tokens)).statusCode).toBe(200);
    // a superuser passes, in the client selected in the session
    const selected = await t.app.inject({ method: 'POST', url: '/api/users/session/select_client/', headers: bearer(su), payload: { client_id: w.clientId } });
    expect(selected.statusCode, selected.body).toBe(200);
    const asSuperuser = await getOverview(t.app, su);
    expect(asSuperuser.statusCode).toBe(200);
    expect(asSuperuser.json().pending.users).toBe(1);
  });

  it('never counts another client’s rows (tenant isolation)', async () => {
    const res = await getOverview(t.app, w.otherAdmin.tokens);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      learners: { active: 1, logins: 1 },
      enrollments: { started: 1, started_completed: 1, completion_rate: 100, completions: 1 },
      certificates: { issued: 1, expiring: 1 },
      tests: { attempts: 1, average_score: 100 },
      webcasts: { count: 1, subscribers: 1, participants: 1 },
      pending: { users: 1 },
      in_progress: { imports: 1, reports: 1 },
      trainings: { top: [{ id: w.trainings.tb, enrollments: 1, completed: 1, completion_rate: 100 }], bottom: [] },
    });
  });

  it('drills into the users holding a certificate that expires soon (the users list filter)', async () => {
    const list = await t.app.inject({ url: '/api/admin_users/users/?certificate_expires_within=30&page_size=0', headers: bearer(w.admin.tokens) });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().results.map((u: { id: number }) => u.id)).toEqual([w.expiringHolder]);
    const simple = await t.app.inject({
      url: `/api/admin_users/users/?range=${encodeURIComponent('[0,9]')}&filter=${encodeURIComponent(JSON.stringify({ certificate_expires_within: 60 }))}`,
      headers: bearer(w.admin.tokens),
    });
    expect(simple.statusCode, simple.body).toBe(200);
    // 60 days also reach u2's certificate expiring in 40
    expect(simple.json().map((u: { id: number }) => u.id).sort()).toEqual([w.users.u2, w.expiringHolder].sort());
    const bad = await t.app.inject({
      url: `/api/admin_users/users/?filter=${encodeURIComponent(JSON.stringify({ certificate_expires_within: 999 }))}`, headers: bearer(w.admin.tokens),
    });
    expect(bad.statusCode).toBe(400);
  });
});
