import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LEARNER_PATHS, type LearnerTraining } from '@lp/shared/contract';
import { MIN_VIEW_SECONDS } from '@lp/shared/rules';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import {
  MODULE_TYPE, makeLearner, makeModule, makeTraining, openedEarlier, readPdf, reportProgress, type Learner,
} from './learnerContentFixtures.ts';
import { orgIds } from './trainingsFixtures.ts';
import { clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

const API = '/api';

/** An MP4 whose movie header says it lasts `seconds` (the server reads the duration from it, never from the player). */
function mp4Lasting(seconds: number): Buffer {
  const box = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(8 + body.length, 0);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, body]);
  };
  const mvhd = Buffer.alloc(96);
  mvhd.writeUInt32BE(1000, 12);
  mvhd.writeUInt32BE(seconds * 1000, 16);
  return Buffer.concat([box('ftyp', Buffer.from('isom\0\0\0\0isom')), box('moov', box('mvhd', mvhd)), box('mdat', Buffer.alloc(64))]);
}

/**
 * Issue 24 item 3, honest completion (shared/src/learning/completion.ts; docs/api.md): each kind of
 * module completes by its own rule, judged on the server's clock, and a crafted request cannot
 * complete a module it never opened, nor faster than it could have been played. The clock is the
 * test's where time matters: Date alone is faked (vi.setSystemTime) and the server reads it.
 */
