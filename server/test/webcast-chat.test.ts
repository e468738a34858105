import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHAT_MEDIA_TIME_RANGE, LEARNER_CHAT_RATE, webcastChatChannel } from '@lp/shared/rules';
import { WEBCAST_CHAT_PATHS, type ChatMessage } from '@lp/shared/contract';
import { writeAudience } from '../src/content/audience/index.ts';
import { DEMO } from '../src/seed/demo.ts';
import { bearer, DIALECTS, type TestApp, type Tokens } from './helpers.ts';
import { openSocket } from './realtimeFixtures.ts';
import { postForm } from './trainingsFixtures.ts';
import { insertWebcast, type ChatWorld } from './webcastChatFixtures.ts';
import { CHAT_HEARTBEAT_MS as HEARTBEAT_MS, chatSuite } from './webcastChatSuite.ts';

/** Webcast chat (spec 2 §2.5 chat moderation tab, §3.12, §4.13, §6, §7.3 "Chat"): sending, moving, the learner. */
describe.each(DIALECTS)('webcast chat (%s)', (dialect) => {
  const s = chatSuite(dialect);
  const { api, adminSend, move, learnerSend, learnerRead, newWebcast, pendingMessage } = s;
  let t: TestApp;
  let w: ChatWorld;
  let webcast: number;
  beforeAll(() => {
    ({ t, w } = s);
  });
  beforeEach(() => {
    webcast = s.webcast;
  });

  it('the demo data gives the live demo webinar a message in each column (seed/webcastChat.ts)', async () => {
    const rows = await t.app.db.selectFrom('webcast_chat_messages').innerJoin('webcasts', 'webcasts.id', 'webcast_chat_messages.webcast_id')
      .select(['webcast_chat_messages.state', 'webcast_chat_messages.admin_flag'])
      .where('webcasts.title', '=', 'Boas-vindas ao vivo: onboarding 2026').orderBy('webcast_chat_messages.id').execute();
    expect(rows.map((r) => [r.state, Boolean(r.admin_flag)])).toEqual([['public', true], ['public', false], ['disapproved', false], ['pending', false]]);
  });

  describe('send_chat_message (the moderation side)', () => {
    it("is public at once, flagged 'a', with the sender's name; sending needs only the webcasts item (§6)", async () => {
      const res = await adminSend(w.viewer, '  Bem-vindos!  ');
      expect(res.statusCode).toBe(201);
      const message = res.json<ChatMessage>();
      const sender = await t.app.db.selectFrom('webcast_chat_messages').innerJoin('users', 'users.id', 'webcast_chat_messages.user_id')
        .select('users.full_name').where('webcast_chat_messages.id', '=', message.id).executeTakeFirstOrThrow();
      expect(message).toEqual({
        id: expect.any(Number), n: sender.full_name, m: 'Bem-vindos!', t: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), a: true, state: 'public', media_time: expect.any(String),
      });
      // the moderation side watches no delay: its media time is when it sent
      expect(Math.abs(Date.parse(message.media_time!) - Date.parse(message.t))).toBeLessThan(1000);
    });

    it('is refused when the chat is off', async () => {
      const off = await newWebcast({ use_chat: false });
      const res = await adminSend(w.moderator, 'hello', off);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('chat_disabled');
    });

    it('checks the text: required, at most 1000 characters', async () => {
      const empty = await adminSend(w.moderator, '   ');
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ code: 'make_sure_that_all_fields_are_filled_in', fields: { message: 'make_sure_that_all_fields_are_filled_in' } });
      const long = await adminSend(w.moderator, 'x'.repeat(1001));
      expect(long.statusCode).toBe(400);
      expect(long.json().code).toBe('chat_message_too_long');
      expect(await t.app.db.selectFrom('webcast_chat_messages').select('id').where('webcast_id', '=', webcast).execute()).toEqual([]);
    });

    it('needs the webcasts module item, and the webcast of the selected client', async () => {
      expect((await adminSend(w.stranger, 'hi')).statusCode).toBe(403);
      expect((await adminSend(w.learner, 'hi')).statusCode).toBe(403);
      const res = await adminSend(w.otherAdmin, 'hi');
      expect([403, 404]).toContain(res.statusCode);
      const elsewhere = await insertWebcast(t.app, { clientId: w.clients.other });
      expect((await adminSend(w.moderator, 'hi', elsewhere)).statusCode).toBe(404);
      expect((await adminSend(w.moderator, 'hi', 999_999)).statusCode).toBe(404);
    });
  });

  describe('moves (§4.13)', () => {
    it('pending → approved → disapproved → approved', async () => {
      const { id } = await pendingMessage();
      const approved = await move('approve', w.moderator, id);
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toMatchObject({ id, state: 'public', a: false });
      expect((await move('disapprove', w.moderator, id)).json()).toMatchObject({ id, state: 'disapproved' });
      expect((await move('approve', w.moderator, id)).json()).toMatchObject({ id, state: 'public' });
      const row = await t.app.db.selectFrom('webcast_chat_messages').select(['state', 'moderated_by']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.state).toBe('public');
      expect(row.moderated_by).not.toBeNull();
    });

    it('pending → disapproved', async () => {
      const { id } = await pendingMessage();
      expect((await move('disapprove', w.moderator, id)).json()).toMatchObject({ id, state: 'disapproved' });
    });

    it('refuses every other move with 409 chat_message_move_not_allowed, changing nothing', async () => {
      const { id } = await pendingMessage();
      await move('approve', w.moderator, id);
      const again = await move('approve', w.moderator, id);
      expect(again.statusCode).toBe(409);
      expect(again.json().code).toBe('chat_message_move_not_allowed');
      await move('disapprove', w.moderator, id);
      const twice = await move('disapprove', w.moderator, id);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().code).toBe('chat_message_move_not_allowed');
      const row = await t.app.db.selectFrom('webcast_chat_messages').select('state').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.state).toBe('disapproved');
    });

    it('of two moderators approving at once, one wins and the other is told', async () => {
      const { id } = await pendingMessage();
      const answers = await Promise.all([move('approve', w.moderator, id), move('approve', w.superuser, id)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    });

    it('need webcasts_manage (§6); the webcasts item alone may not', async () => {
      const { id } = await pendingMessage();
      for (const action of ['approve', 'disapprove'] as const) {
        const res = await move(action, w.viewer, id);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('permission_denied');
        expect((await move(action, w.learner, id)).statusCode).toBe(403);
      }
      const row = await t.app.db.selectFrom('webcast_chat_messages').select('state').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.state).toBe('pending');
    });

    it('only reach messages of that webcast', async () => {
      const { id } = await pendingMessage();
      const other = await newWebcast();
      expect((await move('approve', w.moderator, id, other)).statusCode).toBe(404);
      expect((await move('approve', w.moderator, 999_999)).statusCode).toBe(404);
      const bad = await postForm(t.app, api(WEBCAST_CHAT_PATHS.approve(webcast)), w.moderator, { message_id: 'abc' });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('the learner', () => {
    it('sends into moderation when chat_moderated, straight to public otherwise', async () => {
      const moderated = await learnerSend(w.learner, 'Pergunta moderada');
      expect(moderated.statusCode).toBe(201);
      expect(moderated.json()).toEqual({ id: expect.any(Number), n: DEMO.learner.full_name, m: 'Pergunta moderada', t: expect.any(String), a: false, state: 'pending', media_time: null, mine: true });
      const open = await newWebcast({ chat_moderated: false });
      expect((await learnerSend(w.learner, 'Direto', open)).json()).toMatchObject({ state: 'public', a: false, mine: true });
    });

    it('reads the public messages and their own pending ones, newest first; not others\' pending nor disapproved ones', async () => {
      const mine = await pendingMessage('minha pendente');
      const theirs = (await learnerSend(w.learner2, 'pendente de outro')).json<ChatMessage>();
      const approved = (await learnerSend(w.learner2, 'aprovada')).json<ChatMessage>();
      await move('approve', w.moderator, approved.id);
      const rejected = await pendingMessage('reprovada');
      await move('disapprove', w.moderator, rejected.id);
      const announcement = (await adminSend(w.moderator, 'aviso')).json<ChatMessage>();

      const res = await learnerRead(w.learner);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        count: 3,
        results: [
          { ...announcement, mine: false },
          { ...approved, state: 'public', mine: false },
          { ...mine, mine: true },
        ],
      });
      expect(res.json().results.map((m: ChatMessage) => m.id)).not.toContain(theirs.id);
    });

    it('pages newest first, by page or by `before` (stable while new messages arrive)', async () => {
      const open = await newWebcast({ chat_moderated: false });
      const ids: number[] = [];
      for (let i = 0; i < 5; i += 1) ids.push((await learnerSend(w.learner, `m${i}`, open)).json<ChatMessage>().id);
      const page2 = (await learnerRead(w.learner, '?page=2&page_size=2', open)).json();
      expect(page2.count).toBe(5);
      expect(page2.results.map((m: ChatMessage) => m.m)).toEqual(['m2', 'm1']);
      const older = (await learnerRead(w.learner, `?before=${ids[2]}&page_size=10`, open)).json();
      expect(older.results.map((m: ChatMessage) => m.m)).toEqual(['m1', 'm0']);
      expect((await learnerRead(w.learner, '?page_size=101', open)).statusCode).toBe(400);
    });

    it('outside the audience, or an unpublished webcast, is not found', async () => {
      for (const call of [learnerRead(w.outsider), learnerSend(w.outsider, 'oi')]) {
        const res = await call;
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe('not_found');
      }
      const unpublished = await newWebcast({ status: 2 });
      expect((await learnerRead(w.learner, '', unpublished)).statusCode).toBe(404);
      const deleted = await newWebcast({ status: 3 });
      expect((await learnerSend(w.learner, 'oi', deleted)).statusCode).toBe(404);
      // finished (4) and converting (5) stay open: the watch page shows the recording
      const finished = await newWebcast({ status: 4 });
      expect((await learnerRead(w.learner, '', finished)).statusCode).toBe(200);
      const other = await insertWebcast(t.app, { clientId: w.clients.other });
      expect((await learnerRead(w.learner, '', other)).statusCode).toBe(404);
    });

    it('an audience by profile and area works as for trainings', async () => {
      const member = await t.app.db.selectFrom('user_clients').select('profile_id').where('client_id', '=', w.clients.demo)
        .where('user_id', '=', w.learnerId).executeTakeFirstOrThrow();
      const area = await t.app.db.selectFrom('user_areas').select('area_id').where('client_id', '=', w.clients.demo)
        .where('user_id', '=', w.learnerId).executeTakeFirst();
      const byProfile = await insertWebcast(t.app, { clientId: w.clients.demo });
      if (member.profile_id === null || !area) {
        const res = await learnerRead(w.learner, '', byProfile);
        expect(res.statusCode).toBe(404);
        return;
      }
      await writeAudience(t.app.db, 'webcast', byProfile, { profiles: [member.profile_id] });
      expect((await learnerRead(w.learner, '', byProfile)).statusCode).toBe(404);
      await writeAudience(t.app.db, 'webcast', byProfile, { areas: [area.area_id] });
      expect((await learnerRead(w.learner, '', byProfile)).statusCode).toBe(200);
    });

    it('is refused when the chat is off', async () => {
      const off = await newWebcast({ use_chat: false });
      for (const call of [learnerRead(w.learner, '', off), learnerSend(w.learner, 'oi', off)]) {
        const res = await call;
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe('chat_disabled');
      }
    });

    it('checks the text as the moderation side does', async () => {
      expect((await learnerSend(w.learner, ' ')).json().code).toBe('make_sure_that_all_fields_are_filled_in');
      expect((await learnerSend(w.learner, 'y'.repeat(1001))).json().code).toBe('chat_message_too_long');
      const noBody = await t.app.inject({ method: 'POST', url: api(WEBCAST_CHAT_PATHS.learner(webcast)), headers: bearer(w.learner), payload: {} });
      expect(noBody.statusCode).toBe(400);
    });

    it('keeps the publisher time of the picture the learner was watching, and passes it on live', async () => {
      const open = await newWebcast({ chat_moderated: false });
      const watched = new Date(Date.now() - 4000).toISOString();
      const sent = await t.app.inject({
        method: 'POST', url: api(WEBCAST_CHAT_PATHS.learner(open)), headers: bearer(w.learner), payload: { message: 'sobre isso', media_time: watched },
      });
      expect(sent.statusCode).toBe(201);
      expect(sent.json()).toMatchObject({ state: 'public', media_time: watched });
      const read = (await learnerRead(w.learner2, '', open)).json<{ results: ChatMessage[] }>();
      expect(read.results[0]).toMatchObject({ m: 'sobre isso', media_time: watched });
      // null: sent without a player
      const none = await t.app.inject({
        method: 'POST', url: api(WEBCAST_CHAT_PATHS.learner(open)), headers: bearer(w.learner2), payload: { message: 'sem player', media_time: null },
      });
      expect(none.json()).toMatchObject({ media_time: null });
    });

    it('refuses a media time out of CHAT_MEDIA_TIME_RANGE around now, or not a time, storing nothing', async () => {
      const before = await t.app.db.selectFrom('webcast_chat_messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const at = (ms: number) => new Date(Date.now() + ms).toISOString();
      for (const mediaTime of [at(-(CHAT_MEDIA_TIME_RANGE.pastMs + 60_000)), at(CHAT_MEDIA_TIME_RANGE.futureMs + 60_000), 'yesterday']) {
        const res = await t.app.inject({
          method: 'POST', url: api(WEBCAST_CHAT_PATHS.learner(webcast)), headers: bearer(w.learner), payload: { message: 'fora', media_time: mediaTime },
        });
        expect(res.statusCode, mediaTime).toBe(400);
        expect(res.json().code).toBe('chat_media_time_invalid');
      }
      const after = await t.app.db.selectFrom('webcast_chat_messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it('needs a login', async () => {
      expect((await t.app.inject({ method: 'GET', url: api(WEBCAST_CHAT_PATHS.learner(webcast)) })).statusCode).toBe(401);
    });

    it('may not flood the chat: past LEARNER_CHAT_RATE in the window, 429 too_many_chat_messages with Retry-After, nothing stored', async () => {
      const open = await newWebcast({ chat_moderated: false });
      for (let i = 0; i < LEARNER_CHAT_RATE.max; i += 1) expect((await learnerSend(w.learner, `rápida ${i}`, open)).statusCode).toBe(201);
      const refused = await learnerSend(w.learner, 'mais uma', open);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('too_many_chat_messages');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(LEARNER_CHAT_RATE.windowSeconds);
      const stored = () => t.app.db.selectFrom('webcast_chat_messages').select('text').where('webcast_id', '=', open).where('user_id', '=', w.learnerId).execute();
      expect((await stored()).map((m) => m.text)).not.toContain('mais uma');
      // the guard is per webcast, and the moderation side is not limited
      expect((await learnerSend(w.learner, 'noutro webinar', webcast)).statusCode).toBe(201);
      for (let i = 0; i < LEARNER_CHAT_RATE.max + 2; i += 1) expect((await adminSend(w.viewer, `aviso ${i}`, open)).statusCode).toBe(201);
      // once the window has passed (the messages made older), the learner sends again
      const past = new Date(Date.now() - LEARNER_CHAT_RATE.windowSeconds * 1000 - 1000);
      await t.app.db.updateTable('webcast_chat_messages').set({ created_at: past }).where('webcast_id', '=', open).where('user_id', '=', w.learnerId).execute();
      expect((await learnerSend(w.learner, 'agora sim', open)).statusCode).toBe(201);
      expect((await stored()).map((m) => m.text)).toContain('agora sim');
    });
    it('a send retried with its client_message_id is the same message: 200, stored once, announced once; another sender may reuse the id', async () => {
      const open = await newWebcast({ chat_moderated: false });
      const socket = await openSocket(t.app, w.learner2);
      socket.keepAlive(HEARTBEAT_MS);
      try {
        await socket.subscribe(webcastChatChannel(open, 'public'));
        const send = (tokens: Tokens, message: string) => t.app.inject({
          method: 'POST', url: api(WEBCAST_CHAT_PATHS.learner(open)), headers: bearer(tokens), payload: { message, client_message_id: 'c0ffee-0001' },
        });
        const first = await send(w.learner, 'uma vez só');
        expect(first.statusCode).toBe(201);
        const again = await send(w.learner, 'uma vez só');
        expect(again.statusCode).toBe(200);
        expect(again.json()).toEqual(first.json());
        // a retry is not a new message for the flood guard either: past its limit it still answers
        for (let i = 0; i < LEARNER_CHAT_RATE.max + 1; i += 1) expect((await send(w.learner, 'uma vez só')).statusCode).toBe(200);
        const rows = await t.app.db.selectFrom('webcast_chat_messages').select('id').where('webcast_id', '=', open).where('user_id', '=', w.learnerId).execute();
        expect(rows).toEqual([{ id: first.json().id }]);
        expect(await socket.message(webcastChatChannel(open, 'public'))).toMatchObject({ message: { id: first.json().id } });
        const other = await send(w.learner2, 'outra pessoa');
        expect(other.statusCode).toBe(201);
        expect(other.json().id).not.toBe(first.json().id);
        // the only announcement that follows is the other sender's message
        expect(await socket.message(webcastChatChannel(open, 'public'))).toMatchObject({ message: { id: other.json().id } });
        const bad = await t.app.inject({ method: 'POST', url: api(WEBCAST_CHAT_PATHS.learner(open)), headers: bearer(w.learner), payload: { message: 'x', client_message_id: 'no spaces!' } });
        expect(bad.statusCode).toBe(400);
      } finally {
        socket.close();
      }
    });
  });

});
