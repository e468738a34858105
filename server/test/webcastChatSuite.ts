import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { WEBCAST_CHAT_PATHS, type ChatMessage } from '@lp/shared/contract';
import { bearer, buildTestApp, type Dialect, type TestApp, type Tokens } from './helpers.ts';
import { postForm } from './trainingsFixtures.ts';
import { chatWorld, insertWebcast, type ChatWorld } from './webcastChatFixtures.ts';

/** How often the chat suites' sockets ping: short, so a dropped presence shows within a test. */
export const CHAT_HEARTBEAT_MS = 200;

/**
 * One app and one chat world per suite, and a fresh webcast before each case. The fields are
 * filled by the hooks this registers, so read them inside the cases.
 */
export interface ChatSuite {
  t: TestApp;
  w: ChatWorld;
  webcast: number;
  api(path: string): string;
  adminSend(tokens: Tokens, message: string, id?: number): ReturnType<typeof postForm>;
  move(action: 'approve' | 'disapprove', tokens: Tokens, messageId: number, id?: number): ReturnType<typeof postForm>;
  learnerSend(tokens: Tokens, message: string, id?: number): Promise<LightMyRequestResponse>;
  learnerRead(tokens: Tokens, query?: string, id?: number): Promise<LightMyRequestResponse>;
  newWebcast(extra?: Partial<Parameters<typeof insertWebcast>[1]>): Promise<number>;
  pendingMessage(text?: string): Promise<ChatMessage>;
}

export function chatSuite(dialect: Dialect): ChatSuite {
  const api = (path: string) => `/api${path}`;
  const suite: ChatSuite = {
    t: undefined as unknown as TestApp,
    w: undefined as unknown as ChatWorld,
    webcast: 0,
    api,
    adminSend: (tokens, message, id = suite.webcast) => postForm(suite.t.app, api(WEBCAST_CHAT_PATHS.send(id)), tokens, { message }),
    move: (action, tokens, messageId, id = suite.webcast) =>
      postForm(suite.t.app, api(WEBCAST_CHAT_PATHS[action](id)), tokens, { message_id: String(messageId) }),
    learnerSend: (tokens, message, id = suite.webcast) =>
      suite.t.app.inject({ method: 'POST', url: api(WEBCAST_CHAT_PATHS.learner(id)), headers: bearer(tokens), payload: { message } }),
    learnerRead: (tokens, query = '', id = suite.webcast) =>
      suite.t.app.inject({ method: 'GET', url: `${api(WEBCAST_CHAT_PATHS.learner(id))}${query}`, headers: bearer(tokens) }),
    newWebcast: (extra = {}) => insertWebcast(suite.t.app, { clientId: suite.w.clients.demo, audienceGroup: suite.w.audienceGroup, ...extra }),
    pendingMessage: async (text = 'Uma dúvida') => (await suite.learnerSend(suite.w.learner, text)).json<ChatMessage>(),
  };
  beforeAll(async () => {
    suite.t = await buildTestApp(dialect, { realtimeHeartbeatMs: CHAT_HEARTBEAT_MS });
    suite.w = await chatWorld(suite.t.app);
  });
  afterAll(async () => suite.t?.close());
  beforeEach(async () => {
    suite.webcast = await suite.newWebcast();
  });
  return suite;
}