describe.each(DIALECTS)('honest module completion on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let group: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    group = (await orgIds(t.app, c.demo)).groups['Store leaders']!;
  });
  afterEach(() => { vi.useRealTimers(); });
  afterAll(async () => { await t.close(); });

  const newLearner = () => makeLearner(t.app, su, c.demo, { groups: [group] });
  const newTraining = (title: string) => makeTraining(t.app, { clientId: c.demo, title, groups: [group] });
  const report = (trainingId: number, moduleId: number, learner: Learner, body: object) => reportProgress(t.app, learner.tokens, trainingId, moduleId, body);
  const detail = async (trainingId: number, learner: Learner) => {
    const res = await t.app.inject({ url: `${API}${LEARNER_PATHS.training(trainingId)}`, headers: bearer(learner.tokens) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<LearnerTraining>();
  };
  const statusOf = async (trainingId: number, moduleId: number, learner: Learner) =>
    (await detail(trainingId, learner)).activities.find((a) => a.type === 'module' && a.id === moduleId)!;
  const counters = (moduleId: number) => t.app.db.selectFrom('group_training_modules').select(['qty_views', 'qty_progress']).where('id', '=', moduleId).executeTakeFirstOrThrow();
  const refusedWith = (res: { statusCode: number; json(): { code: string } }, status: number, code: string) => {
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
  };
  /** A stored video of `seconds`, as an upload leaves it: the file in the media store and its media_objects row (of `clientId`). */
  async function storedVideo(training: number, seconds: number, clientId = c.demo): Promise<string> {
    const resource = `trainings/${training}/modules/v${seconds}-${dialect}/aula.mp4`;
    const file = path.join(t.config.dataDir, 'media', resource);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, mp4Lasting(seconds));
    await t.app.db.insertInto('media_objects').values({
      id: `v${training}-${seconds}-${dialect}`, client_id: clientId, resource, source: resource, kind: 'file', scorm_version: null,
      file_name: 'aula.mp4', extension: 'mp4', size: 100, created_by: null, created_at: new Date(),
    }).execute();
    return resource;
  }

  it('refuses a crafted completion of a module never opened, and writes nothing', async () => {
    const training = await newTraining('Nunca aberto');
    const video = await makeModule(t.app, training, { type: MODULE_TYPE.video, resource: await storedVideo(training, 600) });
    const pdf = await makeModule(t.app, training, { type: MODULE_TYPE.pdf });
    const html = await makeModule(t.app, training, { type: MODULE_TYPE.html });
    const learner = await newLearner();

    refusedWith(await report(training, video, learner, { event: 'played', played: [[0, 600]], duration: 600, position_seconds: 600 }), 409, 'module_not_opened');
    refusedWith(await report(training, pdf, learner, { event: 'page', page: 1, pages: 1 }), 409, 'module_not_opened');
    refusedWith(await report(training, html, learner, { event: 'completed', by: 'package' }), 409, 'module_not_opened');
    // the old "opened = done" is no report at all
    expect((await report(training, pdf, learner, { finished: true })).statusCode).toBe(400);
    expect(await t.app.db.selectFrom('group_training_module_progress').select('id').where('user_id', '=', learner.id).execute()).toEqual([]);
    expect(await t.app.db.selectFrom('group_training_enrollments').select('id').where('user_id', '=', learner.id).execute()).toEqual([]);
    expect(await counters(video)).toEqual({ qty_views: 0, qty_progress: 0 });
    expect((await detail(training, learner)).status).toBe('not_started');
  });

  it('finishes a video at 90 % of its stored duration played in real time; seeking ahead and a false duration count for nothing', async () => {
    const training = await newTraining('Vídeo honesto');
    const video = await makeModule(t.app, training, { type: MODULE_TYPE.video, resource: await storedVideo(training, 600) });
    await makeModule(t.app, training, { type: MODULE_TYPE.pdf });
    const learner = await newLearner();
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const clockAt = (seconds: number) => vi.setSystemTime(new Date(start + seconds * 1000));

    clockAt(0);
    expect((await report(training, video, learner, { event: 'opened' })).json()).toEqual({ status: 'ongoing', percent: 0, position_seconds: 0, training_status: 'ongoing' });
    expect(await counters(video)).toEqual({ qty_views: 1, qty_progress: 0 });
    // 10 s after opening, 540 s "watched": no player plays that fast
    clockAt(10);
    refusedWith(await report(training, video, learner, { event: 'played', played: [[0, 540]], duration: 600, position_seconds: 540 }), 422, 'module_progress_not_consistent');

    // one minute played, then a seek to the end: only the minute and what is played after the seek count
    clockAt(60);
    expect((await report(training, video, learner, { event: 'played', played: [[0, 60]], duration: 600, position_seconds: 60 })).json())
      .toMatchObject({ status: 'ongoing', percent: 10, position_seconds: 60 });
    expect(await counters(video)).toEqual({ qty_views: 1, qty_progress: 1 });
    clockAt(75);
    expect((await report(training, video, learner, { event: 'played', played: [[0, 60], [585, 600]], duration: 600, position_seconds: 600 })).json())
      .toMatchObject({ status: 'ongoing', percent: 12 });
    // a player lying about the duration changes nothing: the share is of the file's 600 s
    clockAt(80);
    expect((await report(training, video, learner, { event: 'played', played: [[60, 65]], duration: 65, position_seconds: 65 })).json())
      .toMatchObject({ status: 'ongoing', percent: 13 });

    // played on to 90 %, in the time it takes
    clockAt(600);
    const watched = await report(training, video, learner, { event: 'played', played: [[65, 540]], duration: 600, position_seconds: 540 });
    expect(watched.json()).toMatchObject({ status: 'finished', percent: 100, position_seconds: 540 });
    const row = await t.app.db.selectFrom('group_training_module_progress').select(['played', 'media_duration', 'opened_at'])
      .where('user_id', '=', learner.id).where('module_id', '=', video).executeTakeFirstOrThrow();
    expect(row).toEqual({ played: [[0, 540], [585, 600]], media_duration: 600, opened_at: new Date(start).toISOString() });
    expect(await t.app.db.selectFrom('media_objects').select('duration').where('resource', '=', `trainings/${training}/modules/v600-${dialect}/aula.mp4`).executeTakeFirst())
      .toEqual({ duration: 600 });
    expect(await statusOf(training, video, learner)).toMatchObject({ status: 'finished', module: { percent: 100 } });
    expect((await detail(training, learner)).percent).toBe(50);
  });

  it('judges simultaneous reports one after the other: the play clock allows no more than the whole session could play', async () => {
    const training = await newTraining('Relatórios simultâneos');
    const audio = await makeModule(t.app, training, { type: MODULE_TYPE.audio, resource: await storedVideo(training, 900) });
    const learner = await newLearner();
    // the server's clock stands still: however slow the machine, no time passes to play in
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date());
    expect((await report(training, audio, learner, { event: 'opened' })).statusCode).toBe(200);
    // twelve distinct 2 s stretches at once, right after opening: 1 s of clock each at 2×, 5 s of leeway
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) =>
      report(training, audio, learner, { event: 'played', played: [[i * 10, i * 10 + 2]], duration: 900, position_seconds: i * 10 + 2 })));
    const accepted = answers.filter((a) => a.statusCode === 200).length;
    expect(answers.every((a) => a.statusCode === 200 || a.json().code === 'module_progress_not_consistent')).toBe(true);
    expect(accepted).toBe(5);
    const row = await t.app.db.selectFrom('group_training_module_progress').select('played').where('user_id', '=', learner.id).where('module_id', '=', audio).executeTakeFirstOrThrow();
    expect(row.played!.length).toBe(accepted);
  });

  it('finishes a PDF on its last page, and not by saying so', async () => {
    const training = await newTraining('PDF até o fim');
    const pdf = await makeModule(t.app, training, { type: MODULE_TYPE.pdf });
    const learner = await newLearner();
    expect((await report(training, pdf, learner, { event: 'opened' })).statusCode).toBe(200);
    refusedWith(await report(training, pdf, learner, { event: 'completed', by: 'time' }), 422, 'module_progress_not_consistent');
    expect((await report(training, pdf, learner, { event: 'page', page: 2, pages: 4 })).json()).toMatchObject({ status: 'ongoing', percent: 50 });
    // the page count is the document's: another one is not this PDF
    refusedWith(await report(training, pdf, learner, { event: 'page', page: 1, pages: 1 }), 422, 'module_progress_not_consistent');
    expect((await statusOf(training, pdf, learner))).toMatchObject({ status: 'ongoing', module: { percent: 50 } });
    expect((await report(training, pdf, learner, { event: 'page', page: 4, pages: 4 })).json()).toMatchObject({ status: 'finished', percent: 100, training_status: 'finished' });
  });

  it('finishes an HTML package when it says so, or after the minimum time since it was shown; an embed by that time', async () => {
    const training = await newTraining('Pacotes e incorporados');
    const told = await makeModule(t.app, training, { type: MODULE_TYPE.html });
    const silent = await makeModule(t.app, training, { type: MODULE_TYPE.html });
    const slides = await makeModule(t.app, training, { type: MODULE_TYPE.slideshare, resource: 'https://www.slideshare.net/slideshow/embed_code/key/abc' });
    const learner = await newLearner();

    await report(training, told, learner, { event: 'opened' });
    expect((await report(training, told, learner, { event: 'completed', by: 'package' })).json()).toMatchObject({ status: 'finished' });

    // the HTML module whose frame never loaded is never reported opened: it stays not started
    expect(await statusOf(training, silent, learner)).toMatchObject({ status: 'not_started' });
    await report(training, silent, learner, { event: 'opened' });
    refusedWith(await report(training, silent, learner, { event: 'completed', by: 'time' }), 422, 'module_progress_not_consistent');
    expect(await statusOf(training, silent, learner)).toMatchObject({ status: 'ongoing' });
    await openedEarlier(t.app, silent, MIN_VIEW_SECONDS, learner.id);
    expect((await report(training, silent, learner, { event: 'completed', by: 'time' })).json()).toMatchObject({ status: 'finished' });

    await report(training, slides, learner, { event: 'opened' });
    refusedWith(await report(training, slides, learner, { event: 'completed', by: 'package' }), 422, 'module_progress_not_consistent');
    await openedEarlier(t.app, slides, MIN_VIEW_SECONDS, learner.id);
    expect((await report(training, slides, learner, { event: 'completed', by: 'time' })).json()).toMatchObject({ status: 'finished', training_status: 'finished' });
  });

  it("keeps each client's learners and files apart", async () => {
    const training = await newTraining('Fronteira');
    const resource = await storedVideo(training, 300);
    const video = await makeModule(t.app, training, { type: MODULE_TYPE.video, resource });
    const otherTraining = await newTraining('Outro treinamento');
    const otherPdf = await makeModule(t.app, otherTraining, { type: MODULE_TYPE.pdf });
    // another client's learner, even placed in this training's group (users of that client are made by its own manager)
    const outsider = await makeLearner(t.app, await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password), c.other, { groups: [group] });
    const learner = await newLearner();

    // another client's learner cannot open nor report on this training
    expect((await report(training, video, outsider, { event: 'opened' })).statusCode).toBe(404);
    // a module of another training is not this training's
    expect((await report(training, otherPdf, learner, { event: 'opened' })).statusCode).toBe(404);
    expect((await readPdf(t.app, learner.tokens, otherTraining, otherPdf)).json()).toMatchObject({ status: 'finished' });
    expect(await statusOf(training, video, learner)).toMatchObject({ status: 'not_started' });
    expect(await counters(video)).toEqual({ qty_views: 0, qty_progress: 0 });

    // the duration is read from this client's own file record only: another client's row for the path is not it
    await t.app.db.updateTable('media_objects').set({ client_id: c.other }).where('resource', '=', resource).execute();
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    await report(training, video, learner, { event: 'opened' });
    vi.setSystemTime(new Date(start + 10_000));
    // the player's 20 s is then the duration (as for an embed): 10 s played is half of it
    expect((await report(training, video, learner, { event: 'played', played: [[0, 10]], duration: 20, position_seconds: 10 })).json()).toMatchObject({ percent: 50 });
  });
});
