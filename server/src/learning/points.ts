/**
 * The points ledger (spec 1 §2.2 "my score", "points statement", "ranking"): one row per reason
 * and content for a learner, so awarding again — a retake, a repeated event, a retried job —
 * changes nothing.
 */
import type { PresentialPointsCategory } from '@lp/shared/rules';
import type { Db } from '../db/database.ts';
import { creditLearningAward } from '../repositories/rewards/learningPoints.ts';

/** a face-to-face approval scores under its spec 3 §9 points category */
export type PointsReason = 'training_completed' | 'trail_completed' | 'live_class_completed' | 'survey_answered' | 'drill_approved' | 'general_test_approved'
  | PresentialPointsCategory;

export interface PointsAward {
  clientId: number;
  userId: number;
  points: number;
  reason: PointsReason;
  contentType: 'training' | 'trail' | 'live_class' | 'survey' | 'drill' | 'general_test' | 'presential';
  contentId: number;
  /** the content's title, for the campaign statements (spec 3 §3 "Points history") */
  title?: string;
}

/**
 * Records the award once; nothing for a content worth no points. Answers whether a row was added.
 * A new award also goes to the learner's reward campaigns that count its category (spec 3 §9).
 */
export async function awardPoints(db: Db, award: PointsAward): Promise<boolean> {
  const points = Math.round(award.points);
  if (!(points > 0)) return false;
  const row = await db.insertInto('points_ledger').values({
    client_id: award.clientId, user_id: award.userId, points, reason: award.reason,
    content_type: award.contentType, content_id: award.contentId, created_at: new Date(),
  }).onConflict((oc) => oc.columns(['user_id', 'reason', 'content_type', 'content_id']).doNothing())
    .returning('id').executeTakeFirst();
  if (row === undefined) return false;
  await creditLearningAward(db, { clientId: award.clientId, userId: award.userId, awardId: row.id, points, reason: award.reason, title: award.title });
  return true;
}
