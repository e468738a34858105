import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BADGE_PATHS, CALENDAR_PATHS, CONFIGURATION_PATH, FEED_PATHS, LEARNER_PATHS, LEGAL_TEXT_PATHS, WILDCARD_PATHS, type Badge, type FeedPage,
  type LearnerBadges,
} from '@lp/shared/contract';
import { DEFAULT_BADGES } from '@lp/shared/rules';
import { DEMO } from '../src/seed/demo.ts';
import { addComment } from '../src/content/repository/comments.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { API, audienceLearner, finishAllModules, publishedTraining } from './completionFixtures.ts';
import { orgIds, type OrgIds } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser, userId, type Clients } from './userFixtures.ts';

/**
 * Badges (spec 3 §1–§3 badges, superuser only per spec 1 §6.1 / spec 3 §6) and
 * the feed / timeline (spec 1 §2.2, §9 "Feed event kinds").
 */
describe.each(DIALECTS)('badges and feed on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let org: OrgIds;
  let learner: Tokens;
  let instructor: Tokens;
  let otherAdmin: Tokens;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    org = await orgIds(t.app, c.demo);
    learner = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    instructor = await login(t.app, DEMO.instructor.email, DEMO.instructor.password);
    otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, tokens?: Tokens, payload?: unknown) =>
    t.app.inject({ method, url: `${API}${url}`, headers: tokens ? bearer(tokens) : {}, ...(payload === undefined ? {} : { payload: payload as object }) });
  const badges = async (tokens = su) => (await call('GET', `${BADGE_PATHS.collection}?page_size=0`, tokens)).json<{ results: Badge[] }>().results;
  const feedOf = async (tokens: Tokens, query = '') => (await call('GET', `${FEED_PATHS.feed}?page_size=50${query}`, tokens)).json<FeedPage>();
  const awards = (badgeId: number, user: number) => t.app.db.selectFrom('user_badges').selectAll().where('badge_id', '=', badgeId).where('user_id', '=', user).execute();

  it('keeps the superuser-only screens from everyone else, whatever module items they hold (spec 1 §6.1)', async () => {
    const superuserOnly = [
      BADGE_PATHS.collection, WILDCARD_PATHS.collection, CONFIGURATION_PATH,
      LEGAL_TEXT_PATHS.admin('terms'), LEGAL_TEXT_PATHS.admin('about'), LEGAL_TEXT_PATHS.admin('policy'), LEGAL_TEXT_PATHS.admin('cookies_policy'),
    ];
    for (const url of superuserOnly) {
      expect((await call('GET', url)).statusCode, url).toBe(401);
      for (const who of [learner, instructor, otherAdmin]) {
        const res = await call('GET', url, who);
        expect(res.statusCode, url).toBe(403);
        expect(res.json().code, url).toBe('superuser_only');
      }
      expect((await call('GET', url, su)).statusCode, url).toBe(200);
    }
    // writes are refused before their body is read
    const refused = await call('POST', BADGE_PATHS.collection, otherAdmin, { title: 'x', status: 1 });
    expect(refused.json().code).toBe('superuser_only');
    // the schedule is a module item (spec 3 §2 schedule): granted, it opens; without it, refused
    const range = '?start=2026-11-01&end=2026-11-30';
    expect((await call('GET', `${CALENDAR_PATHS.admin}${range}`, instructor)).json().code).toBe('permission_denied');
    const scheduler = await adminWith(t.app, su, c.demo, ['schedule']);
    expect((await call('GET', `${CALENDAR_PATHS.admin}${range}`, scheduler.tokens)).statusCode).toBe(200);
  });

  it('seeds the default badges per client, restores missing ones and never deletes them', async () => {
    const list = await badges();
    const defaults = list.filter((b) => b.badge_type === 'default');
    expect(defaults.map((b) => b.default_key)).toEqual(DEFAULT_BADGES.map((d) => d.key));
    expect(defaults[0]).toMatchObject({ title: 'Primeiro treinamento', rule_metric: 'trainings_completed', rule_threshold: 1, status: 1 });
    expect((await call('POST', BADGE_PATHS.restoreDefaults, su)).json()).toEqual({ created: 0 });

    const first = defaults[0]!;
    const del = await call('DELETE', BADGE_PATHS.item(first.id), su);
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('default_badge_cannot_be_deleted');
    // a default badge keeps its rule: only its texts, image and status change
    const put = await call('PUT', BADGE_PATHS.item(first.id), su, { title: 'Estreia', status: 1, rule_metric: 'certificates', rule_threshold: 50 });
    expect(put.json()).toMatchObject({ title: 'Estreia', rule_metric: 'trainings_completed', rule_threshold: 1, badge_type: 'default' });

    await t.app.db.deleteFrom('badges').where('id', '=', defaults[5]!.id).execute();
    expect((await call('POST', BADGE_PATHS.restoreDefaults, su)).json()).toEqual({ created: 1 });
    // the other client's badges are its own
    const other = await t.app.db.selectFrom('badges').select('id').where('client_id', '=', c.other).execute();
    expect((await call('GET', BADGE_PATHS.item(other[0]!.id), su)).statusCode).toBe(404);
  });

  it('validates the badge form with the shared rules (spec 3 §8 badge add/update errors)', async () => {
    const empty = await call('POST', BADGE_PATHS.collection, su, { title: '  ', status: 1 });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'make_sure_that_all_fields_are_filled_in', fields: { title: 'make_sure_that_all_fields_are_filled_in' } });
    const threshold = await call('POST', BADGE_PATHS.collection, su, { title: 'Meta', status: 1, rule_metric: 'certificates', rule_threshold: 0 });
    expect(threshold.json()).toMatchObject({ code: 'badge_threshold_invalid', fields: { rule_threshold: 'badge_threshold_invalid' } });
    const image = await call('POST', BADGE_PATHS.collection, su, { title: 'Meta', status: 1, image_url: 'javascript:alert(1)' });
    expect(image.json().fields).toEqual({ image_url: 'validation_error' });
  });

  it('awards a rule badge once, from the learner’s progress, and tells the feed (spec 1 §9)', async () => {
    const someone = await audienceLearner(t.app, su, c.demo, org);
    const firstTraining = (await badges()).find((b) => b.default_key === 'first_training')!;
    const training = await publishedTraining(t.app, su, org, { title: 'Boas-vindas', modules: 1 });
    await finishAllModules(t.app, someone.tokens, training);
    expect(await awards(firstTraining.id, someone.id)).toHaveLength(1);
    // more events on the finished training award nothing more
    for (let i = 0; i < 2; i += 1) {
      await t.app.db.transaction().execute((trx) => t.app.learning.progressChanged({ db: trx, clientId: c.demo, userId: someone.id, trainingId: training.id, cause: 'module' }));
    }
    expect(await awards(firstTraining.id, someone.id)).toHaveLength(1);

    const mine = await feedOf(someone.tokens, '&scope=mine');
    const kinds = mine.results.map((e) => `${e.kind}:${e.content_type}:${e.title}`);
    expect(kinds).toContain('certified:training:Boas-vindas');
    expect(kinds.filter((k) => k.startsWith('badge_earned:badge:'))).toHaveLength(1);
    expect(mine.results.every((e) => e.mine && e.user.id === someone.id)).toBe(true);

    const profile = (await call('GET', BADGE_PATHS.learner, someone.tokens)).json<LearnerBadges>();
    expect(profile.earned.map((b) => b.id)).toContain(firstTraining.id);
    const five = profile.to_earn.find((b) => b.title === 'Cinco treinamentos')!;
    expect(five.progress).toEqual({ metric: 'trainings_completed', current: 1, target: 5, percent: 20 });
  });

  it('judges existing learners when a rule badge is created, in the background', async () => {
    const someone = await audienceLearner(t.app, su, c.demo, org);
    const training = await publishedTraining(t.app, su, org, { title: 'Segurança', modules: 1 });
    await finishAllModules(t.app, someone.tokens, training);
    const created = await call('POST', BADGE_PATHS.collection, su, { title: 'Certificado de ouro', status: 1, rule_metric: 'certificates', rule_threshold: 1 });
    expect(created.statusCode).toBe(201);
    await t.app.jobs.idle();
    expect(await awards(created.json().id, someone.id)).toHaveLength(1);
    // an inactive rule badge is never awarded
    const off = await call('POST', BADGE_PATHS.collection, su, { title: 'Desligado', status: 2, rule_metric: 'certificates', rule_threshold: 1 });
    await t.app.jobs.idle();
    await t.app.db.transaction().execute((trx) => t.app.learning.progressChanged({ db: trx, clientId: c.demo, userId: someone.id, trainingId: training.id, cause: 'module' }));
    expect(await awards(off.json().id, someone.id)).toHaveLength(0);
  });

  it('awards by hand to the client’s users only, and takes back only manual awards', async () => {
    const learnerId = await userId(t.app, DEMO.learner.email);
    const otherId = await userId(t.app, DEMO.otherAdmin.email);
    const badge = (await call('POST', BADGE_PATHS.collection, su, { title: 'Destaque do mês', status: 1 })).json<Badge>();
    expect(badge).toMatchObject({ badge_type: 'custom', rule_metric: null, awarded_count: 0 });
    expect((await call('POST', BADGE_PATHS.awards(badge.id), su, { user_ids: [otherId] })).json().fields).toEqual({ user_ids: 'validation_error' });
    expect((await call('POST', BADGE_PATHS.awards(badge.id), su, { user_ids: [learnerId, learnerId] })).json()).toEqual({ awarded: 1 });
    expect((await call('POST', BADGE_PATHS.awards(badge.id), su, { user_ids: [learnerId] })).json()).toEqual({ awarded: 0 });
    const list = (await call('GET', BADGE_PATHS.awards(badge.id), su)).json();
    expect(list).toMatchObject([{ user: { id: learnerId, email: DEMO.learner.email }, manual: true }]);
    expect((await call('GET', BADGE_PATHS.item(badge.id), su)).json().awarded_count).toBe(1);
    expect((await feedOf(learner, '&scope=mine')).results.some((e) => e.kind === 'badge_earned' && e.title === 'Destaque do mês')).toBe(true);

    expect((await call('DELETE', BADGE_PATHS.award(badge.id, learnerId), su)).statusCode).toBe(204);
    expect(await awards(badge.id, learnerId)).toHaveLength(0);
    expect((await feedOf(learner, '&scope=mine')).results.some((e) => e.kind === 'badge_earned' && e.title === 'Destaque do mês')).toBe(false);
    expect((await call('DELETE', BADGE_PATHS.award(badge.id, learnerId), su)).statusCode).toBe(404);

    const rule = (await badges()).find((b) => b.default_key === 'first_training')!;
    const holder = (await t.app.db.selectFrom('user_badges').select('user_id').where('badge_id', '=', rule.id).executeTakeFirstOrThrow()).user_id;
    const refused = await call('DELETE', BADGE_PATHS.award(rule.id, holder), su);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('badge_award_not_manual');
    // deleting a custom badge takes its awards with it
    expect((await call('DELETE', BADGE_PATHS.item(badge.id), su)).statusCode).toBe(200);
  });

  it('stores a badge image checked by its content', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b70000000049454e44ae426082', 'hex');
    const upload = (filename: string, bytes: Buffer) => {
      const boundary = '----badge';
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="filename"\r\n\r\n${filename}\r\n`),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        bytes, Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return t.app.inject({ method: 'POST', url: `${API}${BADGE_PATHS.image}`, headers: { ...bearer(su), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
    };
    const ok = await upload('Estrela dourada.png', png);
    expect(ok.statusCode).toBe(200);
    const url: string = ok.json().url;
    expect(url).toMatch(/\/media\/images\/badges\/\d+\/[0-9a-f]+\/Estrela_dourada\.png$/);
    const resource = decodeURIComponent(url.split('/media/')[1]!);
    expect(fs.existsSync(path.join(t.config.dataDir, 'media', resource))).toBe(true);
    const fake = await upload('virus.png', Buffer.from('MZ not an image'));
    expect(fake.json()).toMatchObject({ code: 'invalid_file_type' });
    expect((await upload('notes.txt', png)).json().code).toBe('invalid_file_type');
    const saved = await call('POST', BADGE_PATHS.collection, su, { title: 'Estrela', status: 1, image_url: url });
    expect(saved.json().image_url).toBe(url);
  });

  it('records likes, favourites and evaluations once per content, the stars kept current (spec 1 §9)', async () => {
    const someone = await audienceLearner(t.app, su, c.demo, org);
    const training = await publishedTraining(t.app, su, org, { title: 'Vitrine' });
    const react = (suffix: string, body: object) => call('POST', `${LEARNER_PATHS.training(training.id)}${suffix}/`, someone.tokens, body);
    await react('like', { liked: true });
    await react('like', { liked: false });
    await react('like', { liked: true });
    await react('favorite', { favorite: true });
    await react('rate', { stars: 3 });
    await react('rate', { stars: 5 });
    const events = (await feedOf(someone.tokens, '&scope=mine')).results.filter((e) => e.content_id === training.id && e.content_type === 'training');
    expect(events.map((e) => e.kind).sort()).toEqual(['evaluated', 'favorited', 'liked']);
    expect(events.find((e) => e.kind === 'evaluated')!.stars).toBe(5);
    expect(events.every((e) => e.title === 'Vitrine')).toBe(true);
  });

  it('records a news comment as "commented a news item" (spec 1 §9), and comments elsewhere not', async () => {
    const learnerId = await userId(t.app, DEMO.learner.email);
    const news = await t.app.db.insertInto('news').values({
      client_id: c.demo, title: 'Nova coleção', content: '<p>Chegou</p>', status: 1, created_at: new Date(), updated_at: new Date(),
    } as never).returning('id').executeTakeFirstOrThrow();
    await addComment(t.app.db, { clientId: c.demo, origin: 'news', originId: news.id, userId: learnerId, comment: 'Linda!', stars: null });
    const events = (await feedOf(learner, '&scope=mine')).results;
    expect(events.find((e) => e.kind === 'commented')).toMatchObject({ content_type: 'news', content_id: news.id, title: 'Nova coleção' });
    const before = events.length;
    const training = await t.app.db.selectFrom('group_trainings').select('id').where('client_id', '=', c.demo).executeTakeFirstOrThrow();
    await addComment(t.app.db, { clientId: c.demo, origin: 'training', originId: training.id, userId: learnerId, comment: 'Bom', stars: 4 });
    expect((await feedOf(learner, '&scope=mine')).count).toBe(before);
  });

  it('publishes posts on the timeline; only the author takes one back', async () => {
    const empty = await call('POST', FEED_PATHS.posts, learner, { text: '   ' });
    expect(empty.json().code).toBe('make_sure_that_all_fields_are_filled_in');
    const long = await call('POST', FEED_PATHS.posts, learner, { text: 'a'.repeat(1001) });
    expect(long.json()).toMatchObject({ code: 'feed_post_too_long', fields: { text: 'feed_post_too_long' } });
    const post = await call('POST', FEED_PATHS.posts, learner, { text: '  Bati a meta do mês!  ' });
    expect(post.statusCode).toBe(201);
    expect(post.json()).toMatchObject({ kind: 'published', text: 'Bati a meta do mês!', mine: true, user: { name: DEMO.learner.full_name } });
    const colleague = await audienceLearner(t.app, su, c.demo, org);
    const seen = (await feedOf(colleague.tokens)).results.find((e) => e.id === post.json().id);
    expect(seen).toMatchObject({ mine: false, text: 'Bati a meta do mês!' });
    expect((await call('DELETE', FEED_PATHS.post(post.json().id), colleague.tokens)).statusCode).toBe(404);
    // another client's users never see it
    expect((await feedOf(otherAdmin)).results.some((e) => e.id === post.json().id)).toBe(false);
    expect((await call('DELETE', FEED_PATHS.post(post.json().id), learner)).statusCode).toBe(204);
    expect((await feedOf(colleague.tokens)).results.some((e) => e.id === post.json().id)).toBe(false);
  });

  it('shows events about a training only to learners who may see it (spec 2 §6 audience)', async () => {
    const insider = await audienceLearner(t.app, su, c.demo, org);
    const training = await publishedTraining(t.app, su, org, { title: 'Restrito' });
    await call('POST', `${LEARNER_PATHS.training(training.id)}like/`, insider.tokens, { liked: true });
    const outsider = await adminWith(t.app, su, c.demo, []);
    const liked = (page: FeedPage) => page.results.some((e) => e.kind === 'liked' && e.content_id === training.id);
    expect(liked(await feedOf(insider.tokens))).toBe(true);
    expect(liked(await feedOf(await login(t.app, DEMO.learner.email, DEMO.learner.password)))).toBe(true);
    expect(liked(await feedOf(outsider.tokens))).toBe(false);
    // pages: newest first, count over all
    const page = await call('GET', `${FEED_PATHS.feed}?page=1&page_size=2`, insider.tokens);
    const all = await feedOf(insider.tokens);
    expect(page.json().results.map((e: { id: number }) => e.id)).toEqual(all.results.slice(0, 2).map((e) => e.id));
    expect(page.json().count).toBe(all.count);
  });
});
