/**
 * Badges and their awards (spec 3 §1, §3). Rules are the shared ones
 * (shared/src/engagement/badges.ts): what a learner achieved in a client is counted here, and
 * every badge earned is one user_badges row (unique per badge and user), so a badge is awarded
 * once however many events judge it at the same time. Earning one records the feed event.
 */
import {
  BADGE_STATUS, DEFAULT_BADGES, NO_ACHIEVEMENTS, badgesToAward, isBadgeMetric, ruleProgress, type Achievements, type BadgeRule,
  type LocaleCode,
} from '@lp/shared/rules';
import { CONTENT_STATUS, type LearnerBadge, type LearnerBadges } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';
import type { BadgeRow } from '../db/tables/engagement.table.ts';
import { recordFeedEvent } from './feedEvents.ts';

export function ruleOf(row: Pick<BadgeRow, 'rule_metric' | 'rule_threshold'>): BadgeRule | null {
  return isBadgeMetric(row.rule_metric) && row.rule_threshold !== null ? { metric: row.rule_metric, threshold: Number(row.rule_threshold) } : null;
}

/** What the learner achieved in the client: trainings and trails finished, contents certified. */
export async function achievementsOf(db: Db, clientId: number, userId: number): Promise<Achievements> {
  const [trainings, trails, certificates] = await Promise.all([
    db.selectFrom('group_training_enrollments as e').innerJoin('group_trainings as t', 't.id', 'e.group_training_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('e.user_id', '=', userId).where('e.status', '=', 'finished').where('t.client_id', '=', clientId)
      .where('t.status', '!=', CONTENT_STATUS.deleted)
      .executeTakeFirstOrThrow(),
    db.selectFrom('trail_enrollments as e').innerJoin('trails as t', 't.id', 'e.trail_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('e.user_id', '=', userId).where('e.status', '=', 'finished').where('t.client_id', '=', clientId)
      .executeTakeFirstOrThrow(),
    // one per certified content: a renewal supersedes the older certificate
    db.selectFrom('certificates').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId).where('client_id', '=', clientId).where('superseded_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return { ...NO_ACHIEVEMENTS, trainings_completed: Number(trainings.n), trails_completed: Number(trails.n), certificates: Number(certificates.n) };
}

/** Inserts the award unless the user holds the badge; true when it is new (then the feed hears of it). */
async function award(db: Db, badge: Pick<BadgeRow, 'id' | 'client_id' | 'title'>, userId: number, manualBy: number | null): Promise<boolean> {
  const inserted = await db.insertInto('user_badges').values({
    client_id: badge.client_id, badge_id: badge.id, user_id: userId, manual: manualBy !== null, awarded_by: manualBy, awarded_at: new Date(),
  }).onConflict((oc) => oc.columns(['badge_id', 'user_id']).doNothing()).returning('id').executeTakeFirst();
  if (!inserted) return false;
  await recordFeedEvent(db, {
    clientId: badge.client_id, userId, kind: 'badge_earned', contentType: 'badge', contentId: badge.id, title: badge.title,
  });
  return true;
}

/** Judges the client's rule badges for one learner and awards those now earned; answers their ids. */
export async function awardRuleBadges(db: Db, clientId: number, userId: number): Promise<number[]> {
  const badges = await db.selectFrom('badges').select(['id', 'client_id', 'title', 'status', 'rule_metric', 'rule_threshold'])
    .where('client_id', '=', clientId).where('status', '=', BADGE_STATUS.active).where('rule_metric', 'is not', null)
    .execute();
  if (badges.length === 0) return [];
  const earned = new Set((await db.selectFrom('user_badges').select('badge_id')
    .where('user_id', '=', userId).where('client_id', '=', clientId).execute()).map((r) => r.badge_id));
  const due = badgesToAward(badges.map((b) => ({ id: b.id, status: b.status, rule: ruleOf(b) })), await achievementsOf(db, clientId, userId), earned);
  const awarded: number[] = [];
  for (const id of due) {
    const badge = badges.find((b) => b.id === id)!;
    if (await award(db, badge, userId, null)) awarded.push(id);
  }
  return awarded;
}

/** Awards a badge by hand to users of its client; answers how many did not hold it yet. */
export async function awardManually(db: Db, badge: Pick<BadgeRow, 'id' | 'client_id' | 'title'>, userIds: readonly number[], by: number): Promise<number> {
  let count = 0;
  for (const userId of new Set(userIds)) if (await award(db, badge, userId, by)) count += 1;
  return count;
}

/** Takes back a badge awarded by hand (and its feed event). Rule awards stay: the rule would give them again. */
export async function revokeManual(db: Db, clientId: number, badgeId: number, userId: number): Promise<'ok' | 'not_found' | 'not_manual'> {
  const row = await db.selectFrom('user_badges').select(['id', 'manual'])
    .where('badge_id', '=', badgeId).where('user_id', '=', userId).where('client_id', '=', clientId).executeTakeFirst();
  if (!row) return 'not_found';
  if (!row.manual) return 'not_manual';
  await db.deleteFrom('user_badges').where('id', '=', row.id).execute();
  await db.deleteFrom('feed_events').where('client_id', '=', clientId).where('user_id', '=', userId)
    .where('kind', '=', 'badge_earned').where('content_type', '=', 'badge').where('content_id', '=', badgeId).execute();
  return 'ok';
}

/** Creates the default badges (spec 3 §3 "default") the client is missing, titled in `locale`; answers how many. */
export async function ensureDefaultBadges(db: Db, clientId: number, locale: LocaleCode): Promise<number> {
  let created = 0;
  const now = new Date();
  for (const def of DEFAULT_BADGES) {
    const row = await db.insertInto('badges').values({
      client_id: clientId, badge_type: 'default', default_key: def.key, title: def.title[locale], description: def.description[locale],
      image_url: null, status: BADGE_STATUS.active, rule_metric: def.rule.metric, rule_threshold: def.rule.threshold, created_at: now, updated_at: now,
    }).onConflict((oc) => oc.columns(['client_id', 'default_key']).doNothing()).returning('id').executeTakeFirst();
    if (row) created += 1;
  }
  return created;
}

/** The profile's badges (spec 1 §2.2): earned ones newest first, then the active ones still to earn. */
export async function learnerBadges(db: Db, clientId: number, userId: number): Promise<LearnerBadges> {
  const [badges, awards, achievements] = await Promise.all([
    db.selectFrom('badges').select(['id', 'title', 'description', 'image_url', 'status', 'rule_metric', 'rule_threshold'])
      .where('client_id', '=', clientId).orderBy('id').execute(),
    db.selectFrom('user_badges').select(['badge_id', 'awarded_at'])
      .where('user_id', '=', userId).where('client_id', '=', clientId).execute(),
    achievementsOf(db, clientId, userId),
  ]);
  const awardedAt = new Map(awards.map((a) => [a.badge_id, a.awarded_at]));
  const earned: LearnerBadge[] = [];
  const toEarn: LearnerBadge[] = [];
  for (const b of badges) {
    const rule = ruleOf(b);
    const at = awardedAt.get(b.id) ?? null;
    const progress = rule ? { metric: rule.metric, ...ruleProgress(rule, achievements) } : null;
    const item: LearnerBadge = { id: b.id, title: b.title, description: b.description, image_url: b.image_url, awarded_at: at, progress };
    // an earned badge stays on the profile even when it was deactivated later
    if (at) earned.push(item);
    else if (b.status === BADGE_STATUS.active) toEarn.push(item);
  }
  earned.sort((a, b) => b.awarded_at!.localeCompare(a.awarded_at!) || a.id - b.id);
  return { earned, to_earn: toEarn };
}
