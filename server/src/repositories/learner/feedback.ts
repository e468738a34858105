/**
 * What a learner says about a training (or a webcast) once finished (spec 2 §2.1, §3.5, §4.10, §5.12): the
 * reaction evaluation (grade 0–10, stars or text per question, answered once) and the comment
 * (once per user, in the comments table the admin moderation tab lists, spec 2 §2.7 / §7.4).
 */
import type { CommentOrigin } from '@lp/shared';
import { CONTENT_STATUS, COMMENT_STATUS } from '@lp/shared';
import type { Db } from '../../db/database.ts';
import { toIso } from '../../db/dialect.ts';

export type EvaluationQuestionType = 'grade_0_10' | 'stars' | 'text';

export interface PublishedEvaluation {
  id: number;
  title: string;
  questions: Array<{ id: number; title: string; type: EvaluationQuestionType }>;
}

/** Where one owner keeps its evaluations and the learners' answers (the webcast's tables have the same columns). */
export interface EvaluationAnswerTables {
  evaluations: string;
  parentColumn: string;
  questions: string;
  answers: string;
}
export const GROUP_TRAINING_EVALUATION_ANSWER_TABLES: EvaluationAnswerTables = {
  evaluations: 'group_training_evaluations',
  parentColumn: 'group_training_id',
  questions: 'group_training_evaluation_questions',
  answers: 'group_training_evaluation_answers',
};
const T = GROUP_TRAINING_EVALUATION_ANSWER_TABLES;

/** The owner's published reaction evaluation (the first, when an editor published several). */
export async function publishedEvaluation(db: Db, ownerId: number, t: EvaluationAnswerTables = T): Promise<PublishedEvaluation | null> {
  const evaluation = await db.selectFrom(t.evaluations as 'group_training_evaluations').select(['id', 'title'])
    .where(t.parentColumn as 'group_training_id', '=', ownerId).where('status', '=', CONTENT_STATUS.published)
    .orderBy('id').limit(1).executeTakeFirst();
  if (!evaluation) return null;
  const questions = await db.selectFrom(`${t.questions} as q` as 'group_training_evaluation_questions as q')
    .innerJoin('evaluation_question_types as qt', 'qt.id', 'q.question_type_id')
    .select(['q.id', 'q.title', 'qt.slug'])
    .where('q.evaluation_id', '=', evaluation.id).orderBy('q.position').orderBy('q.id')
    .execute();
  return {
    ...evaluation,
    questions: questions.map((q) => ({ id: q.id, title: q.title, type: q.slug as EvaluationQuestionType })),
  };
}

export async function evaluationAnswered(db: Db, evaluationId: number, userId: number, t: EvaluationAnswerTables = T): Promise<boolean> {
  const row = await db.selectFrom(t.answers as 'group_training_evaluation_answers').select('id')
    .where('evaluation_id', '=', evaluationId).where('user_id', '=', userId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export interface EvaluationAnswer {
  questionId: number;
  grade: number | null;
  stars: number | null;
  text: string | null;
}

export async function saveEvaluationAnswers(
  db: Db, evaluationId: number, userId: number, answers: readonly EvaluationAnswer[], t: EvaluationAnswerTables = T,
): Promise<void> {
  if (answers.length === 0) return;
  const now = new Date();
  await db.insertInto(t.answers as 'group_training_evaluation_answers').values(answers.map((a) => ({
    evaluation_id: evaluationId, question_id: a.questionId, user_id: userId, grade: a.grade, stars: a.stars, text: a.text, created_at: now,
  }))).execute();
}

export interface LearnerCommentRow {
  id: number;
  author: string;
  stars: number | null;
  comment: string;
  created_at: string;
  mine: boolean;
}

const commentQuery = (db: Db) => db.selectFrom('comments').innerJoin('users', 'users.id', 'comments.user_id')
  .select(['comments.id', 'comments.user_id', 'users.full_name', 'comments.stars', 'comments.comment', 'comments.created_at']);
type CommentJoin = Awaited<ReturnType<ReturnType<typeof commentQuery>['execute']>>[number];

const toLearnerComment = (r: CommentJoin, userId: number): LearnerCommentRow => ({
  id: r.id, author: r.full_name, stars: r.stars, comment: r.comment, created_at: toIso(r.created_at)!, mine: r.user_id === userId,
});

/** Published comments of the content, newest first, a page at a time ("load more"), as learners see them. */
export async function publishedComments(
  db: Db, clientId: number, origin: CommentOrigin, originId: number, userId: number, page: { offset: number; limit: number },
): Promise<{ count: number; results: LearnerCommentRow[] }> {
  const base = db.selectFrom('comments')
    .where('comments.client_id', '=', clientId).where('comments.origin', '=', origin).where('comments.origin_id', '=', originId)
    .where('comments.status', '=', COMMENT_STATUS.published);
  const [total, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    commentQuery(db)
      .where('comments.client_id', '=', clientId).where('comments.origin', '=', origin).where('comments.origin_id', '=', originId)
      .where('comments.status', '=', COMMENT_STATUS.published)
      .orderBy('comments.created_at', 'desc').orderBy('comments.id', 'desc')
      .offset(page.offset).limit(page.limit)
      .execute(),
  ]);
  return { count: Number(total.n), results: rows.map((r) => toLearnerComment(r, userId)) };
}

export async function learnerComment(db: Db, id: number, userId: number): Promise<LearnerCommentRow | undefined> {
  const row = await commentQuery(db).where('comments.id', '=', id).executeTakeFirst();
  return row && toLearnerComment(row, userId);
}

/** spec 2 §4.10 "only once": any comment of the user counts, whatever a moderator did with it since. */
export async function hasCommented(db: Db, clientId: number, origin: CommentOrigin, originId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('comments').select('id')
    .where('client_id', '=', clientId).where('origin', '=', origin).where('origin_id', '=', originId).where('user_id', '=', userId)
    .limit(1).executeTakeFirst();
  return row !== undefined;
}
