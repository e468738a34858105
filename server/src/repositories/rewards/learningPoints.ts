/**
 * spec 3 §1 "They earn points … also from trainings (KPI and non-KPI), special trainings and
 * webinars"; §3 "Points history: … categories"; §9 "Points categories": a learning award (the
 * platform's points ledger, learning/points.ts) also credits the campaign ledger of each
 * published campaign the learner is on (not blocked) whose rules count the award's category.
 *
 * Once per award: the entry's source is the award's row of the points ledger (itself written
 * once per learner, reason and content), and the campaign ledger's key (campaign, user, kind,
 * source) turns a second or concurrent credit into nothing.
 */
import { awardCategory, categoryCredit } from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import { addEntry } from './ledger.ts';

export interface LearningAward {
  clientId: number;
  userId: number;
  /** the points-ledger row the award wrote */
  awardId: number;
  points: number;
  /** the points-ledger reason (training_completed, live_class_completed, a face-to-face category…) */
  reason: string;
  /** what the statement names (the content's title) */
  title?: string;
}

/** Credits the award to the learner's campaigns that count its category; answers how many campaigns were credited. */
export async function creditLearningAward(db: Db, award: LearningAward): Promise<number> {
  const category = awardCategory(award.reason);
  if (!category) return 0;
  const rules = await db.selectFrom('reward_campaign_category_points as r')
    .innerJoin('reward_campaigns as c', 'c.id', 'r.campaign_id')
    .innerJoin('reward_campaign_users as cu', (j) => j.onRef('cu.campaign_id', '=', 'c.id').on('cu.user_id', '=', award.userId))
    .select(['c.id as campaign_id', 'r.category', 'r.points'])
    .where('c.client_id', '=', award.clientId).where('c.status', '=', 'published').where('cu.blocked', '=', false)
    .where('r.category', '=', category)
    .execute();
  let credited = 0;
  for (const rule of rules) {
    const points = categoryCredit(category, award.points, [rule]);
    if (points <= 0) continue;
    const added = await addEntry(db, {
      clientId: award.clientId, campaignId: rule.campaign_id, userId: award.userId, kind: category, points, sourceId: award.awardId,
      reason: award.title ?? '',
    });
    if (added) credited += 1;
  }
  return credited;
}
