import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CHAT_SNAPSHOT_LIMIT, webcastChatChannel, webcastOnlineChannel } from '@lp/shared/rules';
import type { ChatMessage } from '@lp/shared/contract';
import { DIALECTS, type TestApp, type Tokens } from './helpers.ts';
import { eventually, openSocket, sleep, type TestSocket } from './realtimeFixtures.ts';
import type { ChatWorld } from './webcastChatFixtures.ts';
import { CHAT_HEARTBEAT_MS as HEARTBEAT_MS, chatSuite } from './webcastChatSuite.ts';

/** Webcast chat over realtime (spec 2 §2.5 online_users, §3.12, §7.3 webcast_chat/{id}/{chatType}). */
describe.each(DIALECTS)('webcast chat realtime (%s)', (dialect) => {
  const s = chatSuite(dialect);
  const { adminSend, move, learnerSend, newWebcast, pendingMessage } = s;
  let t: TestApp;
  let w: ChatWorld;
  let webcast: number;
  beforeAll(() => {
    ({ t, w } = s);
  });
  beforeEach(() => {
    webcast = s.webcast;
  });

  describe('realtime channels (§7.3 webcast_chat/{id}/{chatType})', () => {
    const sockets: TestSocket[] = [];
    const open = async (tokens: Tokens) => {
      const s = await openSocket(t.app, tokens);
      s.keepAlive(HEARTBEAT_MS);
      sockets.push(s);
      return s;
    };
    afterAll(() => sockets.forEach((s) => s.close()));

    it('moderation and disapproved are the webcasts admin\'s; public is also the audience\'s', async () => {
      const learner = await open(w.learner);
      expect(await learner.refused(webcastChatChannel(webcast, 'moderation'))).toBe('permission_denied');
      expect(await learner.refused(webcastChatChannel(webcast, 'disapproved'))).toBe('permission_denied');
      expect(await learner.subscribe(webcastChatChannel(webcast, 'public'))).toEqual({ messages: [] });
      const viewer = await open(w.viewer);
      for (const type of ['moderation', 'public', 'disapproved'] as const) {
        expect(await viewer.subscribe(webcastChatChannel(webcast, type))).toEqual({ messages: [] });
      }
      const outsider = await open(w.outsider);
      expect(await outsider.refused(webcastChatChannel(webcast, 'public'))).toBe('not_found');
      expect(await outsider.refused(webcastOnlineChannel(webcast))).toBe('not_found');
      const stranger = await open(w.stranger);
      expect(await stranger.refused(webcastChatChannel(webcast, 'moderation'))).toBe('permission_denied');
      const other = await open(w.otherAdmin);
      expect(await other.refused(webcastChatChannel(webcast, 'moderation'))).toBe('permission_denied');
      expect(await other.refused(webcastChatChannel(webcast, 'public'))).toBe('not_found');
      expect(await viewer.refused(`webcast_chat/${webcast}/secret`)).toBe('invalid_channel');
      const off = await newWebcast({ use_chat: false });
      expect(await learner.refused(webcastChatChannel(off, 'public'))).toBe('chat_disabled');
    });

    it('starts each column from its newest messages, newest first', async () => {
      const a = await pendingMessage('primeira');
      const b = await pendingMessage('segunda');
      await move('approve', w.moderator, a.id);
      const admin = await open(w.moderator);
      const moderation = await admin.subscribe(webcastChatChannel(webcast, 'moderation')) as { messages: ChatMessage[] };
      const publicColumn = await admin.subscribe(webcastChatChannel(webcast, 'public')) as { messages: ChatMessage[] };
      expect(moderation.messages.map((m) => m.id)).toEqual([b.id]);
      const { mine: _, ...plain } = a as ChatMessage & { mine?: boolean };
      expect(publicColumn.messages).toEqual([{ ...plain, state: 'public' }]);
    });

    it('a snapshot holds at most the newest 200', async () => {
      const busy = await newWebcast({ chat_moderated: false });
      await t.app.db.insertInto('webcast_chat_messages').values(Array.from({ length: CHAT_SNAPSHOT_LIMIT + 5 }, (_, i) => ({
        webcast_id: busy, user_id: w.learnerId, sender_name: 'L', text: `n${i}`, admin_flag: false, state: 'public', moderated_by: null, moderated_at: null, created_at: new Date(),
      }))).execute();
      const admin = await open(w.moderator);
      const snapshot = await admin.subscribe(webcastChatChannel(busy, 'public')) as { messages: ChatMessage[] };
      expect(snapshot.messages).toHaveLength(CHAT_SNAPSHOT_LIMIT);
      expect(snapshot.messages[0]!.m).toBe(`n${CHAT_SNAPSHOT_LIMIT + 4}`);
    });

    it('every change reaches the column it left and the one it entered, live', async () => {
      const admin = await open(w.moderator);
      const learner = await open(w.learner);
      for (const type of ['moderation', 'public', 'disapproved'] as const) await admin.subscribe(webcastChatChannel(webcast, type));
      await learner.subscribe(webcastChatChannel(webcast, 'public'));
      const ch = (type: 'moderation' | 'public' | 'disapproved') => webcastChatChannel(webcast, type);

      const { mine, ...sent } = await learnerSend(w.learner, 'ao vivo').then((r) => r.json<ChatMessage & { mine: boolean }>());
      expect(mine).toBe(true);
      expect(await admin.message(ch('moderation'))).toEqual({ message: { ...sent, state: 'pending' } });
      await learner.quiet((f) => f.type === 'message');

      await move('approve', w.moderator, sent.id);
      expect(await admin.message(ch('moderation'))).toEqual({ message: expect.objectContaining({ id: sent.id, state: 'public' }) });
      expect(await admin.message(ch('public'))).toEqual({ message: expect.objectContaining({ id: sent.id, state: 'public' }) });
      expect(await learner.message(ch('public'))).toEqual({ message: expect.objectContaining({ id: sent.id, state: 'public', m: 'ao vivo' }) });

      await move('disapprove', w.moderator, sent.id);
      expect(await admin.message(ch('public'))).toMatchObject({ message: { id: sent.id, state: 'disapproved' } });
      expect(await admin.message(ch('disapproved'))).toMatchObject({ message: { id: sent.id, state: 'disapproved' } });
      // the learner's view drops it: the public channel says it left
      expect(await learner.message(ch('public'))).toMatchObject({ message: { id: sent.id, state: 'disapproved' } });

      const announcement = (await adminSend(w.viewer, 'Começamos!')).json<ChatMessage>();
      expect(await learner.message(ch('public'))).toEqual({ message: announcement });
      expect(await admin.message(ch('public'))).toEqual({ message: announcement });
      await admin.quiet((f) => f.type === 'message' && f.channel === ch('moderation'));
    });

    it("a pending message turned down leaves its author's list: the public channel says so, without its text or name", async () => {
      const admin = await open(w.moderator);
      const learner = await open(w.learner);
      await admin.subscribe(webcastChatChannel(webcast, 'public'));
      await learner.subscribe(webcastChatChannel(webcast, 'public'));
      const { mine: _mine, ...sent } = (await learnerSend(w.learner, 'fora do tema')).json<ChatMessage & { mine: boolean }>();
      await learner.quiet((f) => f.type === 'message');
      await move('disapprove', w.moderator, sent.id);
      expect(await learner.message(webcastChatChannel(webcast, 'public'))).toEqual({ message: { ...sent, n: '', m: '', state: 'disapproved' } });
      expect(await admin.message(webcastChatChannel(webcast, 'public'))).toMatchObject({ message: { id: sent.id, state: 'disapproved', m: '' } });
    });

    it('an unmoderated chat puts learners\' messages on the public channel only', async () => {
      const open2 = await newWebcast({ chat_moderated: false });
      const admin = await open(w.moderator);
      await admin.subscribe(webcastChatChannel(open2, 'moderation'));
      await admin.subscribe(webcastChatChannel(open2, 'public'));
      const sent = (await learnerSend(w.learner2, 'sem moderação', open2)).json<ChatMessage>();
      expect(await admin.message(webcastChatChannel(open2, 'public'))).toMatchObject({ message: { id: sent.id, state: 'public' } });
      await admin.quiet((f) => f.type === 'message' && f.channel === webcastChatChannel(open2, 'moderation'));
    });
  });

  describe('online users (§2.5 online_users, §3.12 webcast_user_online)', () => {
    const online = (s: TestSocket) => s.message(webcastOnlineChannel(webcast)).then((d) => d.online);

    it('counts distinct users while their page is open, live, and drops them when it closes', async () => {
      const admin = await openSocket(t.app, w.moderator);
      admin.keepAlive(HEARTBEAT_MS);
      expect(await admin.subscribe(webcastOnlineChannel(webcast))).toEqual({ online: 0, v: 0 });
      const join = async (tokens: Tokens) => {
        const s = await openSocket(t.app, tokens);
        s.keepAlive(HEARTBEAT_MS);
        s.send({ type: 'presence', channel: webcastOnlineChannel(webcast), st: 'on' });
        expect(await s.next((f) => f.type === 'presence')).toEqual({ type: 'presence', channel: webcastOnlineChannel(webcast), st: 'on' });
        return s;
      };

      const one = await join(w.learner);
      expect(await online(admin)).toBe(1);
      // the same learner in a second tab is still one online user
      const sameUser = await join(w.learner);
      expect(await online(admin)).toBe(1);
      const two = await join(w.learner2);
      expect(await online(admin)).toBe(2);
      expect(await t.app.realtime.presenceCount(webcastOnlineChannel(webcast))).toMatchObject({ online: 2 });

      // a new subscriber starts from the count
      const late = await openSocket(t.app, w.viewer);
      late.keepAlive(HEARTBEAT_MS);
      expect(await late.subscribe(webcastOnlineChannel(webcast))).toMatchObject({ online: 2 });

      two.send({ type: 'presence', channel: webcastOnlineChannel(webcast), st: 'off' });
      expect(await online(admin)).toBe(1);
      one.close();
      expect(await online(admin)).toBe(1);
      sameUser.close();
      expect(await online(admin)).toBe(0);
      for (const s of [two, admin, late]) s.close();
    });

    it('heartbeats keep a presence; without them it goes stale and the count drops', async () => {
      const admin = await openSocket(t.app, w.moderator);
      admin.keepAlive(HEARTBEAT_MS);
      await admin.subscribe(webcastOnlineChannel(webcast));
      const viewer = await openSocket(t.app, w.learner);
      const stopViewer = viewer.keepAlive(HEARTBEAT_MS);
      viewer.send({ type: 'presence', channel: webcastOnlineChannel(webcast), st: 'on' });
      expect(await online(admin)).toBe(1);
      await sleep(5 * HEARTBEAT_MS);
      expect(await t.app.realtime.presenceCount(webcastOnlineChannel(webcast))).toMatchObject({ online: 1 });
      expect(admin.pending((f) => f.type === 'message')).toEqual([]);

      stopViewer();
      const since = Date.now();
      expect(await online(admin)).toBe(0);
      // stale after three intervals without a heartbeat, noticed within half an interval more
      expect(Date.now() - since).toBeGreaterThanOrEqual(2 * HEARTBEAT_MS);
      expect((await viewer.closed).code).toBe(4410);
      admin.close();
    });

    it('counting someone needs the same right as reading the public chat', async () => {
      const outsider = await openSocket(t.app, w.outsider);
      outsider.keepAlive(HEARTBEAT_MS);
      outsider.send({ type: 'presence', channel: webcastOnlineChannel(webcast), st: 'on' });
      expect(await outsider.next((f) => f.type === 'error')).toEqual({ type: 'error', channel: webcastOnlineChannel(webcast), code: 'not_found' });
      outsider.send({ type: 'presence', channel: webcastChatChannel(webcast, 'public'), st: 'on' });
      expect(await outsider.next((f) => f.type === 'error')).toMatchObject({ code: 'not_found' });
      const learner = await openSocket(t.app, w.learner);
      learner.keepAlive(HEARTBEAT_MS);
      learner.send({ type: 'presence', channel: webcastChatChannel(webcast, 'public'), st: 'on' });
      expect(await learner.next((f) => f.type === 'error')).toMatchObject({ code: 'invalid_channel' });
      await eventually(() => t.app.realtime.presenceCount(webcastOnlineChannel(webcast)), (c) => c.online === 0);
      outsider.close();
      learner.close();
    });
  });
});
