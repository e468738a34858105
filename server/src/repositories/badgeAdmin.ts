/**
 * The superuser's badge screens (spec 3 §2, §3): the client's badges with how many hold each,
 * their writes, who holds one, and the client's learners the background judging walks through.
 * Awarding and taking back live in badges.ts.
 */
import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { BadgeTable } from '../db/tables/engagement.table.ts';

/** The client's badges with their award count; the list helper pages it. */
export function badgeListQuery(db: Db, clientId: number) {
  return db.selectFrom('badges')
    .select([
      'badges.id', 'badges.badge_type', 'badges.default_key', 'badges.title', 'badges.description', 'badges.image_url', 'badges.status',
      'badges.rule_metric', 'badges.rule_threshold', 'badges.created_at', 'badges.updated_at',
    ])
    .select((eb) => eb.selectFrom('user_badges').select((e) => e.fn.countAll<number>().as('n'))
      .whereRef('user_badges.badge_id', '=', 'badges.id').as('awarded_count'))
    .where('badges.client_id', '=', clientId);
}
export type BadgeListRow = Awaited<ReturnType<ReturnType<typeof badgeListQuery>['execute']>>[number];

export async function findBadgeOfClient(db: Db, clientId: number, id: number): Promise<BadgeListRow | undefined> {
  return badgeListQuery(db, clientId).where('badges.id', '=', id).executeTakeFirst();
}

export async function insertBadge(db: Db, values: Insertable<BadgeTable>): Promise<number> {
  return (await db.insertInto('badges').values(values).returning('id').executeTakeFirstOrThrow()).id;
}

export async function updateBadge(db: Db, clientId: number, id: number, values: Updateable<BadgeTable>): Promise<void> {
  await db.updateTable('badges').set(values).where('id', '=', id).where('client_id', '=', clientId).execute();
}

/** The badge and its feed events (run it in a transaction). */
export async function deleteBadge(db: Db, clientId: number, id: number): Promise<void> {
  await db.deleteFrom('feed_events').where('client_id', '=', clientId).where('content_type', '=', 'badge').where('content_id', '=', id).execute();
  await db.deleteFrom('badges').where('id', '=', id).where('client_id', '=', clientId).execute();
}

/** Who holds the badge in the client, the latest award first. */
export async function badgeHolders(db: Db, clientId: number, badgeId: number) {
  return db.selectFrom('user_badges').innerJoin('users', 'users.id', 'user_badges.user_id')
    .select(['users.id', 'users.full_name', 'users.email', 'user_badges.awarded_at', 'user_badges.manual'])
    .where('user_badges.badge_id', '=', badgeId).where('user_badges.client_id', '=', clientId)
    .orderBy('user_badges.awarded_at', 'desc').orderBy('user_badges.id', 'desc').execute();
}

/** The next `limit` users of the client after `after`, by id (a walk through every learner). */
export async function clientUserIdsAfter(db: Db, clientId: number, after: number, limit: number): Promise<number[]> {
  const rows = await db.selectFrom('user_clients').select('user_id')
    .where('client_id', '=', clientId).where('user_id', '>', after).orderBy('user_id').limit(limit).execute();
  return rows.map((r) => r.user_id);
}
