import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PODCAST_PATHS, PODCAST_UPLOAD_KINDS, commentsListPath, publishCommentPath, type LearnerPlaylist, type LearnerPodcast,
  type LearnerPodcastPage, type Playlist, type Podcast,
} from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { makeLearner, type Learner } from './learnerContentFixtures.ts';
import { mp3, openMedia, pdf, png, tusCreate, tusUpload, wav } from './mediaFixtures.ts';
import { orgIds, postForm, type OrgIds } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser, type Clients } from './userFixtures.ts';

const API = '/api';
const REQUIRED = 'make_sure_that_all_fields_are_filled_in';
const PODCASTS = `${API}${PODCAST_PATHS.collection}`;
const PODCAST = (id: number) => `${API}${PODCAST_PATHS.item(id)}`;
const PLAYLISTS = `${API}${PODCAST_PATHS.playlists}`;
const PLAYLIST = (id: number) => `${API}${PODCAST_PATHS.playlist(id)}`;
const L = (pathOf: string) => `${API}${pathOf}`;

/** A real 7.053 s mp3 (ffmpeg, with a Info header): the seed's podcast. */
const realMp3 = () => fs.readFileSync(path.resolve(import.meta.dirname, '../src/seed/assets/podcast-boas-vindas.mp3'));
/** A 2 s mono 8 kHz WAV. */
function realWav(seconds = 2): Buffer {
  const head = wav();
  const data = Buffer.alloc(8000 * seconds, 0x80);
  head.writeUInt32LE(36 + data.length, 4);
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

/** Issue 7 item 4: podcasts (spec 3 §2, §3 "Podcast", §4, §5, §7 comments; spec 1 §2.2 filters). */
describe.each(DIALECTS)('podcasts on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  let c: Clients;
  let org: OrgIds;
  let manager: Tokens;
  let reader: Tokens;
  let otherAdmin: Tokens;
  let inGroup: Learner;
  let byPlace: Learner;
  let outsider: Learner;

  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, tokens: Tokens, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tokens), ...(payload ? { payload } : {}) });
  const get = (url: string, tokens: Tokens) => t.app.inject({ url, headers: bearer(tokens) });
  const audio = (bytes: Buffer = realMp3(), name = 'episodio.mp3', tokens = manager) => tusUpload(t.app, tokens, bytes, name, PODCAST_UPLOAD_KINDS.audio);
  const group = () => ({ user_groups: [org.groups['Store leaders']!] });

  async function createPodcast(extra: Record<string, unknown> = {}): Promise<Podcast> {
    const res = await send('POST', PODCASTS, manager, { title: 'Episódio', ...group(), resource: await audio(), ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Podcast>();
  }
  const learnerPage = async (tokens: Tokens, query = '') => {
    const res = await get(`${L(PODCAST_PATHS.learnerPodcasts)}?page_size=100${query ? `&${query}` : ''}`, tokens);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<LearnerPodcastPage>();
  };
  const titles = (page: LearnerPodcastPage) => page.results.map((r) => r.title).sort();
  const progress = (id: number, tokens: Tokens, body: object) => send('POST', L(PODCAST_PATHS.learnerProgress(id)), tokens, body);

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    org = await orgIds(t.app, c.demo);
    manager = (await adminWith(t.app, su, c.demo, ['podcasts', 'podcasts_manage'])).tokens;
    reader = (await adminWith(t.app, su, c.demo, ['podcasts'])).tokens;
    otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    inGroup = await makeLearner(t.app, su, c.demo, { groups: [org.groups['Store leaders']!] });
    byPlace = await makeLearner(t.app, su, c.demo, { profile: org.profiles.Salesperson!, areas: [org.areas.Sales!] });
    outsider = await makeLearner(t.app, su, c.demo, { profile: org.profiles.Cashier!, areas: [org.areas.Operations!] });
  });
  afterAll(async () => { await t.close(); });

  it('refuses every podcast admin route without a token (401) and to a learner (403)', async () => {
    const seen = new Set<string>();
    const routes = t.routes.filter((r) => r.url.startsWith('/api/admin_podcast/') && r.method !== 'HEAD' && !seen.has(`${r.method} ${r.url}`) && seen.add(`${r.method} ${r.url}`));
    expect(routes.length).toBeGreaterThanOrEqual(12);
    for (const route of routes) {
      const call = (tokens?: Tokens) => t.app.inject({
        method: route.method as 'GET', url: route.url.replace(':id', '1'), headers: tokens ? bearer(tokens) : {},
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: { title: 'x' } }),
      });
      expect((await call()).statusCode, `${route.method} ${route.url}`).toBe(401);
      const refused = await call(inGroup.tokens);
      expect(refused.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(refused.json().code).toBe('permission_denied');
    }
  });

  describe('admin (/admin/podcasts, title podcasts; podcasts_manage writes)', () => {
    it('stores an mp3 or wav with the duration read from the file', async () => {
      const podcast = await createPodcast({ title: 'Abertura', description: 'Primeiro episódio', tags: [org.tags.Product!] });
      expect(podcast).toMatchObject({
        title: 'Abertura', description: 'Primeiro episódio', status: 1, extension: 'mp3', file_name: 'episodio.mp3',
        tags: [org.tags.Product], user_groups: [org.groups['Store leaders']], listeners: 0, likes: 0, comments: 0, image_url: null,
      });
      expect(podcast.duration).toBeCloseTo(7.053, 2);
      expect(podcast.published_at).not.toBeNull();
      expect(podcast.resource).toMatch(/^podcasts\/audios\/[0-9a-f]{32}\/episodio\.mp3$/);
      expect((await openMedia(t.app, podcast.resource_url)).headers['content-type']).toBe('audio/mpeg');
      const wave = await createPodcast({ resource: await audio(realWav(2), 'fala.wav'), status: 2 });
      expect(wave).toMatchObject({ extension: 'wav', duration: 2, status: 2, published_at: null });
    });

    it('refuses other formats, a file that is not audio, and required fields, keeping the upload', async () => {
      expect((await tusCreate(t.app, manager, 100, 'musica.ogg', PODCAST_UPLOAD_KINDS.audio)).statusCode).toBe(400);
      const fake = await audio(pdf(), 'fake.mp3');
      expect((await send('POST', PODCASTS, manager, { title: 'A', ...group(), resource: fake })).json())
        .toMatchObject({ code: 'invalid_file_type', fields: { resource: 'invalid_file_type' } });
      // an ID3 tag and nothing playable after it: no duration, refused
      const silent = await audio(mp3(), 'vazio.mp3');
      expect((await send('POST', PODCASTS, manager, { title: 'A', ...group(), resource: silent })).json().code).toBe('invalid_file_type');
      const id = await audio();
      const empty = await send('POST', PODCASTS, manager, { resource: id });
      expect(empty.json()).toMatchObject({ code: REQUIRED, fields: { title: REQUIRED, areas: REQUIRED, profiles: REQUIRED, user_groups: 'choose_user_groups_or_areas_and_profiles' } });
      expect((await send('POST', PODCASTS, manager, { title: 'A', ...group(), resource: id, date_to_unpublish: '2026-13-01' })).json().fields)
        .toEqual({ date_to_unpublish: 'validation_error' });
      expect((await send('POST', PODCASTS, manager, { title: 'A', ...group(), resource: id })).statusCode).toBe(201);
    });

    it('lets podcasts alone read, and only podcasts_manage write or upload', async () => {
      const podcast = await createPodcast();
      expect((await get(PODCAST(podcast.id), reader)).statusCode).toBe(200);
      expect((await send('PUT', PODCAST(podcast.id), reader, { title: 'X' })).json().code).toBe('permission_denied');
      expect((await tusCreate(t.app, reader, 100, 'a.mp3', PODCAST_UPLOAD_KINDS.audio)).statusCode).toBe(403);
      expect((await get(PODCASTS, otherAdmin)).json()).toEqual({ count: 0, results: [] });
      expect((await get(PODCAST(podcast.id), otherAdmin)).json().code).toBe('podcast_not_found');
    });

    it('takes an image stored through the images call, never an outside URL', async () => {
      const upload = await tusUpload(t.app, manager, png(), 'capa.png', PODCAST_UPLOAD_KINDS.image);
      const image = await send('POST', L(PODCAST_PATHS.images), manager, { upload });
      expect(image.statusCode, image.body).toBe(201);
      const url = image.json().image_url as string;
      expect(url).toMatch(/\/media\/podcasts\/images\/[0-9a-f]{32}\/capa\.png$/);
      expect((await createPodcast({ image_url: url })).image_url).toBe(url);
      const notImage = await tusUpload(t.app, manager, pdf(), 'capa.png', PODCAST_UPLOAD_KINDS.image);
      expect((await send('POST', L(PODCAST_PATHS.images), manager, { upload: notImage })).json().code).toBe('invalid_file_type');
      const outside = await send('POST', PODCASTS, manager, { title: 'A', ...group(), resource: await audio(), image_url: 'https://evil.example.com/x.png' });
      expect(outside.json().fields).toEqual({ image_url: 'validation_error' });
    });

    it('updates keeping the audio, and replacing it reads the new duration', async () => {
      const podcast = await createPodcast({ title: 'Antes' });
      const kept = await send('PUT', PODCAST(podcast.id), manager, { title: 'Depois', resource: podcast.resource, date_to_unpublish: '2099-01-01' });
      expect(kept.json()).toMatchObject({ title: 'Depois', resource: podcast.resource, date_to_unpublish: '2099-01-01' });
      const replaced = await send('PUT', PODCAST(podcast.id), manager, { resource: await audio(realWav(3), 'novo.wav') });
      expect(replaced.json()).toMatchObject({ title: 'Depois', extension: 'wav', duration: 3 });
      expect((await openMedia(t.app, podcast.resource_url)).statusCode).toBe(404);
    });

    it('keeps playlists in the order sent, with their total duration', async () => {
      const a = await createPodcast({ title: 'Lista A' });
      const b = await createPodcast({ title: 'Lista B', resource: await audio(realWav(2), 'b.wav') });
      const created = await send('POST', PLAYLISTS, manager, { title: 'Semana 1', podcasts: [b.id, a.id] });
      expect(created.statusCode, created.body).toBe(201);
      const playlist = created.json<Playlist>();
      expect(playlist.podcasts.map((p) => p.title)).toEqual(['Lista B', 'Lista A']);
      expect(playlist.total_duration).toBeCloseTo(2 + 7.053, 2);
      const reordered = await send('PUT', PLAYLIST(playlist.id), manager, { title: 'Semana 1', podcasts: [a.id, b.id] });
      expect(reordered.json<Playlist>().podcasts.map((p) => p.id)).toEqual([a.id, b.id]);
      expect((await send('PUT', PLAYLIST(playlist.id), manager, { title: 'X', podcasts: [a.id, a.id] })).json().fields).toEqual({ podcasts: 'validation_error' });
      expect((await send('POST', PLAYLISTS, manager, { title: '', podcasts: [] })).json().fields).toEqual({ title: REQUIRED, podcasts: REQUIRED });
      const [otherPodcast] = await t.app.db.selectFrom('podcasts').select('id').where('client_id', '=', c.other).execute();
      if (otherPodcast) expect((await send('POST', PLAYLISTS, manager, { title: 'X', podcasts: [otherPodcast.id] })).statusCode).toBe(400);
      expect((await send('POST', PLAYLISTS, manager, { title: 'X', podcasts: [999999] })).json().fields).toEqual({ podcasts: 'validation_error' });
      expect((await get(PLAYLIST(playlist.id), otherAdmin)).json().code).toBe('playlist_not_found');
      expect((await send('DELETE', PLAYLIST(playlist.id), manager)).statusCode).toBe(200);
      expect((await get(PLAYLIST(playlist.id), manager)).statusCode).toBe(404);
    });
  });

  describe('learners', () => {
    let episode: Podcast;
    let salesOnly: Podcast;

    beforeAll(async () => {
      episode = await createPodcast({ title: 'Ouvir no caminho', description: 'Vendas de inverno' });
      salesOnly = await createPodcast({ title: 'Só vendas', user_groups: [], areas: [org.areas.Sales!], profiles: [org.profiles.Salesperson!] });
      await createPodcast({ title: 'Rascunho', status: 2 });
      await createPodcast({ title: 'Expirado', date_to_unpublish: '2020-01-01' });
    });

    it('lists the published podcasts of the learner\'s audience until their day to unpublish', async () => {
      const mine = titles(await learnerPage(inGroup.tokens));
      expect(mine).toContain('Ouvir no caminho');
      expect(mine).not.toContain('Só vendas');
      expect(mine).not.toContain('Rascunho');
      expect(mine).not.toContain('Expirado');
      expect(titles(await learnerPage(byPlace.tokens))).toEqual(['Só vendas']);
      expect(titles(await learnerPage(outsider.tokens))).toEqual([]);
      expect((await get(L(PODCAST_PATHS.learnerPodcast(salesOnly.id)), inGroup.tokens)).json().code).toBe('podcast_not_found');
      expect((await learnerPage(otherAdmin)).count).toBe(0);
    });

    it('saves the listened position, resumes it, never lowers the percent heard, and finishes at 90 %', async () => {
      const one = (tokens: Tokens) => get(L(PODCAST_PATHS.learnerPodcast(episode.id)), tokens).then((r) => r.json<LearnerPodcast>());
      expect(await one(inGroup.tokens)).toMatchObject({ status: 'not_started', percent: 0, position_seconds: 0, can_comment: false });
      expect((await progress(episode.id, inGroup.tokens, { position_seconds: 3.5 })).json())
        .toMatchObject({ status: 'ongoing', percent: 49, position_seconds: 3.5, can_comment: false });
      expect(await one(inGroup.tokens)).toMatchObject({ status: 'ongoing', position_seconds: 3.5, percent: 49 });
      // seeking back: the position follows, the percent heard stays
      expect((await progress(episode.id, inGroup.tokens, { position_seconds: 1 })).json()).toMatchObject({ percent: 49, position_seconds: 1 });
      // a position past the end is the end
      expect((await progress(episode.id, inGroup.tokens, { position_seconds: 500 })).json()).toMatchObject({ status: 'finished', percent: 100, position_seconds: 7.053 });
      // ended: next time it starts over, still finished
      expect((await progress(episode.id, inGroup.tokens, { position_seconds: 7, ended: true })).json())
        .toMatchObject({ status: 'finished', percent: 100, position_seconds: 0, can_comment: true });
      expect((await progress(salesOnly.id, inGroup.tokens, { position_seconds: 1 })).statusCode).toBe(404);
      expect((await progress(episode.id, inGroup.tokens, { position_seconds: -1 })).statusCode).toBe(400);
    });

    it('filters by search, progress, favourite, areas and groups', async () => {
      const learner = await makeLearner(t.app, su, c.demo, { groups: [org.groups['Store leaders']!] });
      expect(titles(await learnerPage(learner.tokens, 'search=INVERNO'))).toEqual(['Ouvir no caminho']);
      const all = (await learnerPage(learner.tokens)).count;
      expect((await learnerPage(learner.tokens, 'progress=not_started')).count).toBe(all);
      await progress(episode.id, learner.tokens, { position_seconds: 1 });
      expect(titles(await learnerPage(learner.tokens, 'progress=ongoing'))).toEqual(['Ouvir no caminho']);
      expect((await learnerPage(learner.tokens, 'progress=not_started')).count).toBe(all - 1);
      await progress(episode.id, learner.tokens, { position_seconds: 7, ended: true });
      expect(titles(await learnerPage(learner.tokens, 'progress=finished'))).toEqual(['Ouvir no caminho']);
      expect((await learnerPage(learner.tokens, 'favorite=favorites')).count).toBe(0);
      await send('POST', L(PODCAST_PATHS.learnerFavorite(episode.id)), learner.tokens, { favorite: true });
      expect(titles(await learnerPage(learner.tokens, 'favorite=favorites'))).toEqual(['Ouvir no caminho']);
      expect((await learnerPage(learner.tokens, `selected_groups=${org.groups['Store leaders']}`)).count).toBe(all);
      expect((await learnerPage(learner.tokens, `selected_areas=${org.areas.Sales}`)).count).toBe(0);
      expect(titles(await learnerPage(byPlace.tokens, `selected_areas=${org.areas.Sales}`))).toEqual(['Só vendas']);
    });

    it('likes, rates and favourites through content_reactions, counted per podcast', async () => {
      const like = await send('POST', L(PODCAST_PATHS.learnerLike(episode.id)), byPlace.tokens, { liked: true });
      expect(like.statusCode).toBe(404); // not in their audience
      expect((await send('POST', L(PODCAST_PATHS.learnerLike(episode.id)), inGroup.tokens, { liked: true })).json()).toMatchObject({ liked: true, likes: 1 });
      expect((await send('POST', L(PODCAST_PATHS.learnerRate(episode.id)), inGroup.tokens, { stars: 4 })).json())
        .toMatchObject({ my_stars: 4, stars_avg: 4, stars_count: 1 });
      expect((await send('POST', L(PODCAST_PATHS.learnerRate(episode.id)), inGroup.tokens, { stars: 6 })).statusCode).toBe(400);
      const card = (await learnerPage(inGroup.tokens)).results.find((r) => r.id === episode.id)!;
      expect(card).toMatchObject({ liked: true, likes: 1, my_stars: 4 });
      expect((await get(PODCAST(episode.id), manager)).json()).toMatchObject({ likes: 1 });
    });

    it('takes one comment per learner once the audio was heard, and moderation hides it (spec 3 §7)', async () => {
      const comments = L(PODCAST_PATHS.learnerComments(episode.id));
      const early = await makeLearner(t.app, su, c.demo, { groups: [org.groups['Store leaders']!] });
      const refused = await send('POST', comments, early.tokens, { comment: 'Ainda não ouvi' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('podcast_not_listened');
      const posted = await send('POST', comments, inGroup.tokens, { comment: ' Ótimo episódio ', stars: 5 });
      expect(posted.statusCode, posted.body).toBe(201);
      expect(posted.json()).toMatchObject({ comment: 'Ótimo episódio', stars: 5, mine: true });
      expect((await send('POST', comments, inGroup.tokens, { comment: 'De novo' })).json().code).toBe('you_already_commented');
      expect((await get(L(PODCAST_PATHS.learnerPodcast(episode.id)), inGroup.tokens)).json().can_comment).toBe(false);
      expect((await get(comments, early.tokens)).json()).toMatchObject({ count: 1, results: [{ comment: 'Ótimo episódio', mine: false }] });

      // the admin comments tab: GET …/comments/ (a bare array), POST …/publish_comment/ (form id, status)
      const tab = await get(L(commentsListPath('podcast', episode.id)), reader);
      expect(tab.json()).toEqual([expect.objectContaining({ comment: 'Ótimo episódio', status: 1, stars: 5 })]);
      const commentId = posted.json().id as number;
      const moderate = (tokens: Tokens) => postForm(t.app, L(publishCommentPath('podcast', episode.id)!), tokens, { id: String(commentId), status: '2' });
      expect((await moderate(reader)).statusCode).toBe(403);
      expect((await moderate(manager)).json()).toMatchObject({ id: commentId, status: 2 });
      expect((await get(comments, early.tokens)).json().count).toBe(0);
      expect((await get(L(commentsListPath('podcast', episode.id)), otherAdmin)).statusCode).toBe(404);
      expect((await get(PODCAST(episode.id), manager)).json()).toMatchObject({ comments: 1, listeners: expect.any(Number), finished: expect.any(Number) });
    });

    it('lists the playlists holding podcasts the learner may hear, with only those, in order', async () => {
      const second = await createPodcast({ title: 'Segundo da lista' });
      await send('POST', PLAYLISTS, manager, { title: 'Trilha sonora', podcasts: [second.id, salesOnly.id, episode.id] });
      await send('POST', PLAYLISTS, manager, { title: 'Só para vendas', podcasts: [salesOnly.id] });
      const lists = (await get(L(PODCAST_PATHS.learnerPlaylists), inGroup.tokens)).json<LearnerPlaylist[]>();
      const trail = lists.find((p) => p.title === 'Trilha sonora')!;
      expect(trail.podcasts.map((p) => p.title)).toEqual(['Segundo da lista', 'Ouvir no caminho']);
      expect(trail.podcasts[1]).toMatchObject({ status: 'finished', liked: true });
      expect(lists.map((p) => p.title)).not.toContain('Só para vendas');
      expect((await get(L(PODCAST_PATHS.learnerPlaylists), byPlace.tokens)).json<LearnerPlaylist[]>().map((p) => p.title))
        .toEqual(expect.arrayContaining(['Só para vendas', 'Trilha sonora']));
    });

    it('deleting a podcast takes its comments, reactions, progress and playlist places with it', async () => {
      const doomed = await createPodcast({ title: 'Efêmero' });
      await progress(doomed.id, inGroup.tokens, { position_seconds: 7, ended: true });
      await send('POST', L(PODCAST_PATHS.learnerComments(doomed.id)), inGroup.tokens, { comment: 'Tchau' });
      await send('POST', L(PODCAST_PATHS.learnerLike(doomed.id)), inGroup.tokens, { liked: true });
      expect((await send('DELETE', PODCAST(doomed.id), manager)).statusCode).toBe(200);
      const left = async (table: 'comments' | 'content_reactions') =>
        (await t.app.db.selectFrom(table).select('id').where(table === 'comments' ? 'origin_id' : 'content_id', '=', doomed.id)
          .where(table === 'comments' ? 'origin' : 'content_type', '=', 'podcast').execute()).length;
      expect(await left('comments')).toBe(0);
      expect(await left('content_reactions')).toBe(0);
      expect(await t.app.db.selectFrom('podcast_progress').select('user_id').where('podcast_id', '=', doomed.id).execute()).toEqual([]);
    });

    it('plays the seeded podcast to the demo learner, in the seeded playlist', async () => {
      const demo = await login(t.app, DEMO.learner.email, DEMO.learner.password);
      const seeded = (await learnerPage(demo)).results.find((r) => r.title === 'Boas-vindas ao time')!;
      expect(seeded.duration).toBeCloseTo(7.053, 2);
      const detail = (await get(L(PODCAST_PATHS.learnerPodcast(seeded.id)), demo)).json<LearnerPodcast>();
      const served = await openMedia(t.app, detail.audio_url);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.length).toBeLessThanOrEqual(60 * 1024);
      const lists = (await get(L(PODCAST_PATHS.learnerPlaylists), demo)).json<LearnerPlaylist[]>();
      expect(lists.find((p) => p.title === 'Primeira semana')?.podcasts.map((p) => p.id)).toEqual([seeded.id]);
    });
  });
});
