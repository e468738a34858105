/**
 * Reaction evaluations of an owner (spec 2 §3.5, §4.5, §4.10), their questions, the learners'
 * answers, and the base models they can be created from, on an owner kind's own tables (OwnedDb).
 * The owner has been checked against the selected client by the caller; every function is also
 * scoped to the owner id, so an evaluation is only reached through its own owner.
 */
import { CONTENT_STATUS, type BaseEvaluation, type BaseEvaluationQuestion, type Evaluation } from '@lp/shared/contract';
import { EVALUATION_DEFAULT_STATUS, EVALUATION_STATUS } from '@lp/shared/rules';
import type { OwnedDb } from '../ownedDb.ts';

export interface EvaluationValues {
  title: string;
  status: number;
}

export interface EvaluationQuestionValues {
  title: string;
  question_type_id: number;
}

/** The list's base query: the owner's evaluations that are not deleted, with their question count. */
export function evaluationListQuery(db: OwnedDb, ownerId: number) {
  return db.selectFrom('owned_evaluations')
    .select((eb) => [
      'id', 'title', 'status',
      eb.selectFrom('owned_evaluation_questions').select((q) => q.fn.countAll<number>().as('n'))
        .where('evaluation_id', '=', eb.ref('owned_evaluations.id'))
        .as('qty_questions'),
    ])
    .where('owner_id', '=', ownerId)
    .where('status', '!=', EVALUATION_STATUS.deleted);
}

type EvaluationListRow = Awaited<ReturnType<ReturnType<typeof evaluationListQuery>['execute']>>[number];

export const toEvaluation = (row: EvaluationListRow): Evaluation => ({
  id: row.id, title: row.title, qty_questions: Number(row.qty_questions ?? 0), status: row.status,
});

export async function findEvaluation(db: OwnedDb, ownerId: number, id: number): Promise<Evaluation | undefined> {
  const row = await evaluationListQuery(db, ownerId).where('owned_evaluations.id', '=', id).executeTakeFirst();
  return row && toEvaluation(row);
}

