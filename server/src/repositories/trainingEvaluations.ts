/**
 * Reaction evaluations (spec 2 §3.5) of a parent (a group training; a webcast later), their
 * questions, and the base evaluation models they can be created from. The parent has been
 * checked against the selected client by the caller (trainingOr404); every function here is
 * also scoped to that parent id, so an evaluation is only reached through its own parent.
 */
import { EVALUATION_DEFAULT_STATUS, EVALUATION_STATUS, type BaseEvaluation, type BaseEvaluationQuestion, type Evaluation } from '@lp/shared';
import type { Db } from '../db/database.ts';

/**
 * Where one variant keeps its evaluations. The webcast tables follow the group training
 * layout column for column (except the parent column), so the queries are typed against
 * the group training tables and the names swapped here, in one place.
 */
export interface EvaluationStore {
  evaluations: string;
  questions: string;
  /** the evaluations' column naming the parent */
  parentColumn: string;
}

export const GROUP_TRAINING_EVALUATION_STORE: EvaluationStore = {
  evaluations: 'group_training_evaluations',
  questions: 'group_training_evaluation_questions',
  parentColumn: 'group_training_id',
};

function tables(store: EvaluationStore) {
  return {
    evaluations: store.evaluations as 'group_training_evaluations',
    questions: store.questions as 'group_training_evaluation_questions',
    parent: store.parentColumn as 'group_training_id',
  };
}

export interface EvaluationValues {
  title: string;
  status: number;
}

export interface QuestionValues {
  title: string;
  question_type_id: number;
}

/** The list's base query: the parent's evaluations that are not deleted, with their question count. */
export function evaluationListQuery(db: Db, store: EvaluationStore, parentId: number) {
  const t = tables(store);
  return db.selectFrom(t.evaluations)
    .select((eb) => [
      'id', 'title', 'status',
      eb.selectFrom(t.questions).select((q) => q.fn.countAll<number>().as('n'))
        .where('evaluation_id', '=', eb.ref(`${t.evaluations}.id` as 'group_training_evaluations.id'))
        .as('qty_questions'),
    ])
    .where(t.parent, '=', parentId)
    .where('status', '!=', EVALUATION_STATUS.deleted);
}

type EvaluationListRow = Awaited<ReturnType<ReturnType<typeof evaluationListQuery>['execute']>>[number];

export const toEvaluation = (row: EvaluationListRow): Evaluation => ({
  id: row.id, title: row.title, qty_questions: Number(row.qty_questions ?? 0), status: row.status,
});

export async function findEvaluation(db: Db, store: EvaluationStore, parentId: number, id: number): Promise<Evaluation | undefined> {
  const t = tables(store);
  const row = await evaluationListQuery(db, store, parentId).where(`${t.evaluations}.id` as 'group_training_evaluations.id', '=', id).executeTakeFirst();
  return row && toEvaluation(row);
}

export async function insertEvaluation(db: Db, store: EvaluationStore, parentId: number, values: EvaluationValues): Promise<number> {
  const t = tables(store);
  const now = new Date();
  const row = await db.insertInto(t.evaluations)
    .values({ [t.parent]: parentId, title: values.title, status: values.status, created_at: now, updated_at: now } as {
      group_training_id: number; title: string; status: number; created_at: Date; updated_at: Date;
    })
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEvaluation(db: Db, store: EvaluationStore, parentId: number, id: number, values: EvaluationValues): Promise<boolean> {
  const t = tables(store);
  const res = await db.updateTable(t.evaluations).set({ title: values.title, status: values.status, updated_at: new Date() })
    .where('id', '=', id).where(t.parent, '=', parentId).where('status', '!=', EVALUATION_STATUS.deleted)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Soft delete (spec 2 §4.1 status 3): learners' answers, when they come, keep their evaluation. */
export async function deleteEvaluation(db: Db, store: EvaluationStore, parentId: number, id: number): Promise<boolean> {
  const t = tables(store);
  const res = await db.updateTable(t.evaluations).set({ status: EVALUATION_STATUS.deleted, updated_at: new Date() })
    .where('id', '=', id).where(t.parent, '=', parentId).where('status', '!=', EVALUATION_STATUS.deleted)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The questions of one evaluation (already checked to belong to the parent). */
export function questionListQuery(db: Db, store: EvaluationStore, evaluationId: number) {
  return db.selectFrom(tables(store).questions)
    .select(['id', 'title', 'question_type_id', 'position'])
    .where('evaluation_id', '=', evaluationId);
}

export async function findQuestion(db: Db, store: EvaluationStore, evaluationId: number, id: number) {
  return questionListQuery(db, store, evaluationId).where('id', '=', id).executeTakeFirst();
}

export async function insertQuestion(db: Db, store: EvaluationStore, evaluationId: number, values: QuestionValues): Promise<number> {
  const t = tables(store);
  const last = await db.selectFrom(t.questions).select((eb) => eb.fn.max('position').as('position'))
    .where('evaluation_id', '=', evaluationId).executeTakeFirst();
  const position = last?.position == null ? 0 : Number(last.position) + 1;
  const row = await db.insertInto(t.questions).values({
    evaluation_id: evaluationId, title: values.title, question_type_id: values.question_type_id, position, created_at: new Date(),
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateQuestion(db: Db, store: EvaluationStore, evaluationId: number, id: number, values: QuestionValues): Promise<boolean> {
  const res = await db.updateTable(tables(store).questions).set({ title: values.title, question_type_id: values.question_type_id })
    .where('id', '=', id).where('evaluation_id', '=', evaluationId).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteQuestion(db: Db, store: EvaluationStore, evaluationId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom(tables(store).questions).where('id', '=', id).where('evaluation_id', '=', evaluationId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

export async function questionTypeExists(db: Db, id: number): Promise<boolean> {
  return !!(await db.selectFrom('evaluation_question_types').select('id').where('id', '=', id).executeTakeFirst());
}

/** Models offered to a client: its own and the global ones (client_id null), published (status 1). */
function baseEvaluationQuery(db: Db, clientId: number) {
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

export async function listBaseEvaluations(db: Db, clientId: number): Promise<BaseEvaluation[]> {
  const rows = await baseEvaluationQuery(db, clientId).orderBy('base_evaluations.title').orderBy('base_evaluations.id').execute();
  return rows.map((r) => ({ id: r.id, value: r.id, title: r.title, qty_questions: Number(r.qty_questions ?? 0) }));
}

export async function findBaseEvaluation(db: Db, clientId: number, id: number): Promise<BaseEvaluation | undefined> {
  const row = await baseEvaluationQuery(db, clientId).where('base_evaluations.id', '=', id).executeTakeFirst();
  return row && { id: row.id, value: row.id, title: row.title, qty_questions: Number(row.qty_questions ?? 0) };
}

export function baseQuestionListQuery(db: Db, baseEvaluationId: number) {
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
export async function createEvaluationFromBase(db: Db, store: EvaluationStore, parentId: number, base: BaseEvaluation): Promise<number> {
  const t = tables(store);
  const id = await insertEvaluation(db, store, parentId, { title: base.title, status: EVALUATION_DEFAULT_STATUS });
  const questions = await baseQuestionListQuery(db, base.id).orderBy('position').orderBy('id').execute();
  if (questions.length) {
    const now = new Date();
    await db.insertInto(t.questions).values(questions.map((q, position) => ({
      evaluation_id: id, title: q.title, question_type_id: q.question_type_id, position, created_at: now,
    }))).execute();
  }
  return id;
}
