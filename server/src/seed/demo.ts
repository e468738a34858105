import type { Kysely } from 'kysely';
import { ALL_PERMISSION_SLUGS, DEFAULT_TIME_ZONE, todayApiDate } from '@lp/shared/rules';
import type { ClientSettings } from '@lp/shared/contract';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { hashPassword } from '../lib/passwords.ts';
import { hashToken } from '../lib/tokens.ts';
import { saveLoginParams } from '../repositories/clients.ts';
import { seedTrainings } from './trainings.ts';
import { seedLiveClasses } from './liveClasses.ts';
import { seedPresential } from './presential.ts';
import { seedRewards } from './rewards.ts';
import { seedGames } from './games.ts';
import { seedWebcasts } from './webcasts.ts';
import { seedWebcastChat } from './webcastChat.ts';
import { seedBannersMessages } from './bannersMessages.ts';
import { seedNewsFaq } from './newsFaq.ts';
import { seedLibraryPodcasts } from './libraryPodcasts.ts';
import { seedPagesBadges } from './pagesBadges.ts';
import { seedSurveys } from './surveys.ts';
import { seedDrillsTests } from './drillsTests.ts';
import { markAnnounced } from '../notices/learnerNotices.ts';
import { seedFieldSales } from './fieldSales.ts';
import { storageOf } from '../storage/index.ts';

export const DEMO = {
  superuser: { email: 'admin@demo.local', password: 'Admin#2026!', full_name: 'Ana Admin' },
  instructor: { email: 'instructor@demo.local', password: 'Instructor#2026!', full_name: 'Igor Instructor' },
  learner: { email: 'learner@demo.local', password: 'Learner#2026!', full_name: 'Lia Learner', document: '52998224725' },
  otherAdmin: { email: 'manager@other.local', password: 'Manager#2026!', full_name: 'Otto Manager' },
  storeManager: { email: 'store.manager@demo.local', password: 'Store#2026!', full_name: 'Sara Store Manager' },
  // field-sales representatives (issue 19): they hold 4traders_apply_events only
  representative: { email: 'rep1@demo.local', password: 'Rep#2026!', full_name: 'Rui Representante' },
  representative2: { email: 'rep2@demo.local', password: 'Rep#2026!', full_name: 'Rosa Representante' },
} as const;

export const INSTRUCTOR_ITEMS = ['trainings', 'trainings_manage', 'webcasts', 'webcasts_manage', 'live_classes', 'live_classes_manage', 'tags', 'presential_test_instructor'] as const;

type SeedDb = Kysely<Database>;

