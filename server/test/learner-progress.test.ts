import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNER_PATHS, type LearnerTraining } from '@lp/shared/contract';
import type { ProgressChange } from '../src/plugins/app/learning.ts';
import { verifyGrant } from '../src/lib/signedMedia.ts';
import { DIALECTS, bearer, buildTestApp, type TestApp, type Tokens } from './helpers.ts';
import {
  MODULE_TYPE, finishEnrollment, makeLearner, makeModule, makeTest, makeTraining, readPdf, recordAttempt, setEnrollmentStatus, setHierarchy, type Learner,
} from './learnerContentFixtures.ts';
import { orgIds, postForm, setClientSettings, type OrgIds } from './trainingsFixtures.ts';
import { clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

const API = '/api';
type Event = Omit<ProgressChange, 'db'> & { inTransaction: boolean };

/** Issue 5 items 2 and 5: module progress, SCORM data, locks, reaction evaluation, comments and restart. */
describe.each(DIALECTS)('learner progress on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let org: OrgIds;
  let group: number;
  const events: Event[] = [];

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, (app) => {
      // a follower of progress, as completion / points / trails are (plugins/app/learning.ts)
      app.learning.onProgress(async ({ db, ...change }) => {
        events.push({ ...change, inTransaction: db.isTransaction });
      });
    });
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    org = await orgIds(t.app, c.demo);
    group = org.groups['Store leaders']!;
  });
  afterAll(async () => { await t.close(); });

  const newLearner = () => makeLearner(t.app, su, c.demo, { groups: [group] });
  const newTraining = (title: string) => makeTraining(t.app, { clientId: c.demo, title, groups: [group] });
  const report = (trainingId: number, moduleId: number, learner: Learner, body: object) =>
    t.app.inject({ method: 'POST', url: `${API}${LEARNER_PATHS.moduleProgress(trainingId, moduleId)}`, headers: bearer(learner.tokens), payload: body });
  const detail = async (trainingId: number, learner: Learner) => {
    const res = await t.app.inject({ url: `${API}${LEARNER_PATHS.training(trainingId)}`, headers: bearer(learner.tokens) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<LearnerTraining>();
  };
  const activity = (d: LearnerTraining, type: string, id: number) => d.activities.find((a) => a.type === type && a.id === id)!;
  const counters = (moduleId: number) => t.app.db.selectFrom('group_training_modules').select(['qty_views', 'qty_progress']).where('id', '=', moduleId).executeTakeFirstOrThrow();
  const enrollment = (learner: Learner, trainingId: number) => t.app.db.selectFrom('group_training_enrollments').selectAll()
    .where('user_id', '=', learner.id).where('group_training_id', '=', trainingId).executeTakeFirst();

  it('locks an activity until its prerequisite is done and its day has come, and everything while blocked (spec 2 §5.8, §4.8)', async () => {
    const training = await newTraining('Locks');
    const first = await makeModule(t.app, training, { title: 'First', type: MODULE_TYPE.pdf });
    const second = await makeModule(t.app, training, { title: 'Second', type: MODULE_TYPE.video });
    const later = await makeModule(t.app, training, { title: 'Later', type: MODULE_TYPE.pdf, avaliable_in: '2999-01-01' });
    const test = await makeTest(t.app, training);
    const hidden = await makeModule(t.app, training, { title: 'Hidden', type: MODULE_TYPE.pdf, status: 2 });
    const afterHidden = await makeModule(t.app, training, { title: 'After hidden', type: MODULE_TYPE.pdf });
    const now = new Date();
    const game = (await t.app.db.insertInto('group_training_games').values({
      group_training_id: training, title: 'Game', game_type_id: 1, status: 1, avaliable_in: null, score: 0, config: '{}', created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow()).id;
    const afterGame = await makeModule(t.app, training, { title: 'After game', type: MODULE_TYPE.pdf });
    await setHierarchy(t.app, training, [
      ['module', first, null], ['module', second, ['module', first]], ['module', later, null], ['test', test, ['module', second]],
      ['module', hidden, null], ['module', afterHidden, ['module', hidden]], ['game', game, null], ['module', afterGame, ['game', game]],
    ]);
    const learner = await newLearner();

    let d = await detail(training, learner);
    // the unpublished module is not the learner's; what it held back is free (spec 2 §4.6 published activities)
    expect(d.activities.map((a) => `${a.type}:${a.id}`)).toEqual([
      `module:${first}`, `module:${second}`, `module:${later}`, `test:${test}`, `module:${afterHidden}`, `game:${game}`, `module:${afterGame}`,
    ]);
    expect(d.activities.map((a) => a.order)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(activity(d, 'module', second)).toMatchObject({ available: false, lock_reason: 'prerequisite', prerequisite: { type: 'module', id: first, title: 'First' } });
    expect(activity(d, 'module', later)).toMatchObject({ available: false, lock_reason: 'not_yet_available', available_in: '2999-01-01' });
    expect(activity(d, 'test', test)).toMatchObject({ available: false, lock_reason: 'prerequisite' });
    expect(activity(d, 'module', afterHidden)).toMatchObject({ available: true, prerequisite: null });
    // a game is done only once won or skipped (spec 3 §4): until then it holds back what follows it
    expect(activity(d, 'game', game)).toMatchObject({ available: true, status: 'not_started', module: null, test: null });
    expect(activity(d, 'module', afterGame)).toMatchObject({ available: false, lock_reason: 'prerequisite', prerequisite: { type: 'game', id: game } });
    expect(d.qty_activities).toBe(7);

    const locked = await report(training, second, learner, { event: 'opened' });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().code).toBe('activity_locked_prerequisite');
    expect((await report(training, later, learner, { event: 'opened' })).json().code).toBe('activity_not_yet_available');
    expect((await report(training, hidden, learner, { event: 'opened' })).statusCode).toBe(404);
    expect((await report(training, 999999, learner, { event: 'opened' })).statusCode).toBe(404);
    expect(await enrollment(learner, training)).toBeUndefined();

    expect((await readPdf(t.app, learner.tokens, training, first)).json()).toMatchObject({ status: 'finished', percent: 100 });
    d = await detail(training, learner);
    expect(activity(d, 'module', second)).toMatchObject({ available: true, lock_reason: null });
    expect((await report(training, second, learner, { event: 'opened' })).statusCode).toBe(200);
    // one of seven: the unplayed game is not done
    expect(d.percent).toBe(Math.floor((1 * 100) / 7));

    await setEnrollmentStatus(t.app, learner.id, training, 'blocked');
    d = await detail(training, learner);
    expect(d.status).toBe('blocked');
    expect(d.activities.every((a) => a.lock_reason === 'blocked' && !a.available)).toBe(true);
    const blocked = await report(training, first, learner, { event: 'opened' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('training_blocked');
    const restart = await t.app.inject({ method: 'POST', url: `${API}${LEARNER_PATHS.restart(training)}`, headers: bearer(learner.tokens) });
    expect(restart.statusCode).toBe(403);
    expect(restart.json().code).toBe('training_blocked');
  });

  it('keeps SCORM 1.2 and 2004 data per learner to resume, and finishes the module as the package says', async () => {
    const training = await newTraining('SCORM');
    const now = new Date();
    const pkg = async (resource: string, version: string) => {
      await t.app.db.insertInto('media_objects').values({
        id: `scorm-${resource.split('/')[1]}-${dialect}`, client_id: c.demo, resource, source: `${resource}.zip`, kind: 'scorm_package', scorm_version: version,
        file_name: 'pkg.zip', extension: 'zip', size: 100, created_by: null, created_at: now,
      }).execute();
      return makeModule(t.app, training, { type: MODULE_TYPE.scorm, resource });
    };
    const v12 = await pkg(`packages/a${dialect}/index.html`, '1.2');
    const v2004 = await pkg(`packages/b${dialect}/story.html`, '2004');
    const video = await makeModule(t.app, training, { type: MODULE_TYPE.video });
    const learner = await newLearner();
    const scorm = (moduleId: number, method: 'GET' | 'PUT', cmi?: object) =>
      t.app.inject({ method, url: `${API}${LEARNER_PATHS.scorm(training, moduleId)}`, headers: bearer(learner.tokens), ...(cmi ? { payload: { cmi } } : {}) });

    const launch = (await scorm(v12, 'GET')).json();
    // a commit before the package's runtime started (the portal reports it opened) is refused
    const early = await scorm(v12, 'PUT', { cmi: { core: { lesson_status: 'passed' } } });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('module_not_opened');
    expect(await counters(v12)).toEqual({ qty_views: 0, qty_progress: 0 });
    expect((await report(training, v12, learner, { event: 'opened' })).statusCode).toBe(200);
    expect(launch).toEqual({ version: '1.2', launch_url: expect.stringMatching(/^http:\/\/localhost:\d+\/m\/[\w-]+\.[\w-]+\/index\.html$/), cmi: {} });
    // the launch is this learner's: its grant names them, the training, the module and the version
    const grant = verifyGrant(t.app.mediaSecret, new URL(launch.launch_url).pathname.split('/')[2]!);
    expect(grant).toMatchObject({ d: `packages/a${dialect}/`, o: 'http://localhost', s: { u: learner.id, t: training, m: v12, v: '1.2' } });
    const suspended = { cmi: { core: { lesson_status: 'incomplete', lesson_location: 'page-3', exit: 'suspend' }, suspend_data: 'state' } };
    expect((await scorm(v12, 'PUT', suspended)).json()).toMatchObject({ version: '1.2', cmi: suspended });
    expect((await scorm(v12, 'GET')).json().cmi).toEqual(suspended);
    let d = await detail(training, learner);
    expect(activity(d, 'module', v12)).toMatchObject({ status: 'ongoing', module: { kind: 'scorm', scorm_version: '1.2', percent: 0 } });
    // a player's report cannot finish a package: only its CMI does
    const claimed = await report(training, v12, learner, { event: 'completed', by: 'package' });
    expect(claimed.statusCode).toBe(422);
    expect(claimed.json().code).toBe('module_progress_not_consistent');
    await scorm(v12, 'PUT', { cmi: { core: { lesson_status: 'passed', lesson_location: 'end' } } });
    expect(activity(await detail(training, learner), 'module', v12)).toMatchObject({ status: 'finished', module: { percent: 100 } });
    // once finished it stays so, and the last data is what resumes
    await scorm(v12, 'PUT', { 'cmi.core.lesson_status': 'incomplete' });
    expect(activity(await detail(training, learner), 'module', v12).status).toBe('finished');
    expect((await scorm(v12, 'GET')).json().cmi).toEqual({ 'cmi.core.lesson_status': 'incomplete' });

    expect((await scorm(v2004, 'GET')).json()).toMatchObject({ version: '2004', cmi: {} });
    await report(training, v2004, learner, { event: 'opened' });
    await scorm(v2004, 'PUT', { 'cmi.completion_status': 'incomplete', 'cmi.progress_measure': '0.4', 'cmi.location': '7' });
    d = await detail(training, learner);
    expect(activity(d, 'module', v2004)).toMatchObject({ status: 'ongoing', module: { scorm_version: '2004', percent: 40 } });
    await scorm(v2004, 'PUT', { cmi: { completion_status: 'incomplete', success_status: 'passed' } });
    expect(activity(await detail(training, learner), 'module', v2004).status).toBe('finished');

    const big = await scorm(v2004, 'PUT', { cmi: { suspend_data: 'x'.repeat(300 * 1024) } });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('scorm_data_too_large');
    expect((await scorm(video, 'GET')).statusCode).toBe(404);
    expect(await counters(v12)).toEqual({ qty_views: 1, qty_progress: 1 });
  });

  it('takes the reaction evaluation once, and only after finishing (spec 2 §2.1, §3.5)', async () => {
    const training = await newTraining('Evaluation');
    await makeModule(t.app, training, { type: MODULE_TYPE.pdf });
    const now = new Date();
    const evaluation = (await t.app.db.insertInto('group_training_evaluations').values({ owner_id: training, title: 'Reação', status: 1, created_at: now, updated_at: now })
      .returning('id').executeTakeFirstOrThrow()).id;
    await t.app.db.insertInto('group_training_evaluations').values({ owner_id: training, title: 'Draft', status: 2, created_at: now, updated_at: now }).execute();
    const question = async (title: string, type: number, position: number) => (await t.app.db.insertInto('group_training_evaluation_questions')
      .values({ evaluation_id: evaluation, title, question_type_id: type, position, created_at: now }).returning('id').executeTakeFirstOrThrow()).id;
    const grade = await question('Nota', 1, 0);
    const stars = await question('Estrelas', 2, 1);
    const text = await question('Comentário', 3, 2);
    const learner = await newLearner();
    const answer = (body: object) => t.app.inject({ method: 'POST', url: `${API}${LEARNER_PATHS.evaluation(training)}`, headers: bearer(learner.tokens), payload: body });
    const full = { answers: [{ question_id: grade, grade: 9 }, { question_id: stars, stars: 4 }, { question_id: text, text: ' Muito bom ' }] };

    expect((await detail(training, learner)).evaluation).toBeNull();
    const early = await answer(full);
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('you_need_to_complete_all_activities');

    await finishEnrollment(t.app, learner.id, training);
    expect((await detail(training, learner)).evaluation).toEqual({
      id: evaluation, title: 'Reação', answered: false,
      questions: [{ id: grade, title: 'Nota', type: 'grade_0_10' }, { id: stars, title: 'Estrelas', type: 'stars' }, { id: text, title: 'Comentário', type: 'text' }],
    });

    const missing = await answer({ answers: [{ question_id: grade, grade: 9 }, { question_id: stars, stars: 4 }, { question_id: text, text: '  ' }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'make_sure_that_all_fields_are_filled_in', fields: { [`answers.${text}`]: 'make_sure_that_all_fields_are_filled_in' } });
    const wrongField = await answer({ answers: [{ question_id: grade, stars: 3 }, { question_id: stars, stars: 4 }, { question_id: text, text: 'ok' }] });
    expect(wrongField.json().fields).toEqual({ [`answers.${grade}`]: 'make_sure_that_all_fields_are_filled_in' });
    const unknown = await answer({ answers: [...full.answers, { question_id: 999999, grade: 1 }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('validation_error');
    expect((await answer({ answers: [{ question_id: grade, grade: 11 }] })).statusCode).toBe(400);

    const ok = await answer(full);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ id: evaluation, answered: true });
    const stored = await t.app.db.selectFrom('group_training_evaluation_answers').select(['question_id', 'grade', 'stars', 'text'])
      .where('user_id', '=', learner.id).orderBy('question_id').execute();
    expect(stored).toEqual([
      { question_id: grade, grade: 9, stars: null, text: null }, { question_id: stars, grade: null, stars: 4, text: null }, { question_id: text, grade: null, stars: null, text: 'Muito bom' },
    ]);
    const again = await answer(full);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('evaluation_already_answered');
    expect((await detail(training, learner)).evaluation!.answered).toBe(true);

    const plain = await newTraining('No evaluation');
    await finishEnrollment(t.app, learner.id, plain);
    expect((await t.app.inject({ method: 'POST', url: `${API}${LEARNER_PATHS.evaluation(plain)}`, headers: bearer(learner.tokens), payload: full })).statusCode).toBe(404);
  });

  it('comments once, after finishing, into the table moderators review (spec 2 §4.10, §2.7)', async () => {
    const training = await newTraining('Comments');
    await makeModule(t.app, training, { type: MODULE_TYPE.pdf });
    const one = await newLearner();
    const two = await newLearner();
    const comments = `${API}${LEARNER_PATHS.comments(training)}`;
    const send = (learner: Learner, body: object) => t.app.inject({ method: 'POST', url: comments, headers: bearer(learner.tokens), payload: body });
    const list = async (learner: Learner) => (await t.app.inject({ url: comments, headers: bearer(learner.tokens) })).json().results;

    const early = await send(one, { comment: 'Cedo demais' });
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('you_need_to_complete_all_activities');
    expect((await detail(training, one)).can_comment).toBe(false);

    await finishEnrollment(t.app, one.id, training);
    expect((await detail(training, one)).can_comment).toBe(true);
    expect((await send(one, { comment: '   ' })).statusCode).toBe(400);
    const first = await send(one, { comment: ' Ótimo curso ', stars: 5 });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ comment: 'Ótimo curso', stars: 5, mine: true });
    const again = await send(one, { comment: 'De novo' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('you_already_commented');
    expect((await detail(training, one)).can_comment).toBe(false);

    await finishEnrollment(t.app, two.id, training);
    const second = (await send(two, { comment: 'Gostei' })).json();
    expect((await list(two)).map((x: { id: number; mine: boolean }) => [x.id, x.mine])).toEqual([[second.id, true], [first.json().id, false]]);

    // the admin's moderation tab lists both; an unpublished one leaves the learners' list
    const admin = await t.app.inject({ url: `${API}/admin_group_trainings/group_trainings/${training}/comments/`, headers: bearer(su) });
    expect(admin.json().map((x: { id: number; status: number }) => [x.id, x.status])).toEqual([[second.id, 1], [first.json().id, 1]]);
    expect((await postForm(t.app, `${API}/admin_group_trainings/group_trainings/${training}/publish_comment/`, su, { id: String(first.json().id), status: '2' })).statusCode).toBe(200);
    expect((await list(one)).map((x: { id: number }) => x.id)).toEqual([second.id]);
    // once means once, whatever a moderator did since
    expect((await send(one, { comment: 'Outra vez' })).statusCode).toBe(409);

    await setClientSettings(t.app, c.demo, { use_comments_group_training: false });
    try {
      const three = await newLearner();
      await finishEnrollment(t.app, three.id, training);
      expect(await list(three)).toEqual([]);
      const off = await send(three, { comment: 'Sem comentários' });
      expect(off.statusCode).toBe(403);
      expect(off.json().code).toBe('comments_disabled');
      expect(await detail(training, three)).toMatchObject({ comments_enabled: false, can_comment: false });
    } finally {
      await setClientSettings(t.app, c.demo, { use_comments_group_training: true });
    }
  });

  it('restarts a training: progress, attempts and answers start over, certificates stay (spec 2 §2.1, §4.9)', async () => {
    const training = await newTraining('Restart');
    const pdf = await makeModule(t.app, training, { type: MODULE_TYPE.pdf });
    const test = await makeTest(t.app, training);
    const now = new Date();
    const evaluation = (await t.app.db.insertInto('group_training_evaluations').values({ owner_id: training, title: 'R', status: 1, created_at: now, updated_at: now })
      .returning('id').executeTakeFirstOrThrow()).id;
    const question = (await t.app.db.insertInto('group_training_evaluation_questions').values({ evaluation_id: evaluation, title: 'Nota', question_type_id: 1, position: 0, created_at: now })
      .returning('id').executeTakeFirstOrThrow()).id;
    const learner = await newLearner();
    const restart = () => t.app.inject({ method: 'POST', url: `${API}${LEARNER_PATHS.restart(training)}`, headers: bearer(learner.tokens) });

    // nothing to start over before anything was done
    const before = events.length;
    expect((await restart()).json()).toMatchObject({ status: 'not_started' });
    expect(await enrollment(learner, training)).toBeUndefined();
    expect(events.length).toBe(before);

    await readPdf(t.app, learner.tokens, training, pdf);
    const attempt = await recordAttempt(t.app, test, learner.id, true);
    await finishEnrollment(t.app, learner.id, training);
    await t.app.inject({ method: 'POST', url: `${API}${LEARNER_PATHS.evaluation(training)}`, headers: bearer(learner.tokens), payload: { answers: [{ question_id: question, grade: 8 }] } });
    const certificate = (await t.app.db.insertInto('certificates').values({
      client_id: c.demo, user_id: learner.id, content_type: 'training', content_id: training, code: `restart-${dialect}`, title: 'Restart', holder_name: 'L',
      workload: 1, percentage: 100, issued_at: now, expires_at: null, pdf_path: null, superseded_at: null,
    }).returning('id').executeTakeFirstOrThrow()).id;
    expect(await detail(training, learner)).toMatchObject({ status: 'finished', percent: 100 });

    const res = await restart();
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<LearnerTraining>();
    expect(d).toMatchObject({ status: 'ongoing', percent: 0, evaluation: null, completed_at: null, certificate: { id: certificate, status: 'valid' } });
    expect(activity(d, 'module', pdf).status).toBe('not_started');
    expect(activity(d, 'test', test)).toMatchObject({ status: 'not_started', test: { attempts_used: 0, passed: false, best_correct: null } });

    expect(await t.app.db.selectFrom('group_training_module_progress').select('id').where('user_id', '=', learner.id).execute()).toEqual([]);
    expect(await t.app.db.selectFrom('group_training_evaluation_answers').select('id').where('user_id', '=', learner.id).execute()).toEqual([]);
    // the attempt stays for the administrator's count of realizations (spec 2 §4.4), set aside for the learner
    expect(await t.app.db.selectFrom('group_training_test_results').select('status').where('id', '=', attempt).executeTakeFirst()).toEqual({ status: 'restarted' });
    expect(await enrollment(learner, training)).toMatchObject({ status: 'ongoing', restart_count: 1, completed_at: null });
    expect(await t.app.db.selectFrom('certificates').select('id').where('user_id', '=', learner.id).execute()).toEqual([{ id: certificate }]);
    expect(events.at(-1)).toEqual({ clientId: c.demo, userId: learner.id, trainingId: training, cause: 'restart', inTransaction: true });
  });
});
