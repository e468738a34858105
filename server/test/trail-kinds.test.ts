import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LEARNER_LIVE_CLASS_PATHS, LEARNER_NEWS_PATHS, LEARNER_PATHS, LEARNER_WEBCAST_PATHS, LIBRARY_PATHS, LIVE_CLASS_PATHS, PODCAST_PATHS, TRAIL_PATHS,
  type LearnerTrail, type TrailItem,
} from '@lp/shared/contract';
import { TRAIL_ITEM_KINDS, type TrailItemKind } from '@lp/shared/rules';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { API, AUDIENCE_GROUP, certificatesOf, finishAllModules, publishedTraining } from './completionFixtures.ts';
import { makeLearner, type Learner } from './learnerContentFixtures.ts';
import { createLiveClass, liveClassBody, minutesFrom } from './liveClassFixtures.ts';
import { orgIds, postForm, type OrgIds } from './trainingsFixtures.ts';
import { createWebcast, webcastBody } from './webcastFixtures.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

type Ref = { kind: TrailItemKind; item_id: number };

/**
 * Trails hold every kind of module that exists (spec 2 §2.4): trainings, live classes, webcasts,
 * news, podcasts and library files. Each is added only from the selected client (another
 * client's answers 404), counts as done by the rule of its kind (shared/src/trails.ts), locks
 * alike for every kind, and completes the trail — certificate and points — whichever comes last.
 */
