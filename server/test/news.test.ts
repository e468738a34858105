import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEARNER_NEWS_PATHS, NEWS_PATHS, commentsListPath, publishCommentPath, type News } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens, INJECT_ORIGIN } from './helpers.ts';
import { makeLearner, type Learner } from './learnerContentFixtures.ts';
import { orgIds, setClientSettings, type OrgIds } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

const API = '/api';
const N = (id: number | string) => `${API}${NEWS_PATHS.item(id)}`;
const LIST = `${API}${NEWS_PATHS.collection}`;
const REQUIRED = 'make_sure_that_all_fields_are_filled_in';
const DAY = 24 * 60 * 60 * 1000;

/** A wire date (spec 3 §9 YYYY-MM-DDTHH:mm:ssZ) `days` from now, in UTC. */
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().replace(/\.\d{3}Z$/, '+00:00');

/**
 * spec 3 §3 "FAQ and news", §4 "News", §5 "News", §7 "News" and "Comments", §9;
 * the editor's contract, every validation rule, emoticons stripped, the publication window, the
 * audience, reading before commenting once, moderation, and the client's scope.
 */
describe.each(DIALECTS)('news on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let org: OrgIds;
  let editor: Tokens;
  let trainer: Tokens;
  let otherAdmin: Tokens;
  let byGroup: Learner;
  let byPlace: Learner;
  let outsider: Learner;

  function newsBody(extra: Record<string, unknown> = {}) {
    return {
      title: 'Nova coleção',
      image_url: 'https://cdn.example.com/news.png',
      content: '<p>Chegou a <strong>coleção</strong></p><script>alert(1)</script>',
      status: 1,
      news_image_alt_texts: { 'pt-br': 'Vitrine', 'en-us': 'Shop window', 'es-es': '', 'fr-fr': '' },
      timezone: null,
      publish_date: null,
      unpublish_date: null,
      tags: [org.tags.Product!],
      user_groups: [org.groups['Store leaders']!],
      ...extra,
    };
  }

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    org = await orgIds(t.app, c.demo);
    editor = (await adminWith(t.app, su, c.demo, ['news'])).tokens;
    trainer = (await adminWith(t.app, su, c.demo, ['trainings', 'trainings_manage'])).tokens;
    otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    byGroup = await makeLearner(t.app, su, c.demo, { groups: [org.groups['Store leaders']!] });
    byPlace = await makeLearner(t.app, su, c.demo, { profile: org.profiles.Salesperson!, areas: [org.areas.Sales!] });
    outsider = await makeLearner(t.app, su, c.demo, { profile: org.profiles.Cashier!, areas: [org.areas.Sales!] });
  });
  afterAll(async () => { await t.close(); });

  const post = (body: object, tokens: Tokens = editor) => t.app.inject({ method: 'POST', url: LIST, headers: bearer(tokens), payload: body });
  const put = (id: number, body: object, tokens: Tokens = editor) => t.app.inject({ method: 'PUT', url: N(id), headers: bearer(tokens), payload: body });
  const get = (url: string, tokens: Tokens = editor) => t.app.inject({ url, headers: bearer(tokens) });
  async function create(extra: Record<string, unknown> = {}): Promise<News> {
    const res = await post(newsBody(extra));
    if (res.statusCode !== 201) throw new Error(`create news: ${res.statusCode} ${res.body}`);
    return res.json<News>();
  }
  const learnerIds = async (tokens: Tokens) => (await get(`${API}${LEARNER_NEWS_PATHS.list}?page_size=100`, tokens)).json().results.map((n: { id: number }) => n.id);

  it('creates an item (§7 JSON body): published by default, sanitised, read back with alt texts as a list and the public link', async () => {
    const res = await post({ ...newsBody(), status: undefined });
    expect(res.statusCode, res.body).toBe(201);
    const news = res.json<News>();
    expect(news).toMatchObject({
      title: 'Nova coleção', image_url: 'https://cdn.example.com/news.png', content: '<p>Chegou a <strong>coleção</strong></p>',
      status: 1, timezone: null, publish_date: null, unpublish_date: null, tags: [org.tags.Product], areas: [], profiles: [],
      user_groups: [org.groups['Store leaders']], publication: 'published',
      news_image_alt_texts: [{ language: 'pt-br', alt_text: 'Vitrine' }, { language: 'en-us', alt_text: 'Shop window' }],
      portal_url: `${INJECT_ORIGIN}/news/${news.id}`,
    });
    expect((await get(N(news.id))).json()).toEqual(news);
  });

  it('strips emoticons from the title, the content and the alt texts before saving (spec 3 §5, spec 1 §5.5)', async () => {
    const news = await create({ title: '🎉 Promoção 🎉', content: '<p>Oferta 🔥 de verão 👍🏽</p>', news_image_alt_texts: { 'pt-br': 'Foto 📷' } });
    expect(news.title).toBe('Promoção');
    expect(news.content).toBe('<p>Oferta  de verão </p>');
    expect(news.news_image_alt_texts).toEqual([{ language: 'pt-br', alt_text: 'Foto' }]);
    // a title made only of emoticons is no title
    expect((await post(newsBody({ title: '😀😀' }))).json()).toMatchObject({ code: REQUIRED, fields: { title: REQUIRED } });
  });

  it('applies every §5 rule and stores nothing that fails', async () => {
    const before = (await get(`${LIST}?page_size=0`)).json().count;
    const cases: Array<[Record<string, unknown>, string, Record<string, string>]> = [
      [{ title: '  ' }, REQUIRED, { title: REQUIRED }],
      [{ title: 'x'.repeat(257) }, 'title_too_long', { title: 'title_too_long' }],
      [{ news_image_alt_texts: { 'fr-fr': 'a'.repeat(257) } }, 'news_alt_text_too_long', { 'news_image_alt_texts.fr-fr': 'news_alt_text_too_long' }],
      [{ content: '<p> </p>' }, REQUIRED, { content: REQUIRED }],
      [{ content: '<script>alert(1)</script>' }, REQUIRED, { content: REQUIRED }],
      [{ publish_date: '2026-12-01T09:00:00-03:00' }, REQUIRED, { timezone: REQUIRED }],
      [{ unpublish_date: '2026-12-01T09:00:00-03:00' }, REQUIRED, { timezone: REQUIRED }],
      [{ timezone: 'Mars/Olympus' }, 'invalid_timezone', { timezone: 'invalid_timezone' }],
      [{ timezone: 'UTC', publish_date: 'amanhã' }, 'validation_error', { publish_date: 'validation_error' }],
      [{ timezone: 'UTC', publish_date: '2026-12-02T09:00:00Z', unpublish_date: '2026-12-01T09:00:00Z' }, 'unpublish_date_before_publish_date', { unpublish_date: 'unpublish_date_before_publish_date' }],
      [{ status: 3 }, 'validation_error', { status: 'validation_error' }],
      [{ user_groups: undefined }, REQUIRED, { areas: REQUIRED, profiles: REQUIRED, user_groups: 'choose_user_groups_or_areas_and_profiles' }],
      [{ user_groups: undefined, areas: [org.areas.Sales!] }, REQUIRED, { profiles: REQUIRED }],
      [{ user_groups: undefined, profiles: [org.profiles.Salesperson!] }, REQUIRED, { areas: REQUIRED }],
      [{ image_url: 'javascript:alert(1)' }, 'validation_error', { image_url: 'validation_error' }],
    ];
    for (const [extra, code, fields] of cases) {
      const res = await post(newsBody(extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json(), JSON.stringify(extra)).toMatchObject({ code, fields });
    }
    // another client's tag or group does not exist here
    const otherGroup = (await orgIds(t.app, c.other)).groups['Other group']!;
    expect((await post(newsBody({ user_groups: [otherGroup] }))).json()).toMatchObject({ code: 'validation_error', fields: { user_groups: 'validation_error' } });
    expect((await get(`${LIST}?page_size=0`)).json().count).toBe(before);
  });

  it('keeps the saved item when an update fails, and treats a list left out of PUT as empty (§7)', async () => {
    const news = await create({ areas: [org.areas.Sales!], profiles: [org.profiles.Salesperson!] });
    const refused = await put(news.id, newsBody({ title: '', areas: [org.areas.Sales!], profiles: [org.profiles.Salesperson!] }));
    expect(refused.json()).toMatchObject({ code: REQUIRED, fields: { title: REQUIRED } });
    expect((await get(N(news.id))).json()).toEqual(news);
    const res = await put(news.id, { ...newsBody({ title: 'Atualizada', status: 2 }), tags: undefined });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Atualizada', status: 2, publication: 'unpublished', tags: [], areas: [], profiles: [], user_groups: [org.groups['Store leaders']] });
  });

  it('writes the dates with the offset of the chosen timezone and reads them back so (§3, §9)', async () => {
    const news = await create({ timezone: 'America/Sao_Paulo', publish_date: '2026-01-10T09:30:00-03:00', unpublish_date: '2099-01-10T12:30:00Z' });
    expect(news).toMatchObject({ timezone: 'America/Sao_Paulo', publish_date: '2026-01-10T09:30:00-03:00', unpublish_date: '2099-01-10T09:30:00-03:00' });
    const row = await t.app.db.selectFrom('news').select('publish_date').where('id', '=', news.id).executeTakeFirstOrThrow();
    expect(new Date(row.publish_date as string).toISOString()).toBe('2026-01-10T12:30:00.000Z');
    // the dates can be cleared; the zone may stay
    expect((await put(news.id, newsBody({ timezone: 'America/Sao_Paulo', publish_date: null, unpublish_date: '' }))).json())
      .toMatchObject({ publish_date: null, unpublish_date: null, timezone: 'America/Sao_Paulo' });
  });

  it('lists in both envelopes with the publication state, filters by status and searches titles', async () => {
    const scheduled = await create({ title: 'Agendada para depois', timezone: 'UTC', publish_date: inDays(3) });
    const drf = await get(`${LIST}?search=agendada&page_size=10`);
    expect(drf.json()).toMatchObject({ count: 1, results: [{ id: scheduled.id, publication: 'scheduled', qty_comments: 0, qty_views: 0 }] });
    const simple = await get(`${LIST}?range=[0,4]&sort=["id","DESC"]&filter=${encodeURIComponent(JSON.stringify({ status: 2 }))}`);
    expect(simple.headers['content-range']).toMatch(/^news 0-\d+\/\d+$/);
    expect(simple.json().every((n: { status: number }) => n.status === 2)).toBe(true);
    expect((await get(`${LIST}?status=1&page_size=0`)).json().results.every((n: { status: number }) => n.status === 1)).toBe(true);
  });

  it('is the news module item\'s, of the selected client only (spec 3 §6)', async () => {
    const news = await create();
    expect((await get(N(news.id), trainer)).statusCode).toBe(403);
    expect((await post(newsBody(), trainer)).statusCode).toBe(403);
    expect((await get(LIST, trainer)).statusCode).toBe(403);
    expect((await t.app.inject({ url: N(news.id) })).statusCode).toBe(401);
    // another client's manager does not find it, nor reach it by id
    expect((await get(N(news.id), otherAdmin)).statusCode).toBe(404);
    expect((await put(news.id, newsBody(), otherAdmin)).statusCode).toBe(404);
    expect((await get(`${LIST}?page_size=0`, otherAdmin)).json().results.map((n: { id: number }) => n.id)).not.toContain(news.id);
    expect((await get(`${API}${commentsListPath('news', news.id)}`, otherAdmin)).statusCode).toBe(404);
  });

  it('shows learners published items within their dates only (spec 3 §4)', async () => {
    const open = await create({ title: 'Aberta' });
    const unpublished = await create({ title: 'Despublicada', status: 2 });
    const future = await create({ title: 'Futura', timezone: 'UTC', publish_date: inDays(1) });
    const past = await create({ title: 'Expirada', timezone: 'UTC', publish_date: inDays(-10), unpublish_date: inDays(-1) });
    const window = await create({ title: 'Na janela', timezone: 'America/Sao_Paulo', publish_date: inDays(-1), unpublish_date: inDays(1) });
    const seen = await learnerIds(byGroup.tokens);
    expect(seen).toEqual(expect.arrayContaining([open.id, window.id]));
    for (const hidden of [unpublished, future, past]) {
      expect(seen, hidden.title).not.toContain(hidden.id);
      expect((await get(`${API}${LEARNER_NEWS_PATHS.item(hidden.id)}`, byGroup.tokens)).json().code, hidden.title).toBe('not_found');
    }
    // before the publish date invisible; once it passes, visible (the window is read at each request)
    await t.app.db.updateTable('news').set({ publish_date: new Date(Date.now() - 1000) }).where('id', '=', future.id).execute();
    expect(await learnerIds(byGroup.tokens)).toContain(future.id);
    // after the unpublish date invisible
    await t.app.db.updateTable('news').set({ unpublish_date: new Date(Date.now() - 1000) }).where('id', '=', window.id).execute();
    expect(await learnerIds(byGroup.tokens)).not.toContain(window.id);
    // newest publication first
    const cards = (await get(`${API}${LEARNER_NEWS_PATHS.list}?page_size=100`, byGroup.tokens)).json().results as Array<{ published_at: string }>;
    expect(cards.map((n) => n.published_at)).toEqual([...cards.map((n) => n.published_at)].sort().reverse());
  });

  it('enforces the audience: a group member, or the profile and an area together (spec 3 §1, §6)', async () => {
    const forGroup = await create({ title: 'Para líderes' });
    const forPlace = await create({ title: 'Para vendedores', user_groups: undefined, areas: [org.areas.Sales!], profiles: [org.profiles.Salesperson!] });
    expect(await learnerIds(byGroup.tokens)).toContain(forGroup.id);
    expect(await learnerIds(byGroup.tokens)).not.toContain(forPlace.id);
    expect(await learnerIds(byPlace.tokens)).toContain(forPlace.id);
    expect(await learnerIds(byPlace.tokens)).not.toContain(forGroup.id);
    // the right area with another profile is not enough
    expect(await learnerIds(outsider.tokens)).not.toContain(forPlace.id);
    expect((await get(`${API}${LEARNER_NEWS_PATHS.item(forPlace.id)}`, outsider.tokens)).statusCode).toBe(404);
    // another client's user never sees it
    expect((await get(`${API}${LEARNER_NEWS_PATHS.item(forGroup.id)}`, otherAdmin)).statusCode).toBe(404);
  });

  it('lets a reader comment once, after opening the item, where the client uses news comments', async () => {
    const news = await create({ title: 'Comente aqui' });
    const comments = `${API}${LEARNER_NEWS_PATHS.comments(news.id)}`;
    const comment = (text: string, tokens: Tokens = byGroup.tokens) => t.app.inject({ method: 'POST', url: comments, headers: bearer(tokens), payload: { comment: text } });
    // "read" = opened: before that the form is closed
    expect((await comment('Antes de ler')).json().code).toBe('news_not_read');
    const item = await get(`${API}${LEARNER_NEWS_PATHS.item(news.id)}`, byGroup.tokens);
    expect(item.json()).toMatchObject({ id: news.id, read: true, comments_enabled: true, can_comment: true, content: news.content });
    expect((await comment('   ')).json().code).toBe(REQUIRED);
    const first = await comment('Ótima notícia!');
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ comment: 'Ótima notícia!', stars: null, mine: true });
    expect((await comment('De novo')).json().code).toBe('you_already_commented');
    expect((await get(`${API}${LEARNER_NEWS_PATHS.item(news.id)}`, byGroup.tokens)).json().can_comment).toBe(false);
    expect((await get(comments, byGroup.tokens)).json()).toMatchObject({ count: 1, results: [{ comment: 'Ótima notícia!' }] });
    // the reading is recorded once per user, the list shows it read
    expect((await get(`${LIST}?search=comente&page_size=10`)).json().results[0]).toMatchObject({ qty_views: 1, qty_comments: 1 });
    expect((await get(`${API}${LEARNER_NEWS_PATHS.list}?search=comente`, byGroup.tokens)).json().results[0].read).toBe(true);
    // someone outside the audience cannot comment, read or not
    expect((await comment('Olá', outsider.tokens)).statusCode).toBe(404);

    // comments off for the client: nothing listed, nothing accepted
    await setClientSettings(t.app, c.demo, { use_comments_news: false });
    try {
      const other = await create({ title: 'Sem comentários' });
      expect((await get(`${API}${LEARNER_NEWS_PATHS.item(other.id)}`, byGroup.tokens)).json()).toMatchObject({ comments_enabled: false, can_comment: false });
      const refused = await t.app.inject({ method: 'POST', url: `${API}${LEARNER_NEWS_PATHS.comments(other.id)}`, headers: bearer(byGroup.tokens), payload: { comment: 'x' } });
      expect(refused.json().code).toBe('comments_disabled');
      expect((await get(comments, byGroup.tokens)).json()).toEqual({ count: 0, results: [] });
    } finally {
      await setClientSettings(t.app, c.demo, { use_comments_news: true });
    }
  });

  it('moderates news comments through §7 "Comments" (origin news, stars hidden)', async () => {
    const news = await create({ title: 'Moderação' });
    await get(`${API}${LEARNER_NEWS_PATHS.item(news.id)}`, byGroup.tokens);
    await t.app.inject({ method: 'POST', url: `${API}${LEARNER_NEWS_PATHS.comments(news.id)}`, headers: bearer(byGroup.tokens), payload: { comment: 'Comentário a moderar' } });
    const list = await get(`${API}${commentsListPath('news', news.id)}`);
    expect(list.statusCode).toBe(200);
    const [row] = list.json();
    expect(row).toMatchObject({ comment: 'Comentário a moderar', status: 1, stars: null });
    const moderate = (status: number, tokens: Tokens = editor) => t.app.inject({
      method: 'POST', url: `${API}${publishCommentPath('news', news.id)}`, headers: { ...bearer(tokens), 'content-type': 'application/x-www-form-urlencoded' },
      payload: `status=${status}&id=${row.id}`,
    });
    expect((await moderate(2)).json()).toMatchObject({ id: row.id, status: 2 });
    expect((await get(`${API}${LEARNER_NEWS_PATHS.comments(news.id)}`, byGroup.tokens)).json().count).toBe(0);
    expect((await moderate(3)).json().status).toBe(3);
    expect((await moderate(1)).json().status).toBe(1);
    expect((await moderate(1, trainer)).statusCode).toBe(403);
    // a deleted news item takes its comments with it
    expect((await t.app.inject({ method: 'DELETE', url: N(news.id), headers: bearer(editor) })).statusCode).toBe(200);
    expect(await t.app.db.selectFrom('comments').select('id').where('origin', '=', 'news').where('origin_id', '=', news.id).execute()).toEqual([]);
    expect((await get(N(news.id))).statusCode).toBe(404);
  });
});
