import type { FastifyInstance } from 'fastify';
import { DEMO } from '../src/seed/demo.ts';
import { bearer, type Tokens } from './helpers.ts';
import { adminWith } from './userFixtures.ts';

/**
 * A client of its own for the overview and report suites, so every figure is counted by hand
 * from these rows alone (the demo seed lives in other clients), and a second client whose rows
 * must never show (tenant isolation). The period asked for is March 2026, in UTC.
 */
export const PERIOD = { from: '2026-03-01', to: '2026-03-31' } as const;
const DAY = 86_400_000;

type Db = FastifyInstance['db'];

export interface OverviewWorld {
  clientId: number;
  otherClientId: number;
  users: { u1: number; u2: number; u3: number; u4: number; u5: number; b1: number };
  trainings: { t1: number; t2: number; t3: number; t4: number; t5: number; tb: number };
  trailId: number;
  webcastId: number;
  podcastId: number;
  fileId: number;
  messageId: number;
  /** holds the one certificate of the client expiring in the next 30 days */
  expiringHolder: number;
  /** an administrator of the client with overview and reports, and of every content screen */
  admin: { id: number; email: string; tokens: Tokens };
  /** the same in the other client */
  otherAdmin: { id: number; email: string; tokens: Tokens };
}

async function insertClient(db: Db, name: string): Promise<number> {
  return (await db.insertInto('clients').values({ name, home_route: 'home', settings: JSON.stringify({}), created_at: new Date() })
    .returning('id').executeTakeFirstOrThrow()).id;
}

