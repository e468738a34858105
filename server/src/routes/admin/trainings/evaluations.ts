import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import { Type, type TSchema } from '@sinclair/typebox';
import {
  BaseEvaluation, BaseEvaluationQuestion, EVALUATION_DEFAULT_STATUS, Evaluation, EvaluationCreated, EvaluationForm, EvaluationFromBaseForm,
  ListQuery, TRAINING_EVALUATION_PATHS, TRAINING_EVALUATION_QUESTION_TYPE_FIELD, TRAINING_PATHS, evaluationQuestionSchemas,
  formErrorCode, validateEvaluation, validateEvaluationModel, validateEvaluationQuestion, type EvaluationFieldErrors,
} from '@lp/shared';
import type { Db } from '../../../db/database.ts';
import { HttpError, notFound } from '../../../lib/httpError.ts';
import { parseListQuery, runList, sendList, type ListSpec } from '../../../lib/list.ts';
import { clientOf } from '../../../plugins/app/auth.ts';
import {
  GROUP_TRAINING_EVALUATION_STORE, baseQuestionListQuery, createEvaluationFromBase, deleteEvaluation, deleteQuestion,
  evaluationListQuery, findBaseEvaluation, findEvaluation, findQuestion, insertEvaluation, insertQuestion, listBaseEvaluations,
  questionListQuery, questionTypeExists, toBaseQuestion, toEvaluation, updateEvaluation, updateQuestion, type EvaluationStore,
} from '../../../repositories/trainingEvaluations.ts';
import { trainingGuards, trainingOr404 } from './common.ts';

/** One variant of the reaction-evaluation routes (spec 2 §7.1; the webcast ones, §7.3, are the same calls with their names). */
export interface EvaluationRoutesOptions {
  /** the parent's collection path; the routes hang from `${parentCollection}:id/` */
  parentCollection: string;
  /** path segment of the evaluations, e.g. group_training_evaluations */
  evaluationsSegment: string;
  /** path segment of their questions, e.g. group_training_evaluation_questions */
  questionsSegment: string;
  /** wire name of a question's type, e.g. group_training_evaluation_question_type */
  questionTypeField: string;
  /** the models' path (GET list, GET {id}/base_evaluation_questions/), or null when another variant serves it */
  baseEvaluationsPath: string | null;
  /** the model's field of create_evaluation_from_base: base_evaluation_id (trainings) / webcast_base_evaluation_id (§7.3) */
  fromBaseField?: string;
  store: EvaluationStore;
  /** reads need the parent's title slug; writes its manage permission too */
  guards(app: FastifyInstance): { read: preValidationHookHandler; write: preValidationHookHandler[] };
  /** throws 404 unless the parent exists for the selected client */
  parentOr404(db: Db, request: FastifyRequest, id: number): Promise<unknown>;
}

const Params = Type.Object({ id: Type.Integer({ minimum: 1 }) });
const EvaluationParams = Type.Object({ id: Type.Integer({ minimum: 1 }), evaluation_id: Type.Integer({ minimum: 1 }) });
const QuestionParams = Type.Object({
  id: Type.Integer({ minimum: 1 }), evaluation_id: Type.Integer({ minimum: 1 }), question_id: Type.Integer({ minimum: 1 }),
});
const BaseParams = Type.Object({ base_evaluation_id: Type.Integer({ minimum: 1 }) });

const EVALUATION_LIST: ListSpec = {
  searchColumns: ['title'],
  sortable: { id: 'id', title: 'title', status: 'status', qty_questions: 'qty_questions' },
  defaultOrdering: 'id',
  filters: { status: 'status' },
};
const QUESTION_LIST: ListSpec = {
  searchColumns: ['title'],
  sortable: { id: 'id', title: 'title', position: 'position', question_type: 'question_type_id' },
  defaultOrdering: 'position',
};

function refuse(fields: EvaluationFieldErrors, detail: string): void {
  const code = formErrorCode(fields);
  if (code) throw new HttpError(400, code, detail, fields);
}

/**
 * Builds the reaction-evaluation plugin of one variant: the evaluations of a parent (list,
 * read, create, update, soft delete), their questions, creation from a base model (spec 2
 * §4.5), and optionally the models themselves. spec 2 §5.6 rules from shared.
 */
