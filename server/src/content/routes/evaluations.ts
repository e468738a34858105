import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from '@sinclair/typebox';
import {
  BaseEvaluation, BaseEvaluationQuestion, Evaluation, EvaluationCreated, EvaluationForm, EvaluationFromBaseForm, ListQuery, SlugOption,
  evaluationQuestionSchemas,
  NoContent,
} from '@lp/shared/contract';
import {
  EVALUATION_DEFAULT_STATUS, formErrorCode, validateEvaluation, validateEvaluationModel, validateEvaluationQuestion,
  type EvaluationFieldErrors,
} from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { clientOf } from '../../plugins/app/auth.ts';
import type { OwnerKind } from '../owner.ts';
import { ownerAccess, ownerOr404 } from '../ownerAccess.ts';
import { ownedDb } from '../ownedDb.ts';
import {
  baseQuestionListQuery, createEvaluationFromBase, deleteEvaluation, deleteEvaluationQuestion, evaluationListQuery,
  evaluationQuestionListQuery, evaluationQuestionTypeOptions, findBaseEvaluation, findEvaluation, findEvaluationQuestion, insertEvaluation,
  insertEvaluationQuestion, listBaseEvaluations, questionTypeExists, toBaseQuestion, toEvaluation, updateEvaluation, updateEvaluationQuestion,
} from '../repository/evaluations.ts';
import { BaseEvaluationParams, EvaluationParams, EvaluationQuestionParams } from './params.ts';
import { IdParams } from '../../lib/params.ts';

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
 * spec 2 §7.1 / §7.3 "Reaction evaluations" of one owner kind: the owner's evaluations (list,
 * read, create, update, soft delete), their questions, creation from a base model (§4.5), the
 * models themselves and the question types reference list. spec 2 §5.6 rules from shared.
 */
