import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORUM_ADMIN_PATHS as A, FORUM_LEARNER_PATHS as L, TRAINING_PATHS } from '@lp/shared/contract';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, bearer, buildTestApp, login, type TestApp, type Tokens } from './helpers.ts';
import { addModule, createTraining, orgIds, postForm, setClientSettings, trainingBody, type OrgIds } from './trainingsFixtures.ts';
import { adminWith, clientIds, loginSuperuser, userId, type Clients } from './userFixtures.ts';

const api = (path: string) => `/api${path}`;
const pause = () => new Promise((r) => setTimeout(r, 5));
type Row = { id: number; [key: string]: unknown };
const ids = (rows: Row[]) => rows.map((r) => r.id);

/** spec 2 §2.3 discussions, §3.10 forum topic, §4.1, §4.11 forum, §7.1 list_all_topic, §8 forum messages. */
describe.each(DIALECTS)('training forum on %s', (dialect) => {
  let t: TestApp;
  let c: Clients;
  let org: OrgIds;
  let manager: { id: number; tokens: Tokens };
  let coOwner: { id: number; tokens: Tokens };
  let reader: Tokens;
  let tagsOnly: Tokens;
  let outsider: Tokens;
  let learner: Tokens;
  let learnerId: number;
  let otherAdmin: Tokens;
  let training: number;
  let second: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    const su = await loginSuperuser(t.app);
    c = await clientIds(t.app);
    org = await orgIds(t.app, c.demo);
    manager = await adminWith(t.app, su, c.demo, ['trainings', 'trainings_manage', 'trainings_set_score']);
    coOwner = await adminWith(t.app, su, c.demo, ['trainings']);
    reader = (await adminWith(t.app, su, c.demo, ['trainings'])).tokens;
    tagsOnly = (await adminWith(t.app, su, c.demo, ['tags'])).tokens;
    // a user of the client outside the training's audience (no group, no profile)
    outsider = (await adminWith(t.app, su, c.demo, [])).tokens;
    learner = await login(t.app, DEMO.learner.email, DEMO.learner.password);
    learnerId = await userId(t.app, DEMO.learner.email);
    otherAdmin = await login(t.app, DEMO.otherAdmin.email, DEMO.otherAdmin.password);
    // the demo learner is in the group 'Onboarding 2026'
    const audience = { user_groups: [org.groups['Onboarding 2026']!], owners: [coOwner.id] };
    training = await createTraining(t.app, manager.tokens, trainingBody(org, { title: 'Forum training', ...audience }));
    second = await createTraining(t.app, manager.tokens, trainingBody(org, { title: 'Second training', ...audience }));
    for (const id of [training, second]) {
      await addModule(t.app, id);
      const res = await postForm(t.app, api(TRAINING_PATHS.publish(id)), manager.tokens);
      if (res.statusCode !== 200) throw new Error(`publish: ${res.body}`);
    }
  });
  afterAll(async () => { await t.close(); });

  const get = (url: string, tokens: Tokens) => t.app.inject({ url: api(url), headers: bearer(tokens) });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, tokens: Tokens, payload?: object) =>
    t.app.inject({ method, url: api(url), headers: bearer(tokens), ...(payload ? { payload } : {}) });
  const form = (url: string, tokens: Tokens, fields: Record<string, string> = {}) => postForm(t.app, api(url), tokens, fields);

  async function newTopic(title: string, tokens: Tokens = learner, trainingId = training, text = 'Corpo do tópico'): Promise<number> {
    const res = await send('POST', L.topics(trainingId), tokens, { title, text });
    if (res.statusCode !== 201) throw new Error(`topic: ${res.statusCode} ${res.body}`);
    await pause();
    return res.json().id as number;
  }
  async function newReply(topicId: number, text: string, tokens: Tokens = learner, trainingId = training): Promise<number> {
    const res = await send('POST', L.replies(trainingId, topicId), tokens, { text });
    if (res.statusCode !== 201) throw new Error(`reply: ${res.statusCode} ${res.body}`);
    await pause();
    return res.json().id as number;
  }
  const notificationsOf = (user: number) => t.app.db.selectFrom('notifications').select(['kind', 'payload', 'client_id'])
    .where('user_id', '=', user).where('kind', 'like', 'forum_%').orderBy('id').execute();

  it('lets a learner of the audience open a topic: plain text, cleaned, the §3.10 shape', async () => {
    const res = await send('POST', L.topics(training), learner, { title: '  Dúvida\nsobre   <b>metas</b> ', text: 'Linha 1\r\nLinha 2\u0007' });
    expect(res.statusCode, res.body).toBe(201);
    const topic = res.json();
    expect(topic).toMatchObject({
      title: 'Dúvida sobre <b>metas</b>', text: 'Linha 1\nLinha 2', status: 1, report: false, liked: false, likes: 0, qty_answers: 0,
      author: { id: learnerId, name: DEMO.learner.full_name, author_image: null },
    });
    expect(topic.updated_date).toBe(topic.created_in);
    expect(new Date(topic.updated_date).toISOString()).toBe(topic.updated_date);

    // docs/security.md "Input edges": a NUL is refused before anything is stored, not cleaned
    const nul = await send('POST', L.topics(training), learner, { title: 'Dúvida', text: 'Linha\u0000' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().fields).toEqual({ text: 'validation_error' });
    const missing = await send('POST', L.topics(training), learner, { title: ' \n ', text: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'make_sure_that_all_fields_are_filled_in', fields: { title: 'make_sure_that_all_fields_are_filled_in' } });
    const long = await send('POST', L.topics(training), learner, { title: 'x'.repeat(257), text: 'y'.repeat(10_001) });
    expect(long.json()).toMatchObject({ code: 'title_too_long', fields: { title: 'title_too_long', text: 'forum_text_too_long' } });
    const reply = await send('POST', L.replies(training, topic.id), learner, { text: '   ' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().fields).toEqual({ text: 'make_sure_that_all_fields_are_filled_in' });
  });

  it('lists topics in both envelopes with search on title and author, and ordering (§7.1)', async () => {
    const alpha = await newTopic('Alpha envelope topic', learner, second);
    const beta = await newTopic('Beta envelope topic', coOwner.tokens, second);
    const gamma = await newTopic('Gamma other subject', learner, second);

    const drf = await get(`${A.topics(second)}?page_size=0`, reader);
    expect(drf.statusCode, drf.body).toBe(200);
    expect(drf.json().count).toBe(3);
    // default ordering: the latest activity first
    expect(ids(drf.json().results)).toEqual([gamma, beta, alpha]);
    expect(drf.json().results[2]).toEqual({
      id: alpha, title: 'Alpha envelope topic', status: 1, report: false, liked: false, likes: 0, qty_answers: 0,
      updated_date: expect.any(String), author: { id: learnerId, name: DEMO.learner.full_name, author_image: null },
    });
    expect(drf.json().results[2]).not.toHaveProperty('text');

    expect(ids((await get(`${A.topics(second)}?search=ENVELOPE&ordering=title`, reader)).json().results)).toEqual([alpha, beta]);
    expect(ids((await get(`${A.topics(second)}?search=${encodeURIComponent('lia learn')}&ordering=-title`, reader)).json().results)).toEqual([gamma, alpha]);
    const page2 = (await get(`${A.topics(second)}?ordering=title&page=2&page_size=2`, reader)).json();
    expect(page2.count).toBe(3);
    expect(ids(page2.results)).toEqual([gamma]);

    const simple = await get(`${A.topics(second)}?range=[0,1]&sort=${encodeURIComponent('["title","DESC"]')}&filter=${encodeURIComponent('{"q":"topic"}')}`, reader);
    expect(ids(simple.json())).toEqual([beta, alpha]);
    expect(simple.headers['content-range']).toBe('group_training_forum 0-1/2');
    expect((await get(`${A.topics(second)}?ordering=nope`, reader)).statusCode).toBe(400);
  });

  it('counts replies, and a new reply moves the topic up (updated_date)', async () => {
    const older = await newTopic('Older topic');
    const newer = await newTopic('Newer topic');
    const before = (await get(A.topic(training, older), reader)).json();
    await newReply(older, 'Primeira resposta');
    await newReply(older, 'Segunda resposta', coOwner.tokens);
    const after = (await get(A.topic(training, older), reader)).json();
    expect(after.qty_answers).toBe(2);
    expect(after.updated_date > before.updated_date).toBe(true);
    expect(after.created_in).toBe(before.created_in);
    const list = (await get(`${A.topics(training)}?search=${encodeURIComponent('er topic')}`, reader)).json();
    expect(ids(list.results)).toEqual([older, newer]);

    const replies = (await get(`${A.replies(training, older)}?page_size=1`, reader)).json();
    expect(replies.count).toBe(2);
    expect(replies.results).toEqual([{
      id: expect.any(Number), topic_id: older, text: 'Primeira resposta', status: 1, report: false, liked: false, likes: 0,
      created_in: expect.any(String), updated_date: expect.any(String), author: { id: learnerId, name: DEMO.learner.full_name, author_image: null },
    }]);
    const page2 = (await get(`${A.replies(training, older)}?page=2&page_size=1`, reader)).json();
    expect(page2.results[0]).toMatchObject({ text: 'Segunda resposta', author: { id: coOwner.id } });
  });

  it('changes a topic status 1–4; learners see published and closed ones; a closed topic refuses replies (§4.11)', async () => {
    const topic = await newTopic('Status topic');
    const reply = await newReply(topic, 'Antes de fechar');
    const setStatus = (status: string) => form(A.topicStatus(training, topic), manager.tokens, { status });

    const hidden = await setStatus('2');
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ id: topic, status: 2, text: 'Corpo do tópico' });
    expect((await get(L.topic(training, topic), learner)).statusCode).toBe(404);
    expect(ids((await get(`${L.topics(training)}?page_size=0`, learner)).json().results)).not.toContain(topic);
    expect((await send('POST', L.replies(training, topic), learner, { text: 'oi' })).statusCode).toBe(404);

    expect((await setStatus('4')).json().status).toBe(4);
    expect((await get(L.topic(training, topic), learner)).json().status).toBe(4);
    const refused = await send('POST', L.replies(training, topic), learner, { text: 'Depois de fechar' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('topic_closed');
    // the author cannot edit a reply or the topic of a closed discussion either
    expect((await send('PUT', L.reply(training, topic, reply), learner, { text: 'Editada' })).json().code).toBe('topic_closed');
    expect((await send('PUT', L.topic(training, topic), learner, { title: 'Editado' })).json().code).toBe('topic_closed');
    expect((await get(A.topic(training, topic), reader)).json().qty_answers).toBe(1);

    expect((await setStatus('1')).json().status).toBe(1);
    expect((await send('POST', L.replies(training, topic), learner, { text: 'Reaberto' })).statusCode).toBe(201);
    expect((await setStatus('3')).json().status).toBe(3);
    // moderators still see a deleted topic, so they can restore it
    expect((await get(`${A.topics(training)}?status=3`, reader)).json().results.map((r: Row) => r.id)).toContain(topic);
    expect((await setStatus('5')).statusCode).toBe(400);
    expect((await setStatus('0')).statusCode).toBe(400);
  });

  it('changes a reply status 1–3 and keeps qty_answers to the published ones', async () => {
    const topic = await newTopic('Reply status topic');
    const first = await newReply(topic, 'Uma');
    const other = await newReply(topic, 'Outra');
    const url = A.replyStatus(training, topic, first);
    const res = await form(url, manager.tokens, { status: '2' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: first, topic_id: topic, status: 2 });
    expect((await get(A.topic(training, topic), reader)).json().qty_answers).toBe(1);
    expect(ids((await get(`${L.replies(training, topic)}?page_size=0`, learner)).json().results)).toEqual([other]);
    expect(ids((await get(`${A.replies(training, topic)}?page_size=0`, reader)).json().results)).toEqual([first, other]);
    expect((await form(url, manager.tokens, { status: '1' })).json().status).toBe(1);
    expect((await get(A.topic(training, topic), reader)).json().qty_answers).toBe(2);
    // closing is a topic's state
    expect((await form(url, manager.tokens, { status: '4' })).statusCode).toBe(400);
    // moderation does not count as activity
    const before = (await get(A.topic(training, topic), reader)).json().updated_date;
    await form(url, manager.tokens, { status: '3' });
    expect((await get(A.topic(training, topic), reader)).json().updated_date).toBe(before);
  });

  it('reports and unreports topics and replies; the training owners are notified once per report (§4.11)', async () => {
    const topic = await newTopic('Reported topic');
    const reply = await newReply(topic, 'Resposta ofensiva', coOwner.tokens);
    const before = { manager: (await notificationsOf(manager.id)).length, coOwner: (await notificationsOf(coOwner.id)).length };

    const reported = await send('POST', L.topicReport(training, topic), learner);
    expect(reported.statusCode, reported.body).toBe(200);
    expect(reported.json().report).toBe(true);
    // a second report of a reported topic tells nobody again
    expect((await send('POST', L.topicReport(training, topic), learner)).json().report).toBe(true);
    const toManager = (await notificationsOf(manager.id)).slice(before.manager);
    expect(toManager).toHaveLength(1);
    expect(toManager[0]!.kind).toBe('forum_topic_reported');
    expect(toManager[0]!.client_id).toBe(c.demo);
    expect(toManager[0]!.payload).toEqual({
      training: 'Forum training', topic: 'Reported topic', training_id: training, topic_id: topic, reply_id: null,
      link: `/admin/trainings/${training}/discussions`,
    });
    expect((await notificationsOf(coOwner.id)).slice(before.coOwner)).toHaveLength(1);
    expect(await notificationsOf(learnerId)).toEqual([]);
    // visible through the notifications endpoint of the owner
    const bell = (await get('/notifications/', manager.tokens)).json();
    expect(bell.results.some((n: { kind: string }) => n.kind === 'forum_topic_reported')).toBe(true);

    expect((await get(`${A.topics(training)}?report=true`, reader)).json().results.map((r: Row) => r.id)).toContain(topic);
    // learners report; only a moderator clears a report
    expect((await send('POST', `${L.topic(training, topic)}unreport/`, learner)).statusCode).toBe(404);
    const cleared = await form(A.topicUnreport(training, topic), manager.tokens);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().report).toBe(false);
    expect((await get(`${A.topics(training)}?report=true`, reader)).json().results.map((r: Row) => r.id)).not.toContain(topic);

    const replyReport = await send('POST', L.replyReport(training, topic, reply), learner);
    expect(replyReport.json()).toMatchObject({ id: reply, report: true });
    // both owners hear of the reply's report (its author is one of them)
    const replyNotes = (await notificationsOf(manager.id)).slice(before.manager + 1);
    expect(replyNotes.map((n) => n.kind)).toEqual(['forum_reply_reported']);
    expect(replyNotes[0]!.payload).toMatchObject({ reply_id: reply, topic_id: topic });
    expect((await form(A.replyUnreport(training, topic, reply), manager.tokens)).json().report).toBe(false);
    // a moderator's own report tells the other owners, not them
    const byModerator = await form(A.replyReport(training, topic, reply), manager.tokens);
    expect(byModerator.json().report).toBe(true);
    expect((await notificationsOf(manager.id)).slice(before.manager + 2)).toEqual([]);
    expect((await notificationsOf(coOwner.id)).slice(before.coOwner).map((n) => n.kind)).toEqual(['forum_topic_reported', 'forum_reply_reported', 'forum_reply_reported']);
  });

  it('counts a like once per user, for topics and replies', async () => {
    const topic = await newTopic('Liked topic');
    const reply = await newReply(topic, 'Curtida');
    const like = (tokens: Tokens) => send('POST', L.topicLike(training, topic), tokens);
    expect((await like(learner)).json()).toMatchObject({ liked: true, likes: 1 });
    expect((await like(learner)).json()).toMatchObject({ liked: true, likes: 1 });
    // an owner takes part in the forum too
    expect((await like(coOwner.tokens)).json()).toMatchObject({ liked: true, likes: 2 });
    expect((await get(A.topic(training, topic), manager.tokens)).json()).toMatchObject({ liked: false, likes: 2 });
    expect((await send('POST', L.topicUnlike(training, topic), learner)).json()).toMatchObject({ liked: false, likes: 1 });
    expect((await send('POST', L.topicUnlike(training, topic), learner)).json()).toMatchObject({ liked: false, likes: 1 });

    expect((await send('POST', L.replyLike(training, topic, reply), learner)).json()).toMatchObject({ liked: true, likes: 1 });
    expect((await send('POST', L.replyLike(training, topic, reply), learner)).json()).toMatchObject({ liked: true, likes: 1 });
    expect((await send('POST', L.replyLike(training, topic, reply), coOwner.tokens)).json()).toMatchObject({ likes: 2 });
    expect((await send('POST', L.replyUnlike(training, topic, reply), coOwner.tokens)).json()).toMatchObject({ liked: false, likes: 1 });
    const rows = await t.app.db.selectFrom('forum_reply_likes').select('user_id').where('reply_id', '=', reply).execute();
    expect(rows.map((r) => r.user_id)).toEqual([learnerId]);
  });

  it('lets only the author edit and delete (delete = status 3, a moderator can restore)', async () => {
    const topic = await newTopic('Author topic');
    const reply = await newReply(topic, 'Minha resposta');
    const before = (await get(A.topic(training, topic), reader)).json().updated_date;
    const edited = await send('PUT', L.topic(training, topic), learner, { title: 'Author topic (edited)', text: 'Novo corpo' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Author topic (edited)', text: 'Novo corpo' });
    expect(edited.json().updated_date > before).toBe(true);
    expect((await send('PUT', L.topic(training, topic), coOwner.tokens, { title: 'Hijack' })).statusCode).toBe(403);
    expect((await send('PUT', L.reply(training, topic, reply), coOwner.tokens, { text: 'Hijack' })).statusCode).toBe(403);
    expect((await send('DELETE', L.reply(training, topic, reply), coOwner.tokens)).statusCode).toBe(403);
    expect((await send('PUT', L.reply(training, topic, reply), learner, { text: 'Corrigida' })).json().text).toBe('Corrigida');

    expect((await send('DELETE', L.reply(training, topic, reply), learner)).statusCode).toBe(204);
    expect((await get(A.topic(training, topic), reader)).json().qty_answers).toBe(0);
    expect((await send('DELETE', L.topic(training, topic), learner)).statusCode).toBe(204);
    expect((await get(L.topic(training, topic), learner)).statusCode).toBe(404);
    expect((await get(A.topic(training, topic), reader)).json().status).toBe(3);
    expect((await form(A.topicStatus(training, topic), manager.tokens, { status: '1' })).json().status).toBe(1);
    expect((await get(L.topic(training, topic), learner)).statusCode).toBe(200);
  });

  it('never reaches another training\'s or another client\'s topics', async () => {
    const topic = await newTopic('Isolated topic');
    const reply = await newReply(topic, 'Isolada');
    // the topic of one training is not found under another
    expect((await get(A.topic(second, topic), reader)).statusCode).toBe(404);
    expect((await form(A.topicStatus(second, topic), manager.tokens, { status: '2' })).statusCode).toBe(404);
    expect((await form(A.replyStatus(second, topic, reply), manager.tokens, { status: '2' })).statusCode).toBe(404);
    expect((await send('POST', L.replies(second, topic), learner, { text: 'x' })).statusCode).toBe(404);
    // a reply id under another topic
    const otherTopic = await newTopic('Other topic');
    expect((await form(A.replyReport(training, otherTopic, reply), manager.tokens)).statusCode).toBe(404);
    expect((await send('POST', L.replyLike(training, otherTopic, reply), learner)).statusCode).toBe(404);

    // another client's administrator (every module item) finds nothing
    for (const url of [A.topics(training), A.topic(training, topic), A.replies(training, topic)]) {
      expect((await get(url, otherAdmin)).statusCode).toBe(404);
    }
    expect((await form(A.topicStatus(training, topic), otherAdmin, { status: '3' })).statusCode).toBe(404);
    expect((await form(A.topicReport(training, topic), otherAdmin)).statusCode).toBe(404);
    expect((await form(A.replyUnreport(training, topic, reply), otherAdmin)).statusCode).toBe(404);
    expect((await get(L.topics(training), otherAdmin)).statusCode).toBe(404);
    expect((await send('POST', L.topics(training), otherAdmin, { title: 'Intruso' })).statusCode).toBe(404);
    const row = await t.app.db.selectFrom('forum_topics').select(['status', 'reported']).where('id', '=', topic).executeTakeFirstOrThrow();
    expect(row.status).toBe(1);
  });

  it('checks permissions: trainings to read, trainings_manage to moderate, the audience to take part', async () => {
    const topic = await newTopic('Permission topic');
    const reply = await newReply(topic, 'Permissão');
    expect((await get(A.topics(training), tagsOnly)).statusCode).toBe(403);
    expect((await get(A.topics(training), learner)).statusCode).toBe(403);
    expect((await t.app.inject({ url: api(A.topics(training)) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: api(L.topics(training)) })).statusCode).toBe(401);
    expect((await get(A.topic(training, topic), reader)).statusCode).toBe(200);
    for (const [url, fields] of [
      [A.topicStatus(training, topic), { status: '2' }], [A.topicReport(training, topic), {}], [A.topicUnreport(training, topic), {}],
      [A.replyStatus(training, topic, reply), { status: '2' }], [A.replyReport(training, topic, reply), {}], [A.replyUnreport(training, topic, reply), {}],
    ] as const) {
      const res = await form(url, reader, fields);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code).toBe('permission_denied');
    }
    // a user of the client outside the audience
    const refused = await get(L.topics(training), outsider);
    expect(refused.statusCode).toBe(403);
    expect((await send('POST', L.topicLike(training, topic), outsider)).statusCode).toBe(403);
    expect((await send('POST', L.topics(training), outsider, { title: 'Fora' })).statusCode).toBe(403);
  });

  it('admits a learner by area and profile, and only on a published training of a client with has_forum', async () => {
    const su = await loginSuperuser(t.app);
    const member = await adminWith(t.app, su, c.demo, []);
    const byProfile = await createTraining(t.app, manager.tokens, trainingBody(org, { title: 'Audience training' }));
    await addModule(t.app, byProfile);
    await form(TRAINING_PATHS.publish(byProfile), manager.tokens);
    expect((await get(L.topics(byProfile), member.tokens)).statusCode).toBe(403);
    // trainingBody's audience: area Sales, profile Salesperson — both are needed
    await t.app.db.updateTable('user_clients').set({ profile_id: org.profiles.Salesperson! }).where('user_id', '=', member.id).where('client_id', '=', c.demo).execute();
    expect((await get(L.topics(byProfile), member.tokens)).statusCode).toBe(403);
    await t.app.db.insertInto('user_areas').values({ user_id: member.id, client_id: c.demo, area_id: org.areas.Sales! }).execute();
    expect((await get(L.topics(byProfile), member.tokens)).statusCode).toBe(200);

    await form(TRAINING_PATHS.unpublish(byProfile), manager.tokens);
    expect((await get(L.topics(byProfile), member.tokens)).statusCode).toBe(404);
    // moderation goes on while the training is unpublished
    expect((await get(A.topics(byProfile), reader)).statusCode).toBe(200);

    await setClientSettings(t.app, c.demo, { has_forum: false });
    try {
      expect((await get(L.topics(training), learner)).statusCode).toBe(404);
    } finally {
      await setClientSettings(t.app, c.demo, { has_forum: true });
    }
    expect((await get(L.topics(training), learner)).statusCode).toBe(200);
  });
});
