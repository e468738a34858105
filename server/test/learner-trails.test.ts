import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNER_PATHS, TRAIL_PATHS, commentsListPath, type HomeDashboard, type LearnerTrail } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import {
  API, AUDIENCE_GROUP, audienceLearner, certificatesOf, finishAllModules, finishModule, publishedTraining, restart,
} from './completionFixtures.ts';
import { orgIds, postForm, type OrgIds } from './trainingsFixtures.ts';
import { clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

const tomorrow = () => new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * The learner side of trails (spec 2 §2.1, §3.8, §4.9, §4.10; spec 1 §2.2): the
 * audience (the training rule over the trail's groups, areas and profiles), the list's filters,
 * the detail with ordered trainings, prerequisites and availability, completion through the
 * trainings with the trail certificate and points (also by the admin's synchronisation),
 * reactions (the admin's trail_user_stars reads the stars), comments once after finishing.
 */
describe.each(DIALECTS)('learner trails on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let org: OrgIds;
  let otherAdmin: Tokens;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    org = await orgIds(t.app, c.demo);
    otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
  });
  afterAll(async () => { await t.close(); });

  const get = (url: string, tokens: Tokens) => t.app.inject({ url: `${API}${url}`, headers: bearer(tokens) });
  const post = (url: string, tokens: Tokens, payload: object) => t.app.inject({ method: 'POST', url: `${API}${url}`, headers: bearer(tokens), payload });

  type ItemSpec = { training: number; prerequisite?: number; avaliable_in?: string | null };
  /** A trail of the demo client made and published through the admin's calls. */
  async function publishedTrail(title: string, items: ItemSpec[], extra: Record<string, unknown> = {}, tokens = su, publish = true): Promise<number> {
    const res = await post(TRAIL_PATHS.collection, tokens, {
      title, description: `<p>${title}</p>`, score: 40, order: 1, qty_certificate_expiration_days: null,
      user_groups: [org.groups[AUDIENCE_GROUP]!], ...extra,
    });
    if (res.statusCode !== 201) throw new Error(`trail: ${res.statusCode} ${res.body}`);
    const id = res.json().id as number;
    const body = items.map((item, i) => ({
      kind: 'training', item_id: item.training, order: i + 1,
      prerequisite: item.prerequisite ? { kind: 'training', item_id: item.prerequisite } : null, avaliable_in: item.avaliable_in ?? null,
    }));
    const saved = await post(TRAIL_PATHS.items(id), tokens, body);
    if (saved.statusCode !== 200) throw new Error(`items: ${saved.statusCode} ${saved.body}`);
    if (publish) {
      const published = await postForm(t.app, `${API}${TRAIL_PATHS.publish(id)}`, tokens);
      if (published.statusCode !== 200) throw new Error(`publish trail: ${published.statusCode} ${published.body}`);
    }
    return id;
  }

  it('lists only published, available trails of the user’s client and audience (spec 2 §6 audience)', async () => {
    const learner = await audienceLearner(t.app, su, c.demo, org);
    const training = await publishedTraining(t.app, su, org, { title: 'Base' });
    const byGroup = await publishedTrail('Por grupo', [{ training: training.id }]);
    const byAreaAndProfile = await publishedTrail('Por área e perfil', [{ training: training.id }],
      { user_groups: [], areas: [org.areas.Sales!], profiles: [org.profiles.Salesperson!] });
    const draft = await publishedTrail('Rascunho', [{ training: training.id }], {}, su, false);
    const later = await publishedTrail('Depois', [{ training: training.id }], { availability_date: tomorrow() });

    const ids = async () => (await get(`${LEARNER_PATHS.trails}?page_size=100`, learner.tokens)).json().results.map((r: { id: number }) => r.id);
    let visible = await ids();
    expect(visible).toContain(byGroup);
    for (const hidden of [byAreaAndProfile, draft, later]) {
      expect(visible).not.toContain(hidden);
      expect((await get(LEARNER_PATHS.trail(hidden), learner.tokens)).json().code).toBe('trail_not_found');
    }
    // area and profile both chosen: only with both does the trail show
    await t.app.db.insertInto('user_areas').values({ user_id: learner.id, client_id: c.demo, area_id: org.areas.Sales! }).execute();
    expect(await ids()).not.toContain(byAreaAndProfile);
    await t.app.db.updateTable('user_clients').set({ profile_id: org.profiles.Salesperson! }).where('user_id', '=', learner.id).where('client_id', '=', c.demo).execute();
    visible = await ids();
    expect(visible).toContain(byAreaAndProfile);

    // another client's manager sees none of it, not even by id
    expect((await get(`${LEARNER_PATHS.trails}?page_size=100`, otherAdmin)).json().results.map((r: { id: number }) => r.id)).not.toContain(byGroup);
    expect((await get(LEARNER_PATHS.trail(byGroup), otherAdmin)).statusCode).toBe(404);
    expect((await post(LEARNER_PATHS.trailFavorite(byGroup), otherAdmin, { favorite: true })).statusCode).toBe(404);
  });

  it('opens a trail’s trainings to the trail’s audience, outside the catalogue (spec 2 §2.1 trails/{id_trail}/course/{id})', async () => {
    // the training targets a group the learner is not in; the trail targets the learner's area and profile
    const training = await publishedTraining(t.app, su, org, { title: 'Só pela trilha', modules: 1, body: { user_groups: [org.groups['Store leaders']!] } });
    const learner = await audienceLearner(t.app, su, c.demo, org);
    await t.app.db.deleteFrom('user_group_members').where('user_id', '=', learner.id).execute();
    await t.app.db.insertInto('user_areas').values({ user_id: learner.id, client_id: c.demo, area_id: org.areas.Operations! }).execute();
    await t.app.db.updateTable('user_clients').set({ profile_id: org.profiles.Cashier! }).where('user_id', '=', learner.id).where('client_id', '=', c.demo).execute();
    expect((await get(LEARNER_PATHS.training(training.id), learner.tokens)).statusCode).toBe(404);

    const trailId = await publishedTrail('Trilha de caixa', [{ training: training.id }],
      { user_groups: [], areas: [org.areas.Operations!], profiles: [org.profiles.Cashier!] });
    expect((await get(LEARNER_PATHS.trail(trailId), learner.tokens)).json<LearnerTrail>().items.map((i) => i.id)).toEqual([training.id]);
    const detail = await get(LEARNER_PATHS.training(training.id), learner.tokens);
    expect(detail.statusCode, detail.body).toBe(200);
    // it plays and counts like any training, but the catalogue does not list it
    await finishModule(t.app, learner.tokens, training.id, training.modules[0]!);
    const catalogue = (await get(`${LEARNER_PATHS.trainings}?page_size=100`, learner.tokens)).json().results.map((r: { id: number }) => r.id);
    expect(catalogue).not.toContain(training.id);
    // an unpublished trail grants nothing
    await postForm(t.app, `${API}${TRAIL_PATHS.unpublish(trailId)}`, su);
    expect((await get(LEARNER_PATHS.training(training.id), learner.tokens)).statusCode).toBe(404);
  });

  it('shows the trainings in order with their prerequisites, availability and the learner’s progress', async () => {
    const learner = await audienceLearner(t.app, su, c.demo, org);
    const first = await publishedTraining(t.app, su, org, { title: 'Primeiro', modules: 2 });
    const second = await publishedTraining(t.app, su, org, { title: 'Segundo' });
    const third = await publishedTraining(t.app, su, org, { title: 'Terceiro' });
    const trailId = await publishedTrail('Trilha ordenada', [
      { training: first.id }, { training: second.id, prerequisite: first.id }, { training: third.id, avaliable_in: tomorrow() },
    ]);
    const detail = async () => (await get(LEARNER_PATHS.trail(trailId), learner.tokens)).json<LearnerTrail>();

    let trail = await detail();
    expect(trail).toMatchObject({ id: trailId, title: 'Trilha ordenada', description: '<p>Trilha ordenada</p>', status: 'not_started', percent: 0, training_quantity: 3, can_comment: false });
    expect(trail.items).toEqual([
      { kind: 'training', id: first.id, title: 'Primeiro', order: 1, available: true, lock_reason: null, available_in: null, prerequisite_kind: null, prerequisite_id: null, status: 'not_started', percent: 0, done: false },
      { kind: 'training', id: second.id, title: 'Segundo', order: 2, available: false, lock_reason: 'prerequisite', available_in: null, prerequisite_kind: 'training', prerequisite_id: first.id, status: 'not_started', percent: 0, done: false },
      { kind: 'training', id: third.id, title: 'Terceiro', order: 3, available: false, lock_reason: 'not_yet_available', available_in: tomorrow(), prerequisite_kind: null, prerequisite_id: null, status: 'not_started', percent: 0, done: false },
    ]);

    await finishModule(t.app, learner.tokens, first.id, first.modules[0]!);
    trail = await detail();
    expect(trail.status).toBe('ongoing');
    expect(trail.items[0]).toMatchObject({ status: 'ongoing', percent: 50 });
    expect(trail.percent).toBe(16);
    await finishModule(t.app, learner.tokens, first.id, first.modules[1]!);
    trail = await detail();
    expect(trail.items[0]).toMatchObject({ status: 'finished', percent: 100, done: true });
    expect(trail.items[1]).toMatchObject({ available: true, lock_reason: null });

    // an unpublished training leaves the trail as the learner sees it
    await postForm(t.app, `${API}/admin_group_trainings/group_trainings/${third.id}/unpublish/`, su);
    trail = await detail();
    expect(trail.items.map((i) => i.id)).toEqual([first.id, second.id]);
    expect(trail.training_quantity).toBe(2);
    expect((await get(LEARNER_PATHS.trail(999999), learner.tokens)).statusCode).toBe(404);
  });

  it('completes the trail through its trainings: trail certificate and points; a retake renews it (spec 2 §3.8, §4.9)', async () => {
    const learner = await audienceLearner(t.app, su, c.demo, org);
    const a = await publishedTraining(t.app, su, org, { title: 'Trilha A' });
    const b = await publishedTraining(t.app, su, org, { title: 'Trilha B', body: { workload: 1.5 } });
    const trailId = await publishedTrail('Trilha completa', [{ training: a.id }, { training: b.id }], { score: 60, qty_certificate_expiration_days: 10 });

    await finishAllModules(t.app, learner.tokens, a);
    const enrollment = () => t.app.db.selectFrom('trail_enrollments').selectAll().where('user_id', '=', learner.id).where('trail_id', '=', trailId).executeTakeFirst();
    expect((await enrollment())?.status).toBe('ongoing');
    expect(await certificatesOf(t.app, learner.id, 'trail', trailId)).toHaveLength(0);

    await finishAllModules(t.app, learner.tokens, b);
    expect((await enrollment())?.status).toBe('finished');
    const [cert] = await certificatesOf(t.app, learner.id, 'trail', trailId);
    expect(cert).toMatchObject({ title: 'Trilha completa', content_type: 'trail' });
    expect(Number(cert!.workload)).toBe(4);
    expect(new Date(cert!.expires_at!).getTime() - new Date(cert!.issued_at).getTime()).toBe(10 * 24 * 60 * 60 * 1000);
    const ledger = await t.app.db.selectFrom('points_ledger').selectAll().where('user_id', '=', learner.id).where('content_type', '=', 'trail').execute();
    expect(ledger).toMatchObject([{ points: 60, reason: 'trail_completed', content_id: trailId }]);

    const card = (await get(LEARNER_PATHS.trail(trailId), learner.tokens)).json<LearnerTrail>();
    expect(card).toMatchObject({ status: 'finished', percent: 100, certificate: { id: cert!.id, status: 'valid' }, can_comment: true });
    const list = (await get(`${LEARNER_PATHS.trails}?progress=finished&page_size=100`, learner.tokens)).json();
    expect(list.results.map((r: { id: number }) => r.id)).toEqual([trailId]);
    expect((await get(`${LEARNER_PATHS.trails}?progress=not_started&page_size=100`, learner.tokens)).json().results.map((r: { id: number }) => r.id)).not.toContain(trailId);

    const home = (await get(LEARNER_PATHS.home, learner.tokens)).json<Required<HomeDashboard>>();
    expect(home.finished_trails.map((x) => x.id)).toEqual([trailId]);
    expect(home.pending_trails).toEqual([]);

    // retaking a training opens the trail again; completing it again renews the trail certificate, not the points
    await restart(t.app, learner.tokens, b.id);
    expect((await enrollment())?.status).toBe('ongoing');
    expect((await get(LEARNER_PATHS.home, learner.tokens)).json<Required<HomeDashboard>>().pending_trails.map((x) => x.id)).toEqual([trailId]);
    await finishAllModules(t.app, learner.tokens, b);
    const certs = await certificatesOf(t.app, learner.id, 'trail', trailId);
    expect(certs).toHaveLength(2);
    expect(certs[0]!.superseded_at).not.toBeNull();
    expect(certs[1]!.superseded_at).toBeNull();
    expect(await t.app.db.selectFrom('points_ledger').select('id').where('user_id', '=', learner.id).where('content_type', '=', 'trail').execute()).toHaveLength(1);
  });

  it('grants trail certificates to those who completed before, through the admin’s synchronisation (spec 2 §4.9)', async () => {
    const learner = await audienceLearner(t.app, su, c.demo, org);
    const outsider = await audienceLearner(t.app, su, c.demo, org);
    const a = await publishedTraining(t.app, su, org, { title: 'Antes A' });
    await finishAllModules(t.app, learner.tokens, a);
    await finishAllModules(t.app, outsider.tokens, a);
    // the trail is made afterwards: no progress event ever reached it
    const trailId = await publishedTrail('Trilha nova', [{ training: a.id }]);
    expect(await certificatesOf(t.app, learner.id, 'trail', trailId)).toHaveLength(0);
    // the outsider leaves the trail's audience: no trail certificate for them
    await t.app.db.deleteFrom('user_group_members').where('user_id', '=', outsider.id).execute();

    const started = await t.app.inject({ method: 'POST', url: `${API}${TRAIL_PATHS.syncCertificates(trailId)}`, headers: bearer(su) });
    expect(started.statusCode).toBe(202);
    await t.app.jobs.idle();
    expect((await get(TRAIL_PATHS.syncCertificates(trailId), su)).json()).toMatchObject({ state: 'idle', last_run_failed: false });
    expect(await certificatesOf(t.app, learner.id, 'trail', trailId)).toHaveLength(1);
    expect(await certificatesOf(t.app, outsider.id, 'trail', trailId)).toHaveLength(0);
    // running it again grants nothing twice
    await t.app.inject({ method: 'POST', url: `${API}${TRAIL_PATHS.syncCertificates(trailId)}`, headers: bearer(su) });
    await t.app.jobs.idle();
    expect(await certificatesOf(t.app, learner.id, 'trail', trailId)).toHaveLength(1);
  });

  it('favourites, likes and rates a trail; the admin’s trails origin lists the learners’ stars (spec 2 §3.10, §7.4)', async () => {
    const learner = await audienceLearner(t.app, su, c.demo, org);
    const other = await audienceLearner(t.app, su, c.demo, org);
    const training = await publishedTraining(t.app, su, org, { title: 'Reações' });
    const trailId = await publishedTrail('Trilha querida', [{ training: training.id }]);

    expect((await post(LEARNER_PATHS.trailFavorite(trailId), learner.tokens, { favorite: true })).json())
      .toEqual({ favorite: true, liked: false, likes: 0, stars_avg: 0, stars_count: 0, my_stars: null });
    expect((await post(LEARNER_PATHS.trailLike(trailId), learner.tokens, { liked: true })).json()).toMatchObject({ liked: true, likes: 1 });
    await post(LEARNER_PATHS.trailRate(trailId), learner.tokens, { stars: 5 });
    const rated = (await post(LEARNER_PATHS.trailRate(trailId), other.tokens, { stars: 2 })).json();
    expect(rated).toMatchObject({ stars_avg: 3.5, stars_count: 2, my_stars: 2, favorite: false, likes: 1 });
    expect((await post(LEARNER_PATHS.trailRate(trailId), other.tokens, { stars: 6 })).statusCode).toBe(400);

    const favorites = (await get(`${LEARNER_PATHS.trails}?favorite=favorites&page_size=100`, learner.tokens)).json();
    expect(favorites.results.map((r: { id: number }) => r.id)).toEqual([trailId]);
    expect(favorites.results[0]).toMatchObject({ favorite: true, liked: true, my_stars: 5 });
    expect((await get(`${LEARNER_PATHS.trails}?favorite=favorites&page_size=100`, other.tokens)).json().count).toBe(0);
    const searched = (await get(`${LEARNER_PATHS.trails}?search=QUERIDA&page_size=100`, learner.tokens)).json();
    expect(searched.results.map((r: { id: number }) => r.id)).toEqual([trailId]);

    const stars = (await get(commentsListPath('trails', trailId), su)).json();
    expect(stars.map((s: { user: { id: number }; stars: number }) => [s.user.id, s.stars]).sort()).toEqual([[learner.id, 5], [other.id, 2]].sort());
    expect(stars[0]).toMatchObject({ comment: '', status: 1 });
  });

  it('takes one comment per learner, only after finishing the trail (spec 2 §4.10, §5.12)', async () => {
    const learner = await audienceLearner(t.app, su, c.demo, org);
    const training = await publishedTraining(t.app, su, org, { title: 'Comentários' });
    const trailId = await publishedTrail('Trilha comentada', [{ training: training.id }]);
    const comment = (body: object) => post(LEARNER_PATHS.trailComments(trailId), learner.tokens, body);

    const early = await comment({ comment: 'Cedo demais' });
    expect(early.statusCode).toBe(403);
    expect(early.json().code).toBe('you_need_to_complete_all_activities');

    await finishAllModules(t.app, learner.tokens, training);
    expect((await comment({ comment: '   ' })).json().code).toBe('make_sure_that_all_fields_are_filled_in');
    const first = await comment({ comment: 'Muito boa!', stars: 4 });
    expect(first.statusCode, first.body).toBe(201);
    const author = (await t.app.db.selectFrom('users').select('full_name').where('id', '=', learner.id).executeTakeFirstOrThrow()).full_name;
    expect(first.json()).toMatchObject({ author, stars: 4, comment: 'Muito boa!', mine: true });
    const again = await comment({ comment: 'De novo' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('you_already_commented');
    expect((await get(LEARNER_PATHS.trail(trailId), learner.tokens)).json().can_comment).toBe(false);

    const listed = (await get(`${LEARNER_PATHS.trailComments(trailId)}?page=1&page_size=10`, learner.tokens)).json();
    expect(listed).toMatchObject({ count: 1, results: [{ id: first.json().id, comment: 'Muito boa!', mine: true }] });
    // the admin moderates it (origin 'trail'); an unpublished comment leaves the learners' list
    const adminList = (await get(commentsListPath('trail', trailId), su)).json();
    expect(adminList.map((x: { id: number }) => x.id)).toEqual([first.json().id]);
    await postForm(t.app, `${API}/admin_trails/trails/${trailId}/publish_comment/`, su, { id: String(first.json().id), status: '2' });
    expect((await get(LEARNER_PATHS.trailComments(trailId), learner.tokens)).json().count).toBe(0);
    expect((await comment({ comment: 'Outra vez' })).json().code).toBe('you_already_commented');
  });
});
