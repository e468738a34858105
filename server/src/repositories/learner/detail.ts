/**
 * GET /group_trainings/{id}/ (spec 2 §2.1 training detail): the card, the
 * introduction, the activities in hierarchy order with their locks and player data, support
 * materials, the reaction evaluation once finished, and what the learner may still do
 * (comment, forum).
 */
import {
  todayApiDate, COUNTED_ATTEMPT_STATUSES, allowedAttempts, embedPlayerUrl, isTestDone, isTimedTestType, moduleKindOf,
} from '@lp/shared/rules';
import type { LearnerActivity, LearnerTraining } from '@lp/shared/contract';
import { TRAINING_OWNER } from '../../content/owners.ts';
import { ownedDb } from '../../content/ownedDb.ts';
import { hasCommented } from '../../content/repository/comments.ts';
import { evaluationAnswered, publishedEvaluation } from '../../content/repository/evaluations.ts';
import { publishedMaterials } from '../../content/repository/materials.ts';
import type { Db } from '../../db/database.ts';
import type { GroupTrainingRow } from '../../db/tables/training.table.ts';
import type { MediaUrls } from '../../plugins/app/mediaLinks.ts';
import { isOver, trainingActivities, type ModuleActivityData, type TestActivityData, type TrainingActivity } from './activities.ts';
import { trainingCards } from './catalogue.ts';
import { type LearnerContext } from './context.ts';
import { findEnrollment } from './progress.ts';

export const scormVersionOf = (stored: string | null): '1.2' | '2004' | null => {
  if (!stored) return null;
  return stored.startsWith('2004') ? '2004' : '1.2';
};

/** The player's data: the file's signed URL (as the admin's module read builds it) or the embed's player URL. */
export function learnerModule(data: ModuleActivityData, urls: MediaUrls): NonNullable<LearnerActivity['module']> {
  const kind = moduleKindOf(data.slug);
  const resource = data.row.resource;
  return {
    kind,
    resource_url: !data.useEmbed && resource ? urls(resource) : null,
    embed_url: data.useEmbed ? embedPlayerUrl(data.slug, resource) : null,
    scorm_version: kind === 'scorm' ? scormVersionOf(data.scormVersion) ?? '1.2' : null,
    percent: data.progress?.percent ?? 0,
    position_seconds: Number(data.progress?.position_seconds ?? 0),
  };
}

/** A test as the learner meets it (a training's activity, or a webcast's published test). */
export function learnerTest(data: TestActivityData, now: Date): NonNullable<LearnerActivity['test']> {
  const { row, slug, attempts } = data;
  const finished = attempts.filter((a) => isOver(a.status));
  const open = [...attempts].reverse().find((a) => a.status === 'in_progress' && (a.deadline_at === null || new Date(a.deadline_at) > now));
  const best = finished.reduce<number | null>((max, a) => (max === null || a.correct_count > max ? a.correct_count : max), null);
  const drawn = row.qty_total_questions && row.qty_total_questions > 0 ? Math.min(row.qty_total_questions, data.questionCount) : data.questionCount;
  return {
    test_type: slug,
    timed: isTimedTestType(slug),
    qty_questions: drawn,
    maximum_attempts: allowedAttempts(slug, row.maximum_attempts),
    attempts_used: attempts.filter((a) => (COUNTED_ATTEMPT_STATUSES as readonly string[]).includes(a.status)).length,
    time_to_answer: row.time_to_answer,
    minimum_score: row.minimum_score,
    best_correct: best,
    passed: isTestDone(slug, finished.map((a) => ({ passed: a.passed }))),
    open_attempt_id: open?.id ?? null,
  };
}

export function toLearnerActivity(a: TrainingActivity, urls: MediaUrls, now: Date): LearnerActivity {
  return {
    type: a.type,
    id: a.id,
    title: a.title,
    order: a.order,
    available: a.lockReason === null,
    lock_reason: a.lockReason,
    available_in: a.availableIn,
    prerequisite: a.prerequisite,
    status: a.status,
    module: a.module ? learnerModule(a.module, urls) : null,
    test: a.test ? learnerTest(a.test, now) : null,
  };
}

/** The training's activities for the learner (locks included), in hierarchy order. */
export async function learnerActivities(db: Db, ctx: LearnerContext, trainingId: number, blocked: boolean): Promise<TrainingActivity[]> {
  return trainingActivities(db, ctx.clientId, trainingId, ctx.userId, blocked, todayApiDate());
}

export async function learnerTrainingDetail(db: Db, ctx: LearnerContext, row: GroupTrainingRow, urls: MediaUrls): Promise<LearnerTraining> {
  const now = new Date();
  const enrollment = await findEnrollment(db, ctx.userId, row.id);
  const finished = enrollment?.status === 'finished';
  const owned = ownedDb(db, TRAINING_OWNER);
  const [[card], activities, materials, evaluation, commented] = await Promise.all([
    trainingCards(db, ctx, [row]),
    learnerActivities(db, ctx, row.id, enrollment?.status === 'blocked'),
    publishedMaterials(owned, row.id, urls),
    // spec 2 §2.1: the reaction evaluation is offered once the training is finished
    finished ? publishedEvaluation(owned, row.id) : Promise.resolve(null),
    hasCommented(db, ctx.clientId, TRAINING_OWNER.commentOrigin, row.id, ctx.userId),
  ]);
  const commentsEnabled = ctx.flags.use_comments_group_training;
  return {
    ...card!,
    description: row.description,
    activities: activities.map((a) => toLearnerActivity(a, urls, now)),
    materials,
    evaluation: evaluation && { ...evaluation, answered: await evaluationAnswered(owned, evaluation.id, ctx.userId) },
    comments_enabled: commentsEnabled,
    // spec 2 §4.10: after finishing, once
    can_comment: commentsEnabled && finished && !commented,
    forum_enabled: ctx.flags.has_forum,
    completed_at: enrollment?.completed_at ?? null,
  };
}
