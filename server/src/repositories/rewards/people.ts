/**
 * The people on a campaign (spec 3 §3 "Campaign people and history", §4 "Campaign user", §6
 * "Campaign participation requires a specific profile", "Blocked campaign users cannot access the
 * program"): who is on it, blocked or not, at which level, with the history of each change.
 * Points are not here: they are the ledger's (ledger.ts).
 */
import type { CampaignUserEvent } from '@lp/shared/rules';
import type { CampaignUser, CampaignUserEventEntry } from '@lp/shared/contract';
import type { Db } from '../../db/database.ts';
import type { RewardCampaignUserRow } from '../../db/tables/reward.table.ts';
import { balancesOf, deleteEntries } from './ledger.ts';

export const peopleQuery = (db: Db, clientId: number, campaignId: number) =>
  db.selectFrom('reward_campaign_users as cu')
    .innerJoin('users as u', 'u.id', 'cu.user_id')
    .leftJoin('reward_levels as l', 'l.id', 'cu.level_id')
    .select(['cu.id', 'cu.user_id', 'u.full_name', 'u.email', 'cu.level_id', 'l.name as level_name', 'cu.blocked', 'cu.inscription_date'])
    .where('cu.client_id', '=', clientId).where('cu.campaign_id', '=', campaignId);
type PersonRow = Awaited<ReturnType<ReturnType<typeof peopleQuery>['execute']>>[number];

/** The rows with their balances (sums of the ledger). */
export async function toCampaignUsers(db: Db, campaignId: number, rows: readonly PersonRow[]): Promise<CampaignUser[]> {
  const balances = await balancesOf(db, campaignId, rows.map((r) => r.user_id));
  return rows.map((r) => {
    const b = balances.get(r.user_id) ?? { total_points: 0, points_for_use: 0 };
    return {
      id: r.id, user_id: r.user_id, name: r.full_name, email: r.email, level_id: r.level_id, level_name: r.level_name ?? null,
      blocked: r.blocked, inscription_date: r.inscription_date, ...b,
    };
  });
}

export async function findPerson(db: Db, clientId: number, campaignId: number, userId: number): Promise<RewardCampaignUserRow | undefined> {
  return db.selectFrom('reward_campaign_users').selectAll()
    .where('client_id', '=', clientId).where('campaign_id', '=', campaignId).where('user_id', '=', userId).executeTakeFirst();
}

export async function readPerson(db: Db, clientId: number, campaignId: number, userId: number): Promise<CampaignUser | undefined> {
  const rows = await peopleQuery(db, clientId, campaignId).where('cu.user_id', '=', userId).execute();
  return (await toCampaignUsers(db, campaignId, rows))[0];
}

/** The users among `userIds` who are members of the client, with their profile there. */
export async function membersOf(db: Db, clientId: number, userIds: readonly number[]): Promise<Map<number, number | null>> {
  const unique = [...new Set(userIds)];
  if (!unique.length) return new Map();
  const rows = await db.selectFrom('user_clients').select(['user_id', 'profile_id']).where('client_id', '=', clientId).where('user_id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.user_id, r.profile_id]));
}

export async function recordEvent(
  db: Db, e: { clientId: number; campaignId: number; userId: number; event: CampaignUserEvent; levelFrom?: number | null; levelTo?: number | null; responsibleId: number | null; note?: string },
): Promise<void> {
  await db.insertInto('reward_campaign_user_events').values({
    client_id: e.clientId, campaign_id: e.campaignId, user_id: e.userId, event: e.event, level_from: e.levelFrom ?? null, level_to: e.levelTo ?? null,
    responsible_id: e.responsibleId, note: e.note ?? '', created_at: new Date(),
  }).execute();
}

/** Puts the user on the campaign once; answers whether they were added now. */
export async function addPerson(db: Db, clientId: number, campaignId: number, userId: number, responsibleId: number | null): Promise<boolean> {
  const res = await db.insertInto('reward_campaign_users').values({ client_id: clientId, campaign_id: campaignId, user_id: userId, inscription_date: new Date() })
    .onConflict((oc) => oc.columns(['campaign_id', 'user_id']).doNothing()).executeTakeFirst();
  const added = Number(res.numInsertedOrUpdatedRows ?? 0) === 1;
  if (added) await recordEvent(db, { clientId, campaignId, userId, event: 'added', responsibleId });
  return added;
}

/** spec 3 §4 "Removal deletes all of the user's sales and points and cannot be undone." */
export async function removePerson(db: Db, clientId: number, campaignId: number, userId: number, responsibleId: number): Promise<boolean> {
  const res = await db.deleteFrom('reward_campaign_users').where('client_id', '=', clientId).where('campaign_id', '=', campaignId).where('user_id', '=', userId)
    .executeTakeFirst();
  if (Number(res.numDeletedRows) !== 1) return false;
  await db.deleteFrom('reward_sales').where('campaign_id', '=', campaignId).where('user_id', '=', userId).execute();
  await deleteEntries(db, campaignId, userId);
  await recordEvent(db, { clientId, campaignId, userId, event: 'removed', responsibleId });
  return true;
}

export async function setBlocked(db: Db, person: RewardCampaignUserRow, blocked: boolean, responsibleId: number): Promise<boolean> {
  const res = await db.updateTable('reward_campaign_users').set({ blocked }).where('id', '=', person.id).where('blocked', '=', !blocked).executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return false;
  await recordEvent(db, { clientId: person.client_id, campaignId: person.campaign_id, userId: person.user_id, event: blocked ? 'blocked' : 'unblocked', responsibleId });
  return true;
}

/** Level up or down with history (level_from, level_to, date, responsible; null: the closing's recalculation). */
export async function setLevel(db: Db, person: RewardCampaignUserRow, levelId: number | null, responsibleId: number | null, note = ''): Promise<boolean> {
  if (person.level_id === levelId) return false;
  await db.updateTable('reward_campaign_users').set({ level_id: levelId }).where('id', '=', person.id).execute();
  await recordEvent(db, {
    clientId: person.client_id, campaignId: person.campaign_id, userId: person.user_id, event: 'level', levelFrom: person.level_id, levelTo: levelId, responsibleId, note,
  });
  return true;
}

export async function personEvents(db: Db, clientId: number, campaignId: number, userId: number): Promise<CampaignUserEventEntry[]> {
  const rows = await db.selectFrom('reward_campaign_user_events as e')
    .leftJoin('reward_levels as lf', 'lf.id', 'e.level_from')
    .leftJoin('reward_levels as lt', 'lt.id', 'e.level_to')
    .leftJoin('users as r', 'r.id', 'e.responsible_id')
    .select(['e.id', 'e.event', 'lf.name as level_from', 'lt.name as level_to', 'r.full_name as responsible', 'e.note', 'e.created_at'])
    .where('e.client_id', '=', clientId).where('e.campaign_id', '=', campaignId).where('e.user_id', '=', userId)
    .orderBy('e.id').execute();
  return rows.map((r) => ({ ...r, level_from: r.level_from ?? null, level_to: r.level_to ?? null, responsible: r.responsible ?? null }));
}

/** Every person of the campaign (the closing's level recalculation). */
export async function allPeople(db: Db, campaignId: number): Promise<RewardCampaignUserRow[]> {
  return db.selectFrom('reward_campaign_users').selectAll().where('campaign_id', '=', campaignId).orderBy('id').execute();
}
