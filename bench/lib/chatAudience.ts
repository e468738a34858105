// The chat benchmarks' audience (chat-fanout.ts, cluster.ts): an unmoderated webcast of client
// Demo Retail, `subscribers` learners in one group who may watch it, and an access token for each
// and for the demo instructor, written straight into the database of an in-process app (migrated
// and seeded by it), which is closed before the measured server starts.
import Fastify from 'fastify';
import { appPlugin, DEMO, type Config } from '../../server/src/index.ts';
import { writeAudience } from '../../server/src/content/audience/index.ts';
import { hashPassword } from '../../server/src/lib/passwords.ts';
import { startFamily } from '../../server/src/repositories/tokens.ts';

export interface ChatAudience {
  webcastId: number;
  /** one access token a learner, in order */
  tokens: string[];
  instructorToken: string;
  superuserToken: string;
}

export async function seedChatAudience(config: Config, { subscribers, label, emailPrefix }: { subscribers: number; label: string; emailPrefix: string }): Promise<ChatAudience> {
  const setup = Fastify({ logger: false });
  await setup.register(appPlugin, { config, serveStatic: false });
  await setup.ready();
  try {
    const db = setup.db;
    const now = new Date();
    const client = await db.selectFrom('clients').select('id').where('name', '=', 'Demo Retail').executeTakeFirstOrThrow();
    const application = await db.selectFrom('oauth_applications').select('id').executeTakeFirstOrThrow();
    const group = await db.insertInto('user_groups').values({ client_id: client.id, name: label, created_at: now }).returning('id').executeTakeFirstOrThrow();
    const webcast = await db.insertInto('webcasts').values({
      client_id: client.id, title: label, transmission_date: now, created_at: now, updated_at: now, use_chat: true, chat_moderated: false,
    }).returning('id').executeTakeFirstOrThrow();
    await writeAudience(db, 'webcast', webcast.id, { user_groups: [group.id] });
    const passwordHash = await hashPassword('Chat#2026!', 10);
    const tokens: string[] = [];
    for (let i = 0; i < subscribers; i += 200) {
      const batch = Array.from({ length: Math.min(200, subscribers - i) }, (_, j) => i + j);
      const users = await db.insertInto('users').values(batch.map((n) => ({
        email: `${emailPrefix}${n}@bench.local`, document: null, register: null, gmin_number: null, sap_code: null, full_name: `${label} learner ${n}`,
        nick_name: null, password_hash: passwordHash, is_superuser: false, status: 'active' as const, language_id: 1,
        selected_client_id: client.id, must_change_password: false, created_at: now, updated_at: now,
      }))).returning('id').execute();
      await db.insertInto('user_clients').values(users.map((u) => ({ user_id: u.id, client_id: client.id, profile_id: null }))).execute();
      await db.insertInto('user_group_members').values(users.map((u) => ({ group_id: group.id, user_id: u.id }))).execute();
      for (const u of users) tokens.push((await startFamily(db, u.id, application.id, config)).access_token);
    }
    const tokenOf = async (email: string) => {
      const user = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      return (await startFamily(db, user.id, application.id, config)).access_token;
    };
    return { webcastId: webcast.id, tokens, instructorToken: await tokenOf(DEMO.instructor.email), superuserToken: await tokenOf(DEMO.superuser.email) };
  } finally {
    await setup.close();
  }
}
