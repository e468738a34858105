/**
 * A learner's standing in a trail (spec 2 §3.8): the trail's published trainings
 * in order, and which of them the learner finished. A trail is complete when every one of its
 * published trainings is finished.
 */
import { CONTENT_STATUS } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';

export interface TrailTraining {
  trainingId: number;
  title: string;
  workload: number;
  /** 1-based, among the published trainings */
  order: number;
  /** the training that must be finished first, when it is published */
  prerequisiteId: number | null;
  /** YYYY-MM-DD */
  availableIn: string | null;
}

/** The trail's modules that are trainings of the client with status 1, by position. */
export async function trailTrainings(db: Db, clientId: number, trailId: number): Promise<TrailTraining[]> {
  const rows = await db.selectFrom('trail_items')
    .innerJoin('group_trainings', 'group_trainings.id', 'trail_items.item_id')
    .leftJoin('trail_items as parent', 'parent.id', 'trail_items.parent_item_id')
    .select([
      'trail_items.item_id', 'trail_items.avaliable_in', 'group_trainings.title', 'group_trainings.workload',
      'parent.item_type as parent_type', 'parent.item_id as parent_item_id',
    ])
    .where('trail_items.trail_id', '=', trailId).where('trail_items.item_type', '=', 'training')
    .where('group_trainings.client_id', '=', clientId).where('group_trainings.status', '=', CONTENT_STATUS.published)
    .orderBy('trail_items.position').orderBy('trail_items.id')
    .execute();
  const published = new Set(rows.map((r) => r.item_id));
  return rows.map((r, i) => ({
    trainingId: r.item_id,
    title: r.title,
    workload: Number(r.workload),
    order: i + 1,
    prerequisiteId: r.parent_type === 'training' && r.parent_item_id != null && published.has(r.parent_item_id) ? r.parent_item_id : null,
    availableIn: r.avaliable_in,
  }));
}

export interface TrainingEnrollmentState {
  status: string;
  completedAt: string | null;
}

/** The user's enrollments among `trainingIds`, by training. */
export async function enrollmentsOf(db: Db, userId: number, trainingIds: readonly number[]): Promise<Map<number, TrainingEnrollmentState>> {
  if (trainingIds.length === 0) return new Map();
  const rows = await db.selectFrom('group_training_enrollments').select(['group_training_id', 'status', 'completed_at'])
    .where('user_id', '=', userId).where('group_training_id', 'in', [...trainingIds]).execute();
  return new Map(rows.map((r) => [r.group_training_id, { status: r.status, completedAt: r.completed_at }]));
}

export const isFinished = (e: TrainingEnrollmentState | undefined): boolean => e?.status === 'finished';

/** spec 2 §3.8: a trail with published trainings, all of them finished. */
export function isTrailComplete(trainings: readonly TrailTraining[], enrollments: ReadonlyMap<number, TrainingEnrollmentState>): boolean {
  return trainings.length > 0 && trainings.every((t) => isFinished(enrollments.get(t.trainingId)));
}