export function evaluationRoutes(options: EvaluationRoutesOptions): FastifyPluginAsyncTypebox {
  const { store, questionTypeField: typeField } = options;
  // typed loosely: the type field's name is only known at run time
  const schemas = evaluationQuestionSchemas(typeField);
  const Question: TSchema = schemas.Question;
  const QuestionForm: TSchema = schemas.QuestionForm;
  const evaluations = `${options.parentCollection}:id/${options.evaluationsSegment}/`;
  const evaluation = `${evaluations}:evaluation_id/`;
  const questions = `${evaluation}${options.questionsSegment}/`;
  const question = `${questions}:question_id/`;
  const fromBaseField = options.fromBaseField ?? 'base_evaluation_id';
  const FromBaseBody: TSchema = fromBaseField === 'base_evaluation_id'
    ? EvaluationFromBaseForm
    : Type.Object({ [fromBaseField]: Type.Optional(Type.Integer({ minimum: 1 })) });

  return async (app) => {
    const guard = options.guards(app);
    const toQuestion = (row: { id: number; title: string; question_type_id: number }) =>
      ({ id: row.id, title: row.title, [typeField]: row.question_type_id });

    /** The evaluation of a parent of the selected client, or 404. */
    const evaluationOr404 = async (db: Db, request: FastifyRequest, parentId: number, id: number) => {
      await options.parentOr404(db, request, parentId);
      const found = await findEvaluation(db, store, parentId, id);
      if (!found) throw notFound();
      return found;
    };

    const evaluationValues = (body: EvaluationForm, current: Evaluation | null) => {
      const title = body.title?.trim() ?? '';
      const status = body.status ?? current?.status ?? EVALUATION_DEFAULT_STATUS;
      refuse(validateEvaluation({ title, status }), 'The evaluation is not valid');
      return { title, status };
    };

    const questionValues = async (body: Record<string, unknown>) => {
      const title = typeof body.title === 'string' ? body.title.trim() : '';
      const type = typeof body[typeField] === 'number' ? body[typeField] as number : null;
      const fields = validateEvaluationQuestion({ title, question_type: type }, typeField);
      if (type !== null && !fields[typeField] && !(await questionTypeExists(app.db, type))) fields[typeField] = 'validation_error';
      refuse(fields, 'The evaluation question is not valid');
      return { title, question_type_id: type! };
    };

    // ---- evaluations ----
    app.get(evaluations, { preValidation: guard.read, schema: { params: Params, querystring: ListQuery } }, async (request, reply) => {
      const { id } = request.params;
      await options.parentOr404(app.db, request, id);
      const list = parseListQuery(request.query, EVALUATION_LIST);
      const { rows, total } = await runList(evaluationListQuery(app.db, store, id), list, EVALUATION_LIST);
      return sendList(reply, options.evaluationsSegment, list, rows.map(toEvaluation), total);
    });

    app.get(evaluation, { preValidation: guard.read, schema: { params: EvaluationParams, response: { 200: Evaluation } } }, async (request) =>
      evaluationOr404(app.db, request, request.params.id, request.params.evaluation_id));

    app.post(evaluations, {
      preValidation: guard.write, schema: { params: Params, body: EvaluationForm, response: { 201: Evaluation } },
    }, async (request, reply) => {
      const { id } = request.params;
      await options.parentOr404(app.db, request, id);
      const newId = await insertEvaluation(app.db, store, id, evaluationValues(request.body, null));
      return reply.status(201).send((await findEvaluation(app.db, store, id, newId))!);
    });

    app.put(evaluation, {
      preValidation: guard.write, schema: { params: EvaluationParams, body: EvaluationForm, response: { 200: Evaluation } },
    }, async (request) => {
      const { id, evaluation_id } = request.params;
      const current = await evaluationOr404(app.db, request, id, evaluation_id);
      if (!(await updateEvaluation(app.db, store, id, evaluation_id, evaluationValues(request.body, current)))) throw notFound();
      return (await findEvaluation(app.db, store, id, evaluation_id))!;
    });

    app.delete(evaluation, { preValidation: guard.write, schema: { params: EvaluationParams } }, async (request, reply) => {
      const { id, evaluation_id } = request.params;
      await evaluationOr404(app.db, request, id, evaluation_id);
      if (!(await deleteEvaluation(app.db, store, id, evaluation_id))) throw notFound();
      return reply.status(204).send();
    });

    // spec 2 §4.5: the model's questions copied onto a new evaluation, in one transaction
    app.post(`${evaluations}create_evaluation_from_base/`, {
      preValidation: guard.write, schema: { params: Params, body: FromBaseBody, response: { 201: EvaluationCreated } },
    }, async (request, reply) => {
      const { id } = request.params;
      await options.parentOr404(app.db, request, id);
      const given = (request.body as Record<string, unknown>)[fromBaseField];
      const baseId = typeof given === 'number' ? given : null;
      const rename = (fields: EvaluationFieldErrors) =>
        Object.fromEntries(Object.entries(fields).map(([f, code]) => [f === 'base_evaluation_id' ? fromBaseField : f, code])) as EvaluationFieldErrors;
      refuse(rename(validateEvaluationModel({ base_evaluation_id: baseId })), 'A base evaluation must be chosen');
      const base = await findBaseEvaluation(app.db, clientOf(request), baseId!);
      if (!base) throw new HttpError(400, 'validation_error', 'Unknown base evaluation', { [fromBaseField]: 'validation_error' });
      const newId = await app.db.transaction().execute((trx) => createEvaluationFromBase(trx, store, id, base));
      return reply.status(201).send({ id: newId });
    });

    // ---- questions ----
    app.get(questions, {
      preValidation: guard.read, schema: { params: EvaluationParams, querystring: ListQuery },
    }, async (request, reply) => {
      const { id, evaluation_id } = request.params;
      await evaluationOr404(app.db, request, id, evaluation_id);
      const list = parseListQuery(request.query, QUESTION_LIST);
      const { rows, total } = await runList(questionListQuery(app.db, store, evaluation_id), list, QUESTION_LIST);
      return sendList(reply, options.questionsSegment, list, rows.map(toQuestion), total);
    });

    app.get(question, { preValidation: guard.read, schema: { params: QuestionParams, response: { 200: Question } } }, async (request) => {
      const { id, evaluation_id, question_id } = request.params;
      await evaluationOr404(app.db, request, id, evaluation_id);
      const row = await findQuestion(app.db, store, evaluation_id, question_id);
      if (!row) throw notFound();
      return toQuestion(row);
    });

    app.post(questions, {
      preValidation: guard.write, schema: { params: EvaluationParams, body: QuestionForm, response: { 201: Question } },
    }, async (request, reply) => {
      const { id, evaluation_id } = request.params;
      await evaluationOr404(app.db, request, id, evaluation_id);
      const values = await questionValues(request.body as Record<string, unknown>);
      const questionId = await insertQuestion(app.db, store, evaluation_id, values);
      return reply.status(201).send(toQuestion((await findQuestion(app.db, store, evaluation_id, questionId))!));
    });

    app.put(question, {
      preValidation: guard.write, schema: { params: QuestionParams, body: QuestionForm, response: { 200: Question } },
    }, async (request) => {
      const { id, evaluation_id, question_id } = request.params;
      await evaluationOr404(app.db, request, id, evaluation_id);
      const values = await questionValues(request.body as Record<string, unknown>);
      if (!(await updateQuestion(app.db, store, evaluation_id, question_id, values))) throw notFound();
      return toQuestion((await findQuestion(app.db, store, evaluation_id, question_id))!);
    });

    app.delete(question, { preValidation: guard.write, schema: { params: QuestionParams } }, async (request, reply) => {
      const { id, evaluation_id, question_id } = request.params;
      await evaluationOr404(app.db, request, id, evaluation_id);
      if (!(await deleteQuestion(app.db, store, evaluation_id, question_id))) throw notFound();
      return reply.status(204).send();
    });

    // ---- base evaluation models ----
    const basePath = options.baseEvaluationsPath;
    if (basePath) {
      // a reference list (spec 2 §7.1 "preloaded lookup lists"): the whole list, as a bare array
      app.get(basePath, { preValidation: guard.read, schema: { response: { 200: Type.Array(BaseEvaluation) } } }, async (request) =>
        listBaseEvaluations(app.db, clientOf(request)));

      app.get(`${basePath}:base_evaluation_id/base_evaluation_questions/`, {
        preValidation: guard.read, schema: { params: BaseParams, querystring: ListQuery },
      }, async (request, reply) => {
        const { base_evaluation_id } = request.params;
        if (!(await findBaseEvaluation(app.db, clientOf(request), base_evaluation_id))) throw notFound();
        const list = parseListQuery(request.query, QUESTION_LIST);
        const { rows, total } = await runList(baseQuestionListQuery(app.db, base_evaluation_id), list, QUESTION_LIST);
        return sendList(reply, 'base_evaluation_questions', list, rows.map(toBaseQuestion), total);
      });
    }
  };
}

/** spec 2 §7.1 "Reaction evaluations" of group trainings, and the base models. */
const trainingEvaluations = evaluationRoutes({
  parentCollection: TRAINING_PATHS.collection,
  evaluationsSegment: 'group_training_evaluations',
  questionsSegment: 'group_training_evaluation_questions',
  questionTypeField: TRAINING_EVALUATION_QUESTION_TYPE_FIELD,
  baseEvaluationsPath: TRAINING_EVALUATION_PATHS.baseEvaluations,
  store: GROUP_TRAINING_EVALUATION_STORE,
  guards: trainingGuards,
  parentOr404: trainingOr404,
});
export default trainingEvaluations;
