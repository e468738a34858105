import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNER_PATHS, TRAINING_PATHS, type HomeDashboard } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import {
  API, audienceLearner, certificatesOf, finishAllModules, finishAttempt, finishModule, publishedTraining, restart,
} from './completionFixtures.ts';
import { orgIds, postForm, setClientSettings, type OrgIds } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser, userId, type Clients } from './userFixtures.ts';

/**
 * spec 2 §4.6 completion ("A closed training gives a certificate once all published activities
 * are done"; open trainings never certify; switching open → closed certifies those already
 * complete), the points it awards (once), and the learner's home: next steps, pending and
 * finished lists, my score and position, points statement, ranking (spec 1 §2.2).
 */
describe.each(DIALECTS)('learner completion, points and home on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let org: OrgIds;
  let learner: { id: number; tokens: Tokens };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    org = await orgIds(t.app, c.demo);
    learner = { id: await userId(t.app, DEMO.learner.email), tokens: await login(t.app, DEMO.learner.email, DEMO.learner.password) };
  });
  afterAll(async () => { await t.close(); });

  const enrollment = (userId: number, trainingId: number) => t.app.db.selectFrom('group_training_enrollments').selectAll()
    .where('user_id', '=', userId).where('group_training_id', '=', trainingId).executeTakeFirst();
  const points = (userId: number) => t.app.db.selectFrom('points_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const get = (url: string, tokens: Tokens) => t.app.inject({ url: `${API}${url}`, headers: bearer(tokens) });

  it('certifies a closed training once every published activity is done, and not before (spec 2 §4.6)', async () => {
    const training = await publishedTraining(t.app, su, org, { title: 'Vendas 1', modules: 2, tests: 1 });
    const hidden = (await t.app.db.insertInto('group_training_modules').values({
      group_training_id: training.id, title: 'Rascunho', module_type_id: 8, status: 2, avaliable_in: null, resource: 'https://www.youtube.com/watch?v=y',
      resource_size: null, resource_name: null, created_at: new Date(), updated_at: new Date(),
    }).returning('id').executeTakeFirstOrThrow()).id;
    expect(hidden).toBeGreaterThan(0);

    await finishModule(t.app, learner.tokens, training.id, training.modules[0]!);
    expect((await enrollment(learner.id, training.id))?.status).toBe('ongoing');
    await finishModule(t.app, learner.tokens, training.id, training.modules[1]!);
    // the test is not done yet: a failed attempt does not count
    await finishAttempt(t.app, c.demo, learner.id, training.id, training.tests[0]!, false);
    expect(await certificatesOf(t.app, learner.id, 'training', training.id)).toHaveLength(0);
    expect((await enrollment(learner.id, training.id))?.completed_at).toBeNull();

    // an unpublished module does not hold the learner back
    await finishAttempt(t.app, c.demo, learner.id, training.id, training.tests[0]!, true);
    const done = await enrollment(learner.id, training.id);
    expect(done?.status).toBe('finished');
    expect(done?.completed_at).not.toBeNull();
    const certs = await certificatesOf(t.app, learner.id, 'training', training.id);
    expect(certs).toHaveLength(1);
    expect(certs[0]).toMatchObject({ client_id: c.demo, title: 'Vendas 1', holder_name: DEMO.learner.full_name, superseded_at: null });
    expect(Number(certs[0]!.workload)).toBe(2.5);

    // the admin sees that learners did activities (has_done_activities reads real progress)
    const admin = await get(TRAINING_PATHS.item(training.id), su);
    expect(admin.json().has_done_activities).toBe(true);

    // another event changes nothing: one certificate per completion
    await t.app.db.transaction().execute((trx) => t.app.learning.progressChanged({ db: trx, clientId: c.demo, userId: learner.id, trainingId: training.id, cause: 'module' }));
    expect(await certificatesOf(t.app, learner.id, 'training', training.id)).toHaveLength(1);
  });

  it('awards the training score once, when the client and the training type use it', async () => {
    const training = await publishedTraining(t.app, su, org, { title: 'Pontos', body: { score: 75 } });
    const before = (await points(learner.id)).length;
    await finishAllModules(t.app, learner.tokens, training);
    const ledger = (await points(learner.id)).filter((p) => p.content_id === training.id && p.content_type === 'training');
    expect(ledger).toMatchObject([{ points: 75, reason: 'training_completed', client_id: c.demo }]);
    // a retake completes again: a new certificate, the same points
    await restart(t.app, learner.tokens, training.id);
    expect((await enrollment(learner.id, training.id))?.status).not.toBe('finished');
    await finishAllModules(t.app, learner.tokens, training);
    expect((await points(learner.id)).length).toBe(before + 1);
    expect(await certificatesOf(t.app, learner.id, 'training', training.id)).toHaveLength(2);

    // type 5 (informative) has no score: nothing is awarded
    const informative = await publishedTraining(t.app, su, org, { title: 'Informativo', body: { group_training_type: 5, score: 0 } });
    await finishAllModules(t.app, learner.tokens, informative);
    expect((await points(learner.id)).some((p) => p.content_id === informative.id)).toBe(false);
    expect(await certificatesOf(t.app, learner.id, 'training', informative.id)).toHaveLength(1);
  });

  it('never certifies an open training; closing it certifies those already complete, not the others (spec 2 §4.6)', async () => {
    const training = await publishedTraining(t.app, su, org, { title: 'Em andamento', open: true, modules: 2, body: { score: 30 } });
    const other = await audienceLearner(t.app, su, c.demo, org);
    await finishAllModules(t.app, learner.tokens, training);
    await finishModule(t.app, other.tokens, training.id, training.modules[0]!);
    expect((await enrollment(learner.id, training.id))?.status).toBe('finished');
    expect(await certificatesOf(t.app, learner.id, 'training', training.id)).toHaveLength(0);
    expect((await points(learner.id)).some((p) => p.content_id === training.id)).toBe(false);

    const closed = await postForm(t.app, `${API}${TRAINING_PATHS.changeIsOpen(training.id)}`, su, { is_open: 'false' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ is_open: false, has_done_activities: true });
    await t.app.jobs.idle();
    expect(await certificatesOf(t.app, learner.id, 'training', training.id)).toHaveLength(1);
    expect(await certificatesOf(t.app, other.id, 'training', training.id)).toHaveLength(0);
    expect((await points(learner.id)).filter((p) => p.content_id === training.id)).toMatchObject([{ points: 30 }]);

    // the other learner finishes later: the closed training certifies on the spot
    await finishModule(t.app, other.tokens, training.id, training.modules[1]!);
    expect(await certificatesOf(t.app, other.id, 'training', training.id)).toHaveLength(1);
    // and the closed training with done activities cannot be reopened
    expect((await postForm(t.app, `${API}${TRAINING_PATHS.changeIsOpen(training.id)}`, su, { is_open: 'true' })).statusCode).toBe(409);
  });

  it('closing a training with hundreds of learners certifies the complete ones in background batches', async () => {
    const training = await publishedTraining(t.app, su, org, { title: 'Muitos', open: true });
    const learners: number[] = [];
    const now = new Date();
    for (let i = 0; i < 250; i += 1) {
      const user = await t.app.db.insertInto('users').values({
        email: `massa${i}-${dialect}@example.com`, full_name: `Aprendiz ${i}`, password_hash: 'x', is_superuser: false, status: 'active',
        language_id: 1, selected_client_id: c.demo, must_change_password: false, created_at: now, updated_at: now,
      } as never).returning('id').executeTakeFirstOrThrow();
      learners.push(user.id);
    }
    await t.app.db.insertInto('user_clients').values(learners.map((id) => ({ user_id: id, client_id: c.demo, profile_id: null }))).execute();
    await t.app.db.insertInto('group_training_module_progress').values(learners.map((id, i) => ({
      user_id: id, module_id: training.modules[0]!, group_training_id: training.id, status: i % 2 === 0 ? 'finished' as const : 'ongoing' as const,
      percent: i % 2 === 0 ? 100 : 10, cmi: null, finished_at: i % 2 === 0 ? now : null,
    }))).execute();
    await t.app.db.insertInto('group_training_enrollments').values(learners.map((id) => ({
      user_id: id, group_training_id: training.id, status: 'ongoing' as const, started_at: now, last_activity_at: now,
    }))).execute();

    const closed = await postForm(t.app, `${API}${TRAINING_PATHS.changeIsOpen(training.id)}`, su, { is_open: 'false' });
    expect(closed.statusCode).toBe(200);
    await t.app.jobs.idle(60_000);
    const certified = await t.app.db.selectFrom('certificates').select('user_id')
      .where('content_type', '=', 'training').where('content_id', '=', training.id).execute();
    expect(certified.map((r) => r.user_id).sort((a, b) => a - b)).toEqual(learners.filter((_, i) => i % 2 === 0));
  }, 120_000);

  it('builds the home: next steps, pending and finished trainings, my score and statistics (spec 1 §2.2)', async () => {
    const fresh = await audienceLearner(t.app, su, c.demo, org);
    const started = await publishedTraining(t.app, su, org, { title: 'Começado', modules: 2 });
    const finished = await publishedTraining(t.app, su, org, { title: 'Terminado', body: { score: 50, workload: 3 } });
    await finishModule(t.app, fresh.tokens, started.id, started.modules[0]!);
    await finishAllModules(t.app, fresh.tokens, finished);
    const untouched = await publishedTraining(t.app, su, org, { title: 'Não começado' });

    const res = await get(LEARNER_PATHS.home, fresh.tokens);
    expect(res.statusCode, res.body).toBe(200);
    const home = res.json<Required<HomeDashboard>>();
    // started first, then the assigned trainings not started yet; never a finished one
    expect(home.pending_trainings[0]).toMatchObject({ id: started.id, status: 'ongoing', percent: 50 });
    expect(home.pending_trainings.find((x) => x.id === untouched.id)).toMatchObject({ status: 'not_started', is_mandatory: false });
    expect(home.pending_trainings.map((x) => x.id)).not.toContain(finished.id);
    expect(home.finished_trainings.map((x) => x.id)).toEqual([finished.id]);
    expect(home.finished_trainings[0]).toMatchObject({ status: 'finished', percent: 100, certificate: { status: 'valid' } });
    // started first, then what was not started yet (never what is finished)
    expect(home.next_steps[0]!.id).toBe(started.id);
    expect(home.next_steps.map((x) => x.id)).not.toContain(finished.id);
    expect(home.my_score.points).toBe(50);
    expect(home.my_score.position).toBeGreaterThanOrEqual(1);
    expect(home.statistics).toEqual({ trainings_finished: 1, trainings_ongoing: 1, certificates: 1, hours: 3 });

    const statement = (await get(`${LEARNER_PATHS.pointsStatement}?page=1&page_size=5`, fresh.tokens)).json();
    expect(statement).toMatchObject({ count: 1, total: 50, results: [{ points: 50, reason: 'training_completed', title: 'Terminado' }] });
  });

  it('ranks the client by points, top 10 and the user’s own position; another client sees none of it', async () => {
    // the other client: nobody there has points yet, so the positions are all this case's
    const client = c.other;
    const otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    const members: Array<{ id: number; tokens: Tokens }> = [];
    for (let i = 0; i < 12; i += 1) {
      const user = await adminWith(t.app, otherAdmin, client, []);
      members.push(user);
    }
    // points 10, 20, … 120; members 4 and 5 tie at 50
    const award = (userId: number, value: number, contentId: number) => t.app.db.insertInto('points_ledger')
      .values({ client_id: client, user_id: userId, points: value, reason: 'training_completed', content_type: 'training', content_id: contentId }).execute();
    for (const [i, m] of members.entries()) await award(m.id, (i + 1) * 10, 900000 + i);
    await award(members[3]!.id, 10, 910000);
    // the demo client's ledger of these users does not count here
    await t.app.db.insertInto('points_ledger').values({ client_id: c.demo, user_id: members[0]!.id, points: 9999, reason: 'training_completed', content_type: 'training', content_id: 1 }).execute();

    const me = members[0]!;
    const ranking = (await get(LEARNER_PATHS.ranking, me.tokens)).json();
    expect(ranking.results).toHaveLength(10);
    expect(ranking.results.map((r: { points: number }) => r.points)).toEqual([120, 110, 100, 90, 80, 70, 60, 50, 50, 30]);
    expect(ranking.results.map((r: { position: number }) => r.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 8, 10]);
    expect(ranking.results.some((r: { me: boolean }) => r.me)).toBe(false);
    expect(ranking.me).toMatchObject({ user_id: me.id, points: 10, position: 12, me: true });
    const top = (await get(LEARNER_PATHS.ranking, members[11]!.tokens)).json();
    expect(top.me).toMatchObject({ position: 1, points: 120, me: true });
    expect(top.results[0]).toMatchObject({ user_id: members[11]!.id, me: true });
    expect((await get(LEARNER_PATHS.home, me.tokens)).json().my_score).toEqual({ points: 10, position: 12 });

    // the demo learner's ranking holds nobody of that client
    const demo = (await get(LEARNER_PATHS.ranking, learner.tokens)).json();
    expect(demo.results.map((r: { user_id: number }) => r.user_id)).not.toContain(members[11]!.id);
  });

  it('uses no certificate expiry when the client does not use it', async () => {
    await setClientSettings(t.app, c.demo, { use_group_trainings_certificate_expiration: false });
    try {
      const training = await publishedTraining(t.app, su, org, { title: 'Sem validade', body: { qty_certificate_expiration_days: 30 } });
      await finishAllModules(t.app, learner.tokens, training);
      expect((await certificatesOf(t.app, learner.id, 'training', training.id))[0]?.expires_at).toBeNull();
    } finally {
      await setClientSettings(t.app, c.demo, { use_group_trainings_certificate_expiration: true });
    }
  });
});