export async function insertEvaluation(db: OwnedDb, ownerId: number, values: EvaluationValues): Promise<number> {
  const now = new Date();
  const row = await db.insertInto('owned_evaluations')
    .values({ owner_id: ownerId, title: values.title, status: values.status, created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEvaluation(db: OwnedDb, ownerId: number, id: number, values: EvaluationValues): Promise<boolean> {
  const res = await db.updateTable('owned_evaluations').set({ title: values.title, status: values.status, updated_at: new Date() })
    .where('id', '=', id).where('owner_id', '=', ownerId).where('status', '!=', EVALUATION_STATUS.deleted)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Soft delete (spec 2 §4.1 status 3): learners' answers keep their evaluation. */
export async function deleteEvaluation(db: OwnedDb, ownerId: number, id: number): Promise<boolean> {
  const res = await db.updateTable('owned_evaluations').set({ status: EVALUATION_STATUS.deleted, updated_at: new Date() })
    .where('id', '=', id).where('owner_id', '=', ownerId).where('status', '!=', EVALUATION_STATUS.deleted)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The questions of one evaluation (already checked to belong to the owner). */
export function evaluationQuestionListQuery(db: OwnedDb, evaluationId: number) {
  return db.selectFrom('owned_evaluation_questions')
    .select(['id', 'title', 'question_type_id', 'position'])
    .where('evaluation_id', '=', evaluationId);
}

export async function findEvaluationQuestion(db: OwnedDb, evaluationId: number, id: number) {
  return evaluationQuestionListQuery(db, evaluationId).where('id', '=', id).executeTakeFirst();
}

export async function insertEvaluationQuestion(db: OwnedDb, evaluationId: number, values: EvaluationQuestionValues): Promise<number> {
  const last = await db.selectFrom('owned_evaluation_questions').select((eb) => eb.fn.max('position').as('position'))
    .where('evaluation_id', '=', evaluationId).executeTakeFirst();
  const position = last?.position == null ? 0 : Number(last.position) + 1;
  const row = await db.insertInto('owned_evaluation_questions').values({
    evaluation_id: evaluationId, title: values.title, question_type_id: values.question_type_id, position, created_at: new Date(),
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEvaluationQuestion(db: OwnedDb, evaluationId: number, id: number, values: EvaluationQuestionValues): Promise<boolean> {
  const res = await db.updateTable('owned_evaluation_questions').set({ title: values.title, question_type_id: values.question_type_id })
    .where('id', '=', id).where('evaluation_id', '=', evaluationId).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteEvaluationQuestion(db: OwnedDb, evaluationId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('owned_evaluation_questions').where('id', '=', id).where('evaluation_id', '=', evaluationId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

export async function questionTypeExists(db: OwnedDb, id: number): Promise<boolean> {
  return !!(await db.selectFrom('evaluation_question_types').select('id').where('id', '=', id).executeTakeFirst());
}

/** spec 2 §3.11 evaluation question types: the global lookup, as the editors' reference list. */
export async function evaluationQuestionTypeOptions(db: OwnedDb) {
  const rows = await db.selectFrom('evaluation_question_types').selectAll().orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, value: r.id, slug: r.slug }));
}

// ---- base evaluation models (shared by every owner kind) ----

/** Models offered to a client: its own and the global ones (client_id null), published (status 1). */
function baseEvaluationQuery(db: OwnedDb, clientId: number) {
  return db.selectFrom('base_evaluations')
    .select((eb) => [
      'base_evaluations.id', 'base_evaluations.title',
      eb.selectFrom('base_evaluation_questions').select((q) => q.fn.countAll<number>().as('n'))
        .whereRef('base_evaluation_questions.base_evaluation_id', '=', 'base_evaluations.id')
        .as('qty_questions'),
    ])
    .where((eb) => eb.or([eb('base_evaluations.client_id', 'is', null), eb('base_evaluations.client_id', '=', clientId)]))
    .where('base_evaluations.status', '=', EVALUATION_STATUS.published);
}

export async function listBaseEvaluations(db: OwnedDb, clientId: number): Promise<BaseEvaluation[]> {
  const rows = await baseEvaluationQuery(db, clientId).orderBy('base_evaluations.title').orderBy('base_evaluations.id').execute();
  return rows.map((r) => ({ id: r.id, value: r.id, title: r.title, qty_questions: Number(r.qty_questions ?? 0) }));
}

export async function findBaseEvaluation(db: OwnedDb, clientId: number, id: number): Promise<BaseEvaluation | undefined> {
  const row = await baseEvaluationQuery(db, clientId).where('base_evaluations.id', '=', id).executeTakeFirst();
  return row && { id: row.id, value: row.id, title: row.title, qty_questions: Number(row.qty_questions ?? 0) };
}

export function baseQuestionListQuery(db: OwnedDb, baseEvaluationId: number) {
  return db.selectFrom('base_evaluation_questions')
    .select(['id', 'title', 'question_type_id', 'position'])
    .where('base_evaluation_id', '=', baseEvaluationId);
}

export const toBaseQuestion = (row: { id: number; title: string; question_type_id: number }): BaseEvaluationQuestion => ({
  id: row.id, title: row.title, question_type: row.question_type_id,
});

/**
 * spec 2 §4.5 "'Add from model' creates the evaluation on the server": the model's title and
 * questions, in the model's order, on a new unpublished evaluation (§4.3). Run in a transaction.
 */
export async function createEvaluationFromBase(db: OwnedDb, ownerId: number, base: BaseEvaluation): Promise<number> {
  const id = await insertEvaluation(db, ownerId, { title: base.title, status: EVALUATION_DEFAULT_STATUS });
  const questions = await baseQuestionListQuery(db, base.id).orderBy('position').orderBy('id').execute();
  if (questions.length) {
    const now = new Date();
    await db.insertInto('owned_evaluation_questions').values(questions.map((q, position) => ({
      evaluation_id: id, title: q.title, question_type_id: q.question_type_id, position, created_at: now,
    }))).execute();
  }
  return id;
}

// ---- as learners answer them (spec 2 §2.1, §4.10) ----

export type EvaluationQuestionType = 'grade_0_10' | 'stars' | 'text';

export interface PublishedEvaluation {
  id: number;
  title: string;
  questions: Array<{ id: number; title: string; type: EvaluationQuestionType }>;
}

/** The owner's published reaction evaluation (the first, when an editor published several). */
export async function publishedEvaluation(db: OwnedDb, ownerId: number): Promise<PublishedEvaluation | null> {
  const evaluation = await db.selectFrom('owned_evaluations').select(['id', 'title'])
    .where('owner_id', '=', ownerId).where('status', '=', CONTENT_STATUS.published)
    .orderBy('id').limit(1).executeTakeFirst();
  if (!evaluation) return null;
  const questions = await db.selectFrom('owned_evaluation_questions as q')
    .innerJoin('evaluation_question_types as qt', 'qt.id', 'q.question_type_id')
    .select(['q.id', 'q.title', 'qt.slug'])
    .where('q.evaluation_id', '=', evaluation.id).orderBy('q.position').orderBy('q.id')
    .execute();
  return {
    ...evaluation,
    questions: questions.map((q) => ({ id: q.id, title: q.title, type: q.slug as EvaluationQuestionType })),
  };
}

export async function evaluationAnswered(db: OwnedDb, evaluationId: number, userId: number): Promise<boolean> {
  const row = await db.selectFrom('owned_evaluation_answers').select('id')
    .where('evaluation_id', '=', evaluationId).where('user_id', '=', userId).limit(1).executeTakeFirst();
  return row !== undefined;
}

export interface EvaluationAnswer {
  questionId: number;
  grade: number | null;
  stars: number | null;
  text: string | null;
}

export async function saveEvaluationAnswers(db: OwnedDb, evaluationId: number, userId: number, answers: readonly EvaluationAnswer[]): Promise<void> {
  if (answers.length === 0) return;
  const now = new Date();
  await db.insertInto('owned_evaluation_answers').values(answers.map((a) => ({
    evaluation_id: evaluationId, question_id: a.questionId, user_id: userId, grade: a.grade, stars: a.stars, text: a.text, created_at: now,
  }))).execute();
}
