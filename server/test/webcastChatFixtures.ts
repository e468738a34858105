import type { FastifyInstance } from 'fastify';
import { writeAudience } from '../src/content/audience/index.ts';
import { DEMO } from '../src/seed/demo.ts';
import { login, type Tokens } from './helpers.ts';
import { adminWith, clientIds, loginSuperuser, userId, type Clients } from './userFixtures.ts';

export interface ChatWorld {
  clients: Clients;
  superuser: Tokens;
  /** webcasts only: may send, not moderate */
  viewer: Tokens;
  /** webcasts and webcasts_manage */
  moderator: Tokens;
  moderatorName: string;
  /** no webcasts item at all */
  stranger: Tokens;
  /** the demo learner, in the audience group */
  learner: Tokens;
  learnerId: number;
  /** a second learner in the audience */
  learner2: Tokens;
  /** a learner of the demo client outside the audience */
  outsider: Tokens;
  /** Other Company's manager (every module item there) */
  otherAdmin: Tokens;
  audienceGroup: number;
}

/** The users the chat suites need, and a user group holding the audience. */
export async function chatWorld(app: FastifyInstance): Promise<ChatWorld> {
  const clients = await clientIds(app);
  const superuser = await loginSuperuser(app);
  const viewer = await adminWith(app, superuser, clients.demo, ['webcasts']);
  const moderator = await adminWith(app, superuser, clients.demo, ['webcasts', 'webcasts_manage']);
  const stranger = await adminWith(app, superuser, clients.demo, ['tags']);
  const learner2 = await adminWith(app, superuser, clients.demo, []);
  const outsider = await adminWith(app, superuser, clients.demo, []);
  const learnerId = await userId(app, DEMO.learner.email);
  const group = await app.db.insertInto('user_groups').values({ client_id: clients.demo, name: `Chat audience ${Date.now()}`, created_at: new Date() })
    .returning('id').executeTakeFirstOrThrow();
  await app.db.insertInto('user_group_members').values([{ group_id: group.id, user_id: learnerId }, { group_id: group.id, user_id: learner2.id }]).execute();
  const moderatorRow = await app.db.selectFrom('users').select('full_name').where('id', '=', moderator.id).executeTakeFirstOrThrow();
  return {
    clients,
    superuser,
    viewer: viewer.tokens,
    moderator: moderator.tokens,
    moderatorName: moderatorRow.full_name,
    stranger: stranger.tokens,
    learner: await login(app, DEMO.learner.email, DEMO.learner.password),
    learnerId,
    learner2: learner2.tokens,
    outsider: outsider.tokens,
    otherAdmin: await login(app, DEMO.otherAdmin.email, DEMO.otherAdmin.password),
    audienceGroup: group.id,
  };
}

export interface WebcastOptions {
  clientId: number;
  audienceGroup?: number;
  use_chat?: boolean;
  chat_moderated?: boolean;
  status?: number;
}

/** A webcast written straight to the table (the editor's own suite covers its API). */
export async function insertWebcast(app: FastifyInstance, o: WebcastOptions): Promise<number> {
  const now = new Date();
  const row = await app.db.insertInto('webcasts').values({
    client_id: o.clientId, title: 'Ao vivo: novidades da loja', transmission_date: now, created_at: now, updated_at: now,
    use_chat: o.use_chat ?? true, chat_moderated: o.chat_moderated ?? true, status: o.status ?? 1,
  }).returning('id').executeTakeFirstOrThrow();
  if (o.audienceGroup) await writeAudience(app.db, 'webcast', row.id, { user_groups: [o.audienceGroup] });
  return row.id;
}