async function insertUser(db: Db, clientId: number, name: string, status = 'active'): Promise<number> {
  const now = new Date();
  const id = (await db.insertInto('users').values({
    email: `${name.toLowerCase().replace(/\W+/g, '.')}.${clientId}@overview.local`, document: null, register: null, gmin_number: null, sap_code: null,
    full_name: name, nick_name: null, password_hash: '!', is_superuser: false, status, language_id: 2, selected_client_id: clientId,
    must_change_password: false, created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow()).id;
  await db.insertInto('user_clients').values({ user_id: id, client_id: clientId, profile_id: null }).execute();
  return id;
}

async function insertTraining(db: Db, clientId: number, title: string, status = 1): Promise<number> {
  const now = new Date();
  return (await db.insertInto('group_trainings').values({ client_id: clientId, title, status, created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow()).id;
}

const at = (text: string) => new Date(text);

export const REPORT_SLUGS = ['overview', 'reports', 'trainings', 'trails', 'webcasts', 'podcasts', 'library', 'messages', 'users', 'live_classes'];

export async function buildOverviewWorld(app: FastifyInstance, superuser: Tokens): Promise<OverviewWorld> {
  const { db } = app;
  const now = Date.now();
  const clientId = await insertClient(db, 'Overview Co');
  const otherClientId = await insertClient(db, 'Noise Co');
  const u1 = await insertUser(db, clientId, 'Una Um');
  const u2 = await insertUser(db, clientId, 'Duda Dois');
  const u3 = await insertUser(db, clientId, '=Tres Formula');
  const u4 = await insertUser(db, clientId, 'Quatro Quatro');
  const u5 = await insertUser(db, clientId, 'Cinco Pending', 'awaiting_validation');
  const b1 = await insertUser(db, otherClientId, 'Bia Other', 'awaiting_validation');

  const t1 = await insertTraining(db, clientId, 'Sales basics');
  const t2 = await insertTraining(db, clientId, 'Product deep dive');
  const t3 = await insertTraining(db, clientId, 'Retired training', 3);
  const t4 = await insertTraining(db, clientId, 'Hard course');
  const t5 = await insertTraining(db, clientId, 'Easy win');
  const tb = await insertTraining(db, otherClientId, 'Other client training');

  const enrol = (user: number, training: number, started: string, completed: string | null, last: string, status: 'ongoing' | 'finished' = completed ? 'finished' : 'ongoing') =>
    db.insertInto('group_training_enrollments').values({
      user_id: user, group_training_id: training, status, started_at: at(started), completed_at: completed ? at(completed) : null, last_activity_at: at(last),
    }).execute();
  await enrol(u1, t1, '2026-03-02T10:00:00Z', '2026-03-05T12:00:00Z', '2026-03-05T12:00:00Z');
  await enrol(u2, t1, '2026-03-10T08:00:00Z', null, '2026-03-12T09:00:00Z');
  await enrol(u3, t1, '2026-02-20T08:00:00Z', '2026-03-03T08:00:00Z', '2026-03-03T08:00:00Z');
  await enrol(u1, t2, '2026-03-15T08:00:00Z', null, '2026-03-15T08:00:00Z');
  await enrol(u2, t2, '2026-03-31T23:00:00Z', '2026-03-31T23:30:00Z', '2026-03-31T23:30:00Z');
  await enrol(u4, t3, '2026-03-05T08:00:00Z', '2026-03-06T08:00:00Z', '2026-03-06T08:00:00Z');
  await enrol(u4, t2, '2026-04-01T00:00:00Z', null, '2026-04-01T00:00:00Z');
  await enrol(u3, t4, '2026-03-20T08:00:00Z', null, '2026-03-20T08:00:00Z');
  await enrol(u1, t5, '2026-03-21T08:00:00Z', '2026-03-22T08:00:00Z', '2026-03-22T08:00:00Z');
  await enrol(b1, tb, '2026-03-05T08:00:00Z', '2026-03-05T09:00:00Z', '2026-03-05T09:00:00Z');

  const application = await db.selectFrom('oauth_applications').select('id').executeTakeFirstOrThrow();
  let family = 0;
  const login = (user: number, when: string, actingUserId: number | null = null) => db.insertInto('token_families').values({
    id: `overview-${clientId}-${(family += 1)}`, user_id: user, application_id: application.id, expires_at: new Date(now + DAY), revoked_at: null,
    created_at: at(when), acting_user_id: actingUserId, confined_client_id: null,
  }).execute();
  await login(u1, '2026-03-01T00:00:00Z');
  await login(u1, '2026-03-02T10:00:00Z');
  await login(u2, '2026-03-31T23:59:00Z');
  await login(u3, '2026-02-28T23:59:00Z');
  await login(u4, '2026-04-01T00:00:00Z');
  await login(u5, '2026-03-10T10:00:00Z', u1);
  await login(b1, '2026-03-10T10:00:00Z');

  let code = 0;
  const certify = (client: number, user: number, type: 'training' | 'trail', content: number, issued: Date, expires: Date | null, superseded: Date | null = null) =>
    db.insertInto('certificates').values({
      client_id: client, user_id: user, content_type: type, content_id: content, code: `ov-${clientId}-${(code += 1)}`, title: 'Certificate',
      holder_name: 'Holder', issued_at: issued, expires_at: expires, pdf_path: null, superseded_at: superseded,
    }).execute();
  await certify(clientId, u1, 'training', t1, at('2026-03-05T12:00:00Z'), null);
  // the trail certificate (trail id filled below)
  await certify(clientId, u3, 'training', t1, at('2026-02-27T12:00:00Z'), null);
  await certify(clientId, u4, 'training', t3, new Date(now - 300 * DAY), new Date(now + 10 * DAY));
  await certify(clientId, u2, 'training', t2, new Date(now - 300 * DAY), new Date(now + 40 * DAY));
  await certify(clientId, u3, 'training', t4, new Date(now - 400 * DAY), new Date(now - DAY));
  await certify(clientId, u2, 'training', t5, new Date(now - 400 * DAY), new Date(now + 5 * DAY), new Date(now - 10 * DAY));
  await certify(otherClientId, b1, 'training', tb, at('2026-03-05T12:00:00Z'), new Date(now + 5 * DAY));

  // training tests: three finished attempts of the period (80, 50.5 and an expired 0)
  const stamp = new Date();
  // T1 has two published activities: a module (u1 finished it) and the test (passed from 50)
  const module1 = (await db.insertInto('group_training_modules').values({
    group_training_id: t1, title: 'Intro', module_type_id: 1, status: 1, avaliable_in: null, resource: null, resource_size: null, resource_name: null,
    created_at: stamp, updated_at: stamp,
  }).returning('id').executeTakeFirstOrThrow()).id;
  await db.insertInto('group_training_module_progress').values({ user_id: u1, module_id: module1, group_training_id: t1, status: 'finished', percent: 100 }).execute();
  const test1 = (await db.insertInto('group_training_tests').values({ owner_id: t1, title: 'Final', status: 1, created_at: stamp, updated_at: stamp })
    .returning('id').executeTakeFirstOrThrow()).id;
  const testB = (await db.insertInto('group_training_tests').values({ owner_id: tb, title: 'Final', created_at: stamp, updated_at: stamp })
    .returning('id').executeTakeFirstOrThrow()).id;
  let attempt = 0;
  const result = (test: number, user: number, status: 'finished' | 'expired' | 'in_progress', finished: string | null, score: number, passed = score >= 50) =>
    db.insertInto('group_training_test_results').values({
      test_id: test, user_id: user, attempt_number: (attempt += 1), status, started_at: at('2026-02-01T00:00:00Z'),
      finished_at: finished ? at(finished) : null, score, passed,
    }).execute();
  await result(test1, u1, 'finished', '2026-03-05T11:00:00Z', 80);
  await result(test1, u2, 'finished', '2026-03-10T11:00:00Z', 50.5);
  await result(test1, u3, 'in_progress', null, 0);
  await result(test1, u3, 'finished', '2026-02-20T11:00:00Z', 10);
  await result(test1, u4, 'expired', '2026-03-12T11:00:00Z', 0);
  await result(testB, b1, 'finished', '2026-03-05T11:00:00Z', 100);

  // webcasts: w1 in March (subscribers u1, u2; u1 and u3 chat, u2 finishes its test), w2 in April, w3 deleted
  const webcast = async (client: number, title: string, when: string, status = 1) => (await db.insertInto('webcasts').values({
    client_id: client, title, transmission_date: at(when), status, code: null, image_url: null, unpublish_date: null, hls_path: null, created_by: null,
  }).returning('id').executeTakeFirstOrThrow()).id;
  const w1 = await webcast(clientId, 'March town hall', '2026-03-10T15:00:00Z');
  const w2 = await webcast(clientId, 'April town hall', '2026-04-02T15:00:00Z');
  const w3 = await webcast(clientId, 'Cancelled', '2026-03-15T15:00:00Z', 3);
  const wb = await webcast(otherClientId, 'Other town hall', '2026-03-10T15:00:00Z');
  await db.insertInto('webcast_subscribers').values([
    { webcast_id: w1, user_id: u1, created_at: at('2026-03-01T09:00:00Z') }, { webcast_id: w1, user_id: u2, created_at: at('2026-03-02T09:00:00Z') },
    { webcast_id: w2, user_id: u3, created_at: stamp }, { webcast_id: w3, user_id: u3, created_at: stamp }, { webcast_id: wb, user_id: b1, created_at: stamp },
  ]).execute();
  const chat = (webcastId: number, user: number) => db.insertInto('webcast_chat_messages').values({
    webcast_id: webcastId, user_id: user, sender_name: 'x', text: 'hi', state: 'public', moderated_by: null, moderated_at: null,
  }).execute();
  await chat(w1, u1);
  await chat(w1, u1);
  await chat(w1, u3);
  await chat(wb, b1);
  const wtest = (await db.insertInto('webcast_tests').values({ owner_id: w1, title: 'Quiz', created_at: stamp, updated_at: stamp })
    .returning('id').executeTakeFirstOrThrow()).id;
  await db.insertInto('webcast_test_results').values({
    test_id: wtest, user_id: u2, attempt_number: 1, status: 'finished', started_at: at('2026-03-10T16:00:00Z'), finished_at: at('2026-03-10T16:10:00Z'),
    score: 75, passed: true,
  }).execute();

  // a trail with T1 and T2, u1 finished it (certificate issued on the last day of March), u2 on the way
  const trailId = (await db.insertInto('trails').values({ client_id: clientId, title: 'Onboarding trail', created_at: stamp, updated_at: stamp })
    .returning('id').executeTakeFirstOrThrow()).id;
  await db.insertInto('trail_items').values([
    { trail_id: trailId, item_type: 'training', item_id: t1, position: 1, parent_item_id: null, avaliable_in: null },
    { trail_id: trailId, item_type: 'training', item_id: t2, position: 2, parent_item_id: null, avaliable_in: null },
  ]).execute();
  await db.insertInto('trail_enrollments').values([
    { user_id: u1, trail_id: trailId, status: 'finished', started_at: at('2026-03-02T10:00:00Z'), completed_at: at('2026-03-31T23:00:00Z') },
    { user_id: u2, trail_id: trailId, status: 'ongoing', started_at: at('2026-03-10T08:00:00Z') },
  ]).execute();
  await certify(clientId, u1, 'trail', trailId, at('2026-03-31T23:00:00Z'), null);
  const otherTrail = (await db.insertInto('trails').values({ client_id: otherClientId, title: 'Other trail', created_at: stamp, updated_at: stamp })
    .returning('id').executeTakeFirstOrThrow()).id;
  await db.insertInto('trail_enrollments').values({ user_id: b1, trail_id: otherTrail, status: 'ongoing', started_at: stamp }).execute();

  // imports and reports under way
  const importRow = (client: number, status: 'awaiting' | 'processing' | 'validated' | 'finalized') => ({
    client_id: client, import_type: 'users' as const, status, phase: null, file_name: 'x.xlsx', file_path: 'imports/x.xlsx', upload_id: null,
    total_rows: null, created_by: u1, language_id: 1, created_at: stamp, updated_at: stamp, finished_at: null,
  });
  await db.insertInto('imports').values([importRow(clientId, 'processing'), importRow(clientId, 'validated'), importRow(clientId, 'finalized'), importRow(otherClientId, 'awaiting')]).execute();
  const reportRow = (client: number, status: 'processing' | 'ready') => ({
    user_id: u1, client_id: client, report: 'users', status, params: JSON.stringify({}), language_id: 1, file_name: null, row_count: null,
    token_hash: null, expires_at: null, error: null, created_at: stamp, finished_at: null,
  });
  await db.insertInto('reports').values([reportRow(clientId, 'processing'), reportRow(clientId, 'ready'), reportRow(otherClientId, 'processing')]).execute();

  // a podcast u1 finished and u2 half heard; a library file u1 viewed and downloaded; a message to u1 (read) and u2
  const podcastId = (await db.insertInto('podcasts').values({
    client_id: clientId, title: 'Weekly cast', image_url: null, date_to_unpublish: null, resource: 'p.mp3', file_name: 'p.mp3', extension: 'mp3',
    published_at: null, created_by: null,
  }).returning('id').executeTakeFirstOrThrow()).id;
  await db.insertInto('podcast_progress').values([
    { podcast_id: podcastId, user_id: u1, percent: 100, status: 'finished', finished_at: at('2026-03-03T10:00:00Z'), updated_at: at('2026-03-03T10:00:00Z') },
    { podcast_id: podcastId, user_id: u2, percent: 50, status: 'ongoing', updated_at: at('2026-03-04T10:00:00Z') },
  ]).execute();
  const fileId = (await db.insertInto('library_files').values({
    client_id: clientId, category_id: null, title: 'Price list', resource: 'f.pdf', file_name: 'f.pdf', created_by: null,
  }).returning('id').executeTakeFirstOrThrow()).id;
  await db.insertInto('library_file_users').values({ library_file_id: fileId, user_id: u1, viewed_at: at('2026-03-06T10:00:00Z'), downloaded_at: at('2026-03-06T10:05:00Z') }).execute();
  const messageId = (await db.insertInto('messages').values({
    client_id: clientId, title: 'Welcome', content: '<p>Hi</p>', send_date: at('2026-03-01T12:00:00Z'), status: 'sent', sent_at: at('2026-03-01T12:00:00Z'), created_by: null,
  }).returning('id').executeTakeFirstOrThrow()).id;
  await db.insertInto('message_recipients').values([
    { message_id: messageId, user_id: u1, read_at: at('2026-03-02T08:00:00Z'), opened_in: 'web', email_status: 'sent', email_sent_at: at('2026-03-01T12:01:00Z'), email_error: null },
    { message_id: messageId, user_id: u2, read_at: null, opened_in: null, email_status: 'failed', email_sent_at: null, email_error: 'bounced' },
  ]).execute();

  // the superuser gives people access to a client it belongs to
  const superuserId = (await db.selectFrom('users').select('id').where('email', '=', DEMO.superuser.email).executeTakeFirstOrThrow()).id;
  await db.insertInto('user_clients').values([clientId, otherClientId].map((client_id) => ({ user_id: superuserId, client_id, profile_id: null }))).execute();
  const select = async (client: number) => {
    const res = await app.inject({ method: 'POST', url: '/api/users/session/select_client/', headers: bearer(superuser), payload: { client_id: client } });
    if (res.statusCode !== 200) throw new Error(`select client: ${res.statusCode} ${res.body}`);
  };
  await select(otherClientId);
  const otherAdmin = await adminWith(app, superuser, otherClientId, REPORT_SLUGS);
  // the superuser stays in the client of the tests
  await select(clientId);
  const admin = await adminWith(app, superuser, clientId, REPORT_SLUGS);
  return {
    clientId, otherClientId, users: { u1, u2, u3, u4, u5, b1 }, trainings: { t1, t2, t3, t4, t5, tb }, trailId, webcastId: w1, podcastId, fileId, messageId,
    expiringHolder: u4, admin, otherAdmin,
  };
}

/** GET the overview as `tokens` (their selected client). */
export function getOverview(app: FastifyInstance, tokens: Tokens, query = `?from=${PERIOD.from}&to=${PERIOD.to}`) {
  return app.inject({ url: `/api/admin_overview/overview/${query}`, headers: bearer(tokens) });
}