async function insertClient(db: SeedDb, name: string, settings: Partial<ClientSettings>): Promise<number> {
  const row = await db.insertInto('clients')
    .values({ name, home_route: 'home', settings: JSON.stringify(settings), created_at: new Date() })
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

async function insertUser(
  db: SeedDb,
  logN: number,
  u: { email: string; password: string; full_name: string; document?: string },
  superuser: boolean,
): Promise<number> {
  const now = new Date();
  const row = await db.insertInto('users').values({
    email: u.email, document: u.document ?? null, register: null, gmin_number: null, sap_code: null, full_name: u.full_name,
    nick_name: null, password_hash: await hashPassword(u.password, logN), is_superuser: superuser,
    status: 'active', language_id: 1, selected_client_id: null, must_change_password: false,
    created_at: now, updated_at: now,
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

async function grant(db: SeedDb, userId: number, clientId: number, slugs: readonly string[]) {
  await db.insertInto('user_module_items')
    .values(slugs.map((slug) => ({ user_id: userId, client_id: clientId, slug, permission: true })))
    .execute();
}

async function organisation(db: SeedDb, clientId: number, areas: string[], profiles: string[], groups: string[], tags: Array<[string, number[]]>) {
  const now = new Date();
  const areaIds: number[] = [];
  for (const name of areas) {
    const r = await db.insertInto('areas').values({ client_id: clientId, name, translations: '{}', is_active: true, created_at: now }).returning('id').executeTakeFirstOrThrow();
    areaIds.push(r.id);
  }
  for (const name of profiles) {
    await db.insertInto('profiles').values({ client_id: clientId, name, translations: '{}', created_at: now }).execute();
  }
  const groupIds: number[] = [];
  for (const name of groups) {
    const r = await db.insertInto('user_groups').values({ client_id: clientId, name, created_at: now }).returning('id').executeTakeFirstOrThrow();
    groupIds.push(r.id);
  }
  for (const [name, areaIdx] of tags) {
    const t = await db.insertInto('tags').values({ client_id: clientId, name, created_at: now }).returning('id').executeTakeFirstOrThrow();
    const links = areaIdx.map((i) => areaIds[i]).filter((id): id is number => id !== undefined);
    if (links.length) await db.insertInto('tag_areas').values(links.map((area_id) => ({ tag_id: t.id, area_id }))).execute();
  }
  return { areaIds, groupIds };
}

/**
 * Demo data for a first start (issue "Platform foundation" item 10). Idempotent: it runs only
 * while no OAuth application exists, inside one transaction.
 */
export async function seedDemo(db: SeedDb, config: Pick<Config, 'oauthClientId' | 'oauthClientSecret' | 'scryptLogN' | 'dataDir' | 's3'>): Promise<boolean> {
  const existing = await db.selectFrom('oauth_applications').select('id').executeTakeFirst();
  if (existing) return false;
  const logN = config.scryptLogN;
  await db.transaction().execute(async (trx) => {
    const tdb = trx as unknown as SeedDb;
    await trx.insertInto('oauth_applications').values({
      client_key: config.oauthClientId,
      // the secret is high-entropy, so a fast hash is enough
      secret_hash: hashToken(config.oauthClientSecret),
      name: 'Web (admin and portal)',
      created_at: new Date(),
    }).execute();
    await saveLoginParams(trx, {});

    const demo = await insertClient(tdb, 'Demo Retail', { title_trainings: 'trainings', has_forum: true, has_games: true, points_name: 'points' });
    const other = await insertClient(tdb, 'Other Company', { title_trainings: 'courses' });

    const admin = await insertUser(tdb, logN, DEMO.superuser, true);
    const instructor = await insertUser(tdb, logN, DEMO.instructor, false);
    const learner = await insertUser(tdb, logN, DEMO.learner, false);
    const otherAdmin = await insertUser(tdb, logN, DEMO.otherAdmin, false);
    const storeManager = await insertUser(tdb, logN, DEMO.storeManager, false);
    const representatives = [await insertUser(tdb, logN, DEMO.representative, false), await insertUser(tdb, logN, DEMO.representative2, false)] as const;

    await trx.insertInto('user_clients').values([
      { user_id: admin, client_id: demo, profile_id: null },
      { user_id: admin, client_id: other, profile_id: null },
      { user_id: instructor, client_id: demo, profile_id: null },
      { user_id: learner, client_id: demo, profile_id: null },
      { user_id: otherAdmin, client_id: other, profile_id: null },
      { user_id: storeManager, client_id: demo, profile_id: null },
      ...representatives.map((user_id) => ({ user_id, client_id: demo, profile_id: null })),
    ]).execute();
    await trx.updateTable('users').set({ selected_client_id: demo }).where('id', 'in', [admin, instructor, learner, storeManager, ...representatives]).execute();
    await grant(tdb, instructor, demo, INSTRUCTOR_ITEMS);
    await grant(tdb, otherAdmin, other, ALL_PERMISSION_SLUGS);
    for (const rep of representatives) await grant(tdb, rep, demo, ['4traders_apply_events']);

    const { groupIds } = await organisation(tdb, demo,
      ['Sales', 'Operations', 'Marketing', 'Customer service'],
      ['Store manager', 'Salesperson', 'Cashier', 'Regional manager'],
      ['Onboarding 2026', 'Store leaders'],
      [['Product', [0]], ['Compliance', [1, 2]], ['Leadership', []], ['Customer experience', [3]]]);
    await organisation(tdb, other, ['Engineering'], ['Engineer'], ['Other group'], [['Other tag', [0]]]);
    if (groupIds[0]) await trx.insertInto('user_group_members').values([{ group_id: groupIds[0], user_id: learner }]).execute();
    // evaluation models and demo trainings (owned by the instructor)
    await seedTrainings(tdb, { clientId: demo, authorId: instructor, storage: storageOf(config) });
    await seedGames(tdb, { clientId: demo, authorId: instructor });
    // webcasts
    await seedWebcasts(tdb, { clientId: demo, authorId: instructor });
    // spec 3 §6 roles: the instructor runs live classes
    await seedLiveClasses(tdb, { clientId: demo, instructorId: instructor, learnerId: learner });
    // spec 3 §6 roles: face-to-face appointments requested by the admin, run by the instructor (issue 16 item 8)
    await seedPresential(tdb, { clientId: demo, adminId: admin, instructorId: instructor });
    // field-sales: a questionnaire and a week of daily visits for each representative (issue 19 item 8)
    await seedFieldSales(tdb, { clientId: demo, adminId: admin, representativeIds: representatives });
    // a published reward campaign for the learner's group, with sales in each state, a catalog and orders (issue 18 item 10)
    await seedRewards(tdb, { clientId: demo, adminId: admin, learnerId: learner, groupId: groupIds[0]! });
    await seedWebcastChat(tdb, { clientId: demo, webcastTitle: 'Boas-vindas ao vivo: onboarding 2026', instructorId: instructor, learnerId: learner });
    // content modules
    await seedPagesBadges(tdb, { clientId: demo, otherClientId: other, authorId: admin, learnerId: learner, groupId: groupIds[0]! });
    await seedBannersMessages(tdb, { clientId: demo, authorId: admin, learnerId: learner, groupId: groupIds[0]!, storage: storageOf(config) });
    await seedNewsFaq(tdb, { clientId: demo, authorId: admin });
    await seedLibraryPodcasts(tdb, { clientId: demo, authorId: admin, storage: storageOf(config) });
    // the store manager (Store leaders) must answer the mandatory survey first
    if (groupIds[1]) {
      await trx.insertInto('user_group_members').values([{ group_id: groupIds[1], user_id: storeManager }]).execute();
      await seedSurveys(tdb, { clientId: demo, authorId: admin, groupId: groupIds[1], today: todayApiDate(DEFAULT_TIME_ZONE, new Date()) });
    }
    // a drill over this week and a general test (issue 20 items 2 and 3)
    await seedDrillsTests(tdb, { clientId: demo, authorId: admin, learnersGroupId: groupIds[0] ?? null, today: todayApiDate(DEFAULT_TIME_ZONE, new Date()) });
    // what the seed opened today is not news to announce (notices/learnerNotices.ts)
    await markAnnounced(tdb, todayApiDate(DEFAULT_TIME_ZONE, new Date()));
  });
  return true;
}