export function registerEvaluationRoutes(parent: FastifyInstance, owner: OwnerKind): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const guard = ownerAccess(owner);
  const { paths, questionTypeField: typeField, fromBaseField } = owner.evaluations;
  const owned = ownedDb(app.db, owner);
  // typed loosely: the type field's name is only known at run time
  const schemas = evaluationQuestionSchemas(typeField);
  const Question: TSchema = schemas.Question;
  const QuestionForm: TSchema = schemas.QuestionForm;
  const evaluations = paths.collection(':id');
  const evaluation = paths.item(':id', ':evaluation_id');
  const questions = paths.questions(':id', ':evaluation_id');
  const question = paths.question(':id', ':evaluation_id', ':question_id');
  const FromBaseBody: TSchema = fromBaseField === 'base_evaluation_id'
    ? EvaluationFromBaseForm
    : Type.Object({ [fromBaseField]: Type.Optional(Type.Integer({ minimum: 1 })) });
  const evaluationsResource = `${owner.wirePrefix}_evaluations`;
  const questionsResource = `${owner.wirePrefix}_evaluation_questions`;

  const toQuestion = (row: { id: number; title: string; question_type_id: number }) => ({ id: row.id, title: row.title, [typeField]: row.question_type_id });

  /** The evaluation of an owner of the selected client, or 404. */
  const evaluationOr404 = async (db: Db, request: FastifyRequest, ownerId: number, id: number) => {
    await ownerOr404(db, owner, request, ownerId);
    const found = await findEvaluation(ownedDb(db, owner), ownerId, id);
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
    if (type !== null && !fields[typeField] && !(await questionTypeExists(owned, type))) fields[typeField] = 'validation_error';
    refuse(fields, 'The evaluation question is not valid');
    return { title, question_type_id: type! };
  };

  // ---- evaluations ----
  app.get(evaluations, { config: { access: guard.read }, schema: { params: IdParams, querystring: ListQuery, response: listResponse(Evaluation) } }, async (request, reply) => {
    const { id } = request.params;
    await ownerOr404(app.db, owner, request, id);
    const list = parseListQuery(request.query, EVALUATION_LIST);
    const { rows, total } = await runList(evaluationListQuery(owned, id), list, EVALUATION_LIST);
    return sendList(reply, evaluationsResource, list, rows.map(toEvaluation), total);
  });

  app.get(evaluation, { config: { access: guard.read }, schema: { params: EvaluationParams, response: { 200: Evaluation } } }, async (request) =>
    evaluationOr404(app.db, request, request.params.id, request.params.evaluation_id));

  app.post(evaluations, {
    config: { access: guard.write }, schema: { params: IdParams, body: EvaluationForm, response: { 201: Evaluation } },
  }, async (request, reply) => {
    const { id } = request.params;
    await ownerOr404(app.db, owner, request, id);
    const newId = await insertEvaluation(owned, id, evaluationValues(request.body, null));
    return reply.status(201).send((await findEvaluation(owned, id, newId))!);
  });

  app.put(evaluation, {
    config: { access: guard.write }, schema: { params: EvaluationParams, body: EvaluationForm, response: { 200: Evaluation } },
  }, async (request) => {
    const { id, evaluation_id } = request.params;
    const current = await evaluationOr404(app.db, request, id, evaluation_id);
    if (!(await updateEvaluation(owned, id, evaluation_id, evaluationValues(request.body, current)))) throw notFound();
    return (await findEvaluation(owned, id, evaluation_id))!;
  });

  app.delete(evaluation, { config: { access: guard.write }, schema: { params: EvaluationParams, response: { 204: NoContent } } }, async (request, reply) => {
    const { id, evaluation_id } = request.params;
    await evaluationOr404(app.db, request, id, evaluation_id);
    if (!(await deleteEvaluation(owned, id, evaluation_id))) throw notFound();
    return reply.status(204).send();
  });

  // spec 2 §4.5: the model's questions copied onto a new evaluation, in one transaction
  app.post(paths.fromBase(':id'), {
    config: { access: guard.write }, schema: { params: IdParams, body: FromBaseBody, response: { 201: EvaluationCreated } },
  }, async (request, reply) => {
    const { id } = request.params;
    await ownerOr404(app.db, owner, request, id);
    const given = (request.body as Record<string, unknown>)[fromBaseField];
    const baseId = typeof given === 'number' ? given : null;
    const rename = (fields: EvaluationFieldErrors) =>
      Object.fromEntries(Object.entries(fields).map(([f, code]) => [f === 'base_evaluation_id' ? fromBaseField : f, code])) as EvaluationFieldErrors;
    refuse(rename(validateEvaluationModel({ base_evaluation_id: baseId })), 'A base evaluation must be chosen');
    const base = await findBaseEvaluation(owned, clientOf(request), baseId!);
    if (!base) throw new HttpError(400, 'validation_error', 'Unknown base evaluation', { [fromBaseField]: 'validation_error' });
    const newId = await owned.transaction().execute((trx) => createEvaluationFromBase(trx, id, base));
    return reply.status(201).send({ id: newId });
  });

  // ---- questions ----
  app.get(questions, {
    config: { access: guard.read }, schema: { params: EvaluationParams, querystring: ListQuery, response: listResponse(Question) },
  }, async (request, reply) => {
    const { id, evaluation_id } = request.params;
    await evaluationOr404(app.db, request, id, evaluation_id);
    const list = parseListQuery(request.query, QUESTION_LIST);
    const { rows, total } = await runList(evaluationQuestionListQuery(owned, evaluation_id), list, QUESTION_LIST);
    return sendList(reply, questionsResource, list, rows.map(toQuestion), total);
  });

  app.get(question, { config: { access: guard.read }, schema: { params: EvaluationQuestionParams, response: { 200: Question } } }, async (request) => {
    const { id, evaluation_id, question_id } = request.params;
    await evaluationOr404(app.db, request, id, evaluation_id);
    const row = await findEvaluationQuestion(owned, evaluation_id, question_id);
    if (!row) throw notFound();
    return toQuestion(row);
  });

  app.post(questions, {
    config: { access: guard.write }, schema: { params: EvaluationParams, body: QuestionForm, response: { 201: Question } },
  }, async (request, reply) => {
    const { id, evaluation_id } = request.params;
    await evaluationOr404(app.db, request, id, evaluation_id);
    const values = await questionValues(request.body as Record<string, unknown>);
    const questionId = await insertEvaluationQuestion(owned, evaluation_id, values);
    return reply.status(201).send(toQuestion((await findEvaluationQuestion(owned, evaluation_id, questionId))!));
  });

  app.put(question, {
    config: { access: guard.write }, schema: { params: EvaluationQuestionParams, body: QuestionForm, response: { 200: Question } },
  }, async (request) => {
    const { id, evaluation_id, question_id } = request.params;
    await evaluationOr404(app.db, request, id, evaluation_id);
    const values = await questionValues(request.body as Record<string, unknown>);
    if (!(await updateEvaluationQuestion(owned, evaluation_id, question_id, values))) throw notFound();
    return toQuestion((await findEvaluationQuestion(owned, evaluation_id, question_id))!);
  });

  app.delete(question, { config: { access: guard.write }, schema: { params: EvaluationQuestionParams, response: { 204: NoContent } } }, async (request, reply) => {
    const { id, evaluation_id, question_id } = request.params;
    await evaluationOr404(app.db, request, id, evaluation_id);
    if (!(await deleteEvaluationQuestion(owned, evaluation_id, question_id))) throw notFound();
    return reply.status(204).send();
  });

  // ---- base evaluation models and the question types (reference lists, spec 2 §7.1 "preloaded lookup lists") ----
  app.get(paths.baseEvaluations, { config: { access: guard.read }, schema: { response: { 200: Type.Array(BaseEvaluation) } } }, async (request) =>
    listBaseEvaluations(owned, clientOf(request)));

  app.get(paths.baseEvaluationQuestions(':base_evaluation_id'), {
    config: { access: guard.read }, schema: { params: BaseEvaluationParams, querystring: ListQuery, response: listResponse(BaseEvaluationQuestion) },
  }, async (request, reply) => {
    const { base_evaluation_id } = request.params;
    if (!(await findBaseEvaluation(owned, clientOf(request), base_evaluation_id))) throw notFound();
    const list = parseListQuery(request.query, QUESTION_LIST);
    const { rows, total } = await runList(baseQuestionListQuery(owned, base_evaluation_id), list, QUESTION_LIST);
    return sendList(reply, 'base_evaluation_questions', list, rows.map(toBaseQuestion), total);
  });

  app.get(owner.evaluations.questionTypesPath, { config: { access: guard.read }, schema: { response: { 200: Type.Array(SlugOption) } } }, async () =>
    evaluationQuestionTypeOptions(owned));
}