describe.each(DIALECTS)('trail modules of every kind on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let org: OrgIds;
  let otherOrg: OrgIds;
  let manager: Tokens;
  let otherAdmin: Tokens;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    org = await orgIds(t.app, c.demo);
    otherOrg = await orgIds(t.app, c.other);
    manager = (await adminWith(t.app, su, c.demo, ['trails', 'trails_manage', 'trails_set_score', 'live_classes', 'live_classes_manage'])).tokens;
    otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, tokens: Tokens, payload?: object) =>
    t.app.inject({ method, url: `${API}${url}`, headers: bearer(tokens), ...(payload === undefined ? {} : { payload }) });

  /** Content of the kinds without a create call used here, row by row, for the group `group` of `clientId`. */
  async function content(kind: 'news' | 'podcast' | 'library_file', clientId: number, title: string, group: number, status = 1): Promise<number> {
    const now = new Date();
    if (kind === 'news') {
      const row = await t.app.db.insertInto('news').values({ client_id: clientId, title, content: `<p>${title}</p>`, status, created_at: now, updated_at: now })
        .returning('id').executeTakeFirstOrThrow();
      await t.app.db.insertInto('news_user_groups').values({ owner_id: row.id, user_group_id: group }).execute();
      return row.id;
    }
    if (kind === 'podcast') {
      const row = await t.app.db.insertInto('podcasts').values({
        client_id: clientId, title, status, resource: 'podcasts/episode.mp3', file_name: 'episode.mp3', extension: 'mp3', duration: 120, created_at: now, updated_at: now,
      }).returning('id').executeTakeFirstOrThrow();
      await t.app.db.insertInto('podcast_user_groups').values({ owner_id: row.id, user_group_id: group }).execute();
      return row.id;
    }
    const row = await t.app.db.insertInto('library_files').values({
      client_id: clientId, title, status, resource: 'library/guide.pdf', file_name: 'guide.pdf', extension: 'pdf', created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    await t.app.db.insertInto('library_file_user_groups').values({ owner_id: row.id, user_group_id: group }).execute();
    return row.id;
  }

  /** One module of each kind of the demo client, published, for the audience group; the webcast live since an hour. */
  async function oneOfEach(tag: string) {
    const group = org.groups[AUDIENCE_GROUP]!;
    const training = await publishedTraining(t.app, su, org, { title: `Curso ${tag}` });
    const liveClass = await createLiveClass(t.app, manager, liveClassBody(org, { title: `Aula ${tag}`, live_class_date: minutesFrom(new Date(), 5) }));
    const webcast = await createWebcast(t.app, su, webcastBody(org, { title: `Webinar ${tag}`, transmission_date: minutesFrom(new Date(), -60), status: 1 }));
    return {
      training, liveClass, webcast,
      news: await content('news', c.demo, `Notícia ${tag}`, group),
      podcast: await content('podcast', c.demo, `Podcast ${tag}`, group),
      library: await content('library_file', c.demo, `Guia ${tag}`, group),
    };
  }
  const refsOf = (m: Awaited<ReturnType<typeof oneOfEach>>): Ref[] => [
    { kind: 'training', item_id: m.training.id }, { kind: 'live_class', item_id: m.liveClass }, { kind: 'webcast', item_id: m.webcast },
    { kind: 'news', item_id: m.news }, { kind: 'podcast', item_id: m.podcast }, { kind: 'library_file', item_id: m.library },
  ];

  async function trail(title: string, tokens: Tokens = manager, extra: Record<string, unknown> = {}): Promise<number> {
    const res = await call('POST', TRAIL_PATHS.collection, tokens, {
      title, description: '', score: 30, order: 1, qty_certificate_expiration_days: null, user_groups: [org.groups[AUDIENCE_GROUP]!], ...extra,
    });
    if (res.statusCode !== 201) throw new Error(`trail: ${res.statusCode} ${res.body}`);
    return res.json().id as number;
  }
  const saveItems = (id: number, refs: Array<Ref & { prerequisite?: Ref | null }>, tokens: Tokens = manager) =>
    call('POST', TRAIL_PATHS.items(id), tokens, refs.map((ref, i) => ({ kind: ref.kind, item_id: ref.item_id, order: i + 1, prerequisite: ref.prerequisite ?? null })));

  it('searches and adds a module of every kind; the list keeps kind, title and status', async () => {
    const m = await oneOfEach('Kappa');
    const search = async (kind: TrailItemKind) => (await call('GET', `${TRAIL_PATHS.searchItems}?kind=${kind}&search=kappa`, manager)).json();
    const found = await Promise.all(TRAIL_ITEM_KINDS.map(search));
    expect(found.map((options) => options.map((o: { kind: string; title: string }) => [o.kind, o.title]))).toEqual([
      [['training', 'Curso Kappa']], [['live_class', 'Aula Kappa']], [['webcast', 'Webinar Kappa']],
      [['news', 'Notícia Kappa']], [['podcast', 'Podcast Kappa']], [['library_file', 'Guia Kappa']],
    ]);

    const id = await trail('Trilha de todos os tipos');
    const refs = refsOf(m);
    const saved = await saveItems(id, refs.map((ref, i) => ({ ...ref, prerequisite: i === 0 ? null : refs[i - 1] })));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<TrailItem[]>().map((i) => [i.kind, i.item_id, i.title, i.item_status, i.order, i.prerequisite?.kind ?? null])).toEqual([
      ['training', m.training.id, 'Curso Kappa', 1, 1, null],
      ['live_class', m.liveClass, 'Aula Kappa', 1, 2, 'training'],
      ['webcast', m.webcast, 'Webinar Kappa', 1, 3, 'live_class'],
      ['news', m.news, 'Notícia Kappa', 1, 4, 'webcast'],
      ['podcast', m.podcast, 'Podcast Kappa', 1, 5, 'news'],
      ['library_file', m.library, 'Guia Kappa', 1, 6, 'podcast'],
    ]);
    expect((await call('GET', TRAIL_PATHS.item(id), manager)).json()).toMatchObject({ training_quantity: 1, qty_items: 6 });

    // a module unpublished since it was added stays, with its status; an unpublished one cannot be added anew
    await t.app.db.updateTable('news').set({ status: 2 }).where('id', '=', m.news).execute();
    expect((await call('GET', TRAIL_PATHS.items(id), manager)).json<TrailItem[]>()[3]).toMatchObject({ kind: 'news', item_status: 2 });
    const draft = await content('podcast', c.demo, 'Podcast rascunho', org.groups[AUDIENCE_GROUP]!, 2);
    const refused = await saveItems(await trail('Outra'), [{ kind: 'podcast', item_id: draft }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('trail_item_not_available');
  });

  it('refuses another client\'s module of every kind (404), and another client never finds the demo client\'s', async () => {
    const group = otherOrg.groups[Object.keys(otherOrg.groups)[0]!]!;
    const now = new Date();
    const theirTraining = (await t.app.db.insertInto('group_trainings').values({ client_id: c.other, title: 'Curso deles', status: 1, created_at: now, updated_at: now })
      .returning('id').executeTakeFirstOrThrow()).id;
    const theirClass = (await t.app.db.insertInto('live_classes').values({
      client_id: c.other, title: 'Aula deles', live_class_type: 'open', live_class_date: now, timezone: 'UTC', status: 1, room_key: 'aula-deles-room', created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow()).id;
    const theirWebcast = (await t.app.db.insertInto('webcasts').values({
      client_id: c.other, title: 'Webinar deles', transmission_date: now, status: 1, created_at: now, updated_at: now,
    }).returning('id').executeTakeFirstOrThrow()).id;
    const theirs: Ref[] = [
      { kind: 'training', item_id: theirTraining }, { kind: 'live_class', item_id: theirClass }, { kind: 'webcast', item_id: theirWebcast },
      { kind: 'news', item_id: await content('news', c.other, 'Notícia deles', group) },
      { kind: 'podcast', item_id: await content('podcast', c.other, 'Podcast deles', group) },
      { kind: 'library_file', item_id: await content('library_file', c.other, 'Guia deles', group) },
    ];
    const id = await trail('Trilha isolada de tipos');
    for (const ref of theirs) {
      const res = await saveItems(id, [ref]);
      expect(res.statusCode, ref.kind).toBe(404);
      expect(res.json().code, ref.kind).toBe('not_found');
      expect((await call('GET', `${TRAIL_PATHS.searchItems}?kind=${ref.kind}&search=deles`, manager)).json(), ref.kind).toEqual([]);
    }
    expect((await call('GET', TRAIL_PATHS.items(id), manager)).json()).toEqual([]);
  });

  it('counts each kind by its rule, locks every kind alike, and certifies the trail when the last module is done', async () => {
    const m = await oneOfEach('Lambda');
    const learner: Learner = await makeLearner(t.app, su, c.demo, { groups: [org.groups[AUDIENCE_GROUP]!] });
    const refs = refsOf(m);
    const id = await trail('Trilha completa de tipos');
    // the news waits for the webcast; the rest is free
    const saved = await saveItems(id, refs.map((ref) => ({ ...ref, prerequisite: ref.kind === 'news' ? { kind: 'webcast' as const, item_id: m.webcast } : null })));
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await postForm(t.app, `${API}${TRAIL_PATHS.publish(id)}`, manager)).statusCode).toBe(200);

    const detail = async () => (await call('GET', LEARNER_PATHS.trail(id), learner.tokens)).json<LearnerTrail>();
    const done = async () => Object.fromEntries((await detail()).items.map((i) => [i.kind, i.done]));
    let trailNow = await detail();
    expect(trailNow).toMatchObject({ status: 'not_started', percent: 0, training_quantity: 1, qty_items: 6 });
    expect(trailNow.items.map((i) => [i.kind, i.id, i.available, i.lock_reason])).toEqual([
      ['training', m.training.id, true, null], ['live_class', m.liveClass, true, null], ['webcast', m.webcast, true, null],
      ['news', m.news, false, 'prerequisite'], ['podcast', m.podcast, true, null], ['library_file', m.library, true, null],
    ]);
    expect(trailNow.items[3]).toMatchObject({ prerequisite_kind: 'webcast', prerequisite_id: m.webcast });

    // webcast: opening it while live is watching it; the news opens up
    expect((await call('GET', LEARNER_WEBCAST_PATHS.webcast(m.webcast), learner.tokens)).statusCode).toBe(200);
    trailNow = await detail();
    expect(trailNow.items[2]).toMatchObject({ done: true, status: 'finished', percent: 100 });
    expect(trailNow.items[3]).toMatchObject({ available: true, lock_reason: null, done: false });
    expect(trailNow).toMatchObject({ status: 'ongoing', percent: 16 });

    // news: read by opening it
    expect((await call('GET', LEARNER_NEWS_PATHS.item(m.news), learner.tokens)).statusCode).toBe(200);
    // podcast: partly heard is ongoing, heard to the end is listened
    expect((await call('POST', PODCAST_PATHS.learnerProgress(m.podcast), learner.tokens, { position_seconds: 30 })).statusCode).toBe(200);
    expect((await detail()).items[4]).toMatchObject({ done: false, status: 'ongoing', percent: 25 });
    expect((await call('POST', PODCAST_PATHS.learnerProgress(m.podcast), learner.tokens, { position_seconds: 120, ended: true })).statusCode).toBe(200);
    // library file: previewed
    expect((await call('POST', LIBRARY_PATHS.learnerView(m.library), learner.tokens)).statusCode).toBe(200);
    // training: every activity done
    await finishAllModules(t.app, learner.tokens, m.training);
    expect(await done()).toEqual({ training: true, live_class: false, webcast: true, news: true, podcast: true, library_file: true });
    expect(await certificatesOf(t.app, learner.id, 'trail', id)).toHaveLength(0);

    // live class: subscribed and entered is not yet done; the admin setting Finished completes it — and the trail
    expect((await call('POST', LEARNER_LIVE_CLASS_PATHS.subscription(m.liveClass), learner.tokens)).statusCode).toBe(200);
    expect((await call('GET', LEARNER_LIVE_CLASS_PATHS.room(m.liveClass), learner.tokens)).statusCode).toBe(200);
    expect((await detail()).items[1]).toMatchObject({ done: false, status: 'ongoing' });
    expect((await call('PUT', LIVE_CLASS_PATHS.item(m.liveClass), manager, { status: 4 })).statusCode).toBe(200);

    trailNow = await detail();
    expect(trailNow).toMatchObject({ status: 'finished', percent: 100 });
    expect(trailNow.items.every((i) => i.done)).toBe(true);
    const certificates = await certificatesOf(t.app, learner.id, 'trail', id);
    expect(certificates).toHaveLength(1);
    // the certificate's hours: the training's, the live class's and the webcast's workloads
    expect(Number(certificates[0]!.workload)).toBe(2.5 + 1 + 1.5);
    const points = await t.app.db.selectFrom('points_ledger').select(['points', 'reason']).where('user_id', '=', learner.id)
      .where('content_type', '=', 'trail').where('content_id', '=', id).execute();
    expect(points).toEqual([{ points: 30, reason: 'trail_completed' }]);
  });

  it('opens each module\'s own page to the trail\'s audience, as a trail does its trainings (spec 2 §2.1); a closed class stays its invitees\'', async () => {
    // the modules target 'Store leaders'; the learner is only in the trail's group
    const leaders = org.groups['Store leaders']!;
    const learner = await makeLearner(t.app, su, c.demo, { groups: [org.groups[AUDIENCE_GROUP]!] });
    const news = await content('news', c.demo, 'Notícia dos líderes', leaders);
    const podcast = await content('podcast', c.demo, 'Podcast dos líderes', leaders);
    const file = await content('library_file', c.demo, 'Guia dos líderes', leaders);
    const webcast = await createWebcast(t.app, su, webcastBody(org, { title: 'Webinar dos líderes', user_groups: [leaders], status: 1 }));
    const open = await createLiveClass(t.app, manager, liveClassBody(org, { title: 'Aula dos líderes', user_groups: [leaders] }));
    const guest = await makeLearner(t.app, su, c.demo, { groups: [leaders] });
    const closed = await createLiveClass(t.app, manager, liveClassBody(org, {
      title: 'Aula fechada dos líderes', live_class_type: 'closed', invitees: [guest.id], maximum_participants: null, user_groups: [leaders],
    }));
    const pages = [
      LEARNER_NEWS_PATHS.item(news), PODCAST_PATHS.learnerPodcast(podcast), LIBRARY_PATHS.learnerFile(file),
      LEARNER_WEBCAST_PATHS.webcast(webcast), LEARNER_LIVE_CLASS_PATHS.liveClass(open),
    ];
    const statuses = async () => Promise.all(pages.map(async (url) => (await call('GET', url, learner.tokens)).statusCode));
    expect(await statuses()).toEqual([404, 404, 404, 404, 404]);

    const id = await trail('Trilha dos líderes');
    const refs: Ref[] = [
      { kind: 'news', item_id: news }, { kind: 'podcast', item_id: podcast }, { kind: 'library_file', item_id: file },
      { kind: 'webcast', item_id: webcast }, { kind: 'live_class', item_id: open },
    ];
    expect((await saveItems(id, refs)).statusCode).toBe(200);
    // an unpublished trail opens nothing
    expect(await statuses()).toEqual([404, 404, 404, 404, 404]);
    expect((await postForm(t.app, `${API}${TRAIL_PATHS.publish(id)}`, manager)).statusCode).toBe(200);
    expect(await statuses()).toEqual([200, 200, 200, 200, 200]);
    // taking them counts for the trail
    expect((await call('POST', LIBRARY_PATHS.learnerView(file), learner.tokens)).statusCode).toBe(200);
    expect((await call('GET', LEARNER_PATHS.trail(id), learner.tokens)).json<LearnerTrail>().items.find((i) => i.kind === 'library_file')?.done).toBe(true);
    // the lists stay the modules' own audience
    expect((await call('GET', `${LEARNER_NEWS_PATHS.list}?search=líderes`, learner.tokens)).json().count).toBe(0);
    expect((await call('GET', `${LEARNER_LIVE_CLASS_PATHS.liveClasses}?search=líderes`, learner.tokens)).json().count).toBe(0);
    expect((await saveItems(id, [...refs, { kind: 'live_class', item_id: closed }])).statusCode).toBe(200);
    expect((await call('GET', LEARNER_LIVE_CLASS_PATHS.liveClass(closed), learner.tokens)).statusCode).toBe(404);
    expect((await call('GET', LEARNER_LIVE_CLASS_PATHS.liveClass(closed), guest.tokens)).statusCode).toBe(200);
  });

  it('judges learners of every kind in the admin\'s synchronisation (spec 2 §4.9)', async () => {
    const group = org.groups[AUDIENCE_GROUP]!;
    const news = await content('news', c.demo, 'Notícia anterior', group);
    const file = await content('library_file', c.demo, 'Guia anterior', group);
    const learner = await makeLearner(t.app, su, c.demo, { groups: [group] });
    // read and opened before the trail held them
    expect((await call('GET', LEARNER_NEWS_PATHS.item(news), learner.tokens)).statusCode).toBe(200);
    const download = await call('POST', LIBRARY_PATHS.learnerView(file), learner.tokens);
    expect(download.statusCode, download.body).toBe(200);
    const id = await trail('Trilha sincronizada');
    expect((await saveItems(id, [{ kind: 'news', item_id: news }, { kind: 'library_file', item_id: file }])).statusCode).toBe(200);
    expect((await postForm(t.app, `${API}${TRAIL_PATHS.publish(id)}`, manager)).statusCode).toBe(200);
    expect(await certificatesOf(t.app, learner.id, 'trail', id)).toHaveLength(0);

    expect((await call('POST', TRAIL_PATHS.syncCertificates(id), manager)).statusCode).toBe(202);
    await t.app.jobs.idle();
    expect((await call('GET', TRAIL_PATHS.syncCertificates(id), manager)).json()).toMatchObject({ state: 'idle', last_run_failed: false });
    expect(await certificatesOf(t.app, learner.id, 'trail', id)).toHaveLength(1);
    const enrollment = await t.app.db.selectFrom('trail_enrollments').select('status').where('user_id', '=', learner.id).where('trail_id', '=', id).executeTakeFirst();
    expect(enrollment?.status).toBe('finished');
    // another client's admin reaches none of it
    expect((await call('GET', TRAIL_PATHS.items(id), otherAdmin)).statusCode).toBe(404);
  });
});
