import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ChoiceQuestion, ChoiceQuestionInput, NoContent, type ErrorCode } from '@lp/shared/contract';
import { formErrorCode, validateQuestion } from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import type { AdminAccess } from '../../lib/access.ts';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { sanitizeRichText } from '../../lib/sanitizeHtml.ts';
import type { QuestionOwnerKind } from '../owner.ts';
import { ownedDb } from '../ownedDb.ts';
import {
  deleteQuestion, findQuestion, insertQuestions, questionListQuery, toQuestionRow, updateQuestion, withAnswers,
  type QuestionState, type QuestionWithAnswers,
} from '../repository/questions.ts';

const OwnerParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
const QuestionParams = Type.Object({ id: Type.Integer({ minimum: 1 }), questionId: Type.Integer({ minimum: 1 }) });

/** How a question-only owner with scored questions (drills, general tests) mounts its questions. */
export interface ChoiceQuestionRoutes {
  owner: QuestionOwnerKind;
  paths: { questions(id: string): string; question(id: string, questionId: string): string };
  access: { read: AdminAccess; write: AdminAccess };
  /** the owner's one test in the selected client, or the owner's 404 */
  testOf(db: Db, request: FastifyRequest, ownerId: number): Promise<number>;
  /**
   * Before a change is written, in its transaction, with the question count it leaves: the
   * owner refuses what breaks its rules (a general test with results; a published drill's counts).
   */
  beforeChange?(db: Db, request: FastifyRequest, ownerId: number, questionsAfter: number): Promise<void>;
}

export const toChoiceQuestion = (q: QuestionWithAnswers): ChoiceQuestion => ({
  id: q.id, title: q.title, is_mandatory: q.is_mandatory, position: q.position,
  alternatives: q.answers.map((a) => ({ id: a.id, title: a.title, is_correct: a.is_correct })),
});

/** The stored question: sanitised, then spec 2 §5.4 (two alternatives or more, one correct). */
function questionState(body: ChoiceQuestionInput): QuestionState {
  const state: QuestionState = {
    title: sanitizeRichText(body.title),
    is_mandatory: body.is_mandatory ?? false,
    answers: body.alternatives.map((a) => ({ ...(a.id !== undefined ? { id: a.id } : {}), title: sanitizeRichText(a.title), is_correct: a.is_correct })),
  };
  const fields = Object.fromEntries(Object.entries(validateQuestion({ title: state.title, answers: state.answers }))
    .map(([field, code]) => [field.replace(/^answers/, 'alternatives'), code])) as Record<string, ErrorCode>;
  const code = formErrorCode(fields);
  if (code) throw new HttpError(400, code, 'The question is not valid', fields);
  return state;
}

async function questionsOf(db: Db, owner: QuestionOwnerKind, testId: number): Promise<QuestionWithAnswers[]> {
  const odb = ownedDb(db, owner);
  return withAnswers(odb, (await questionListQuery(odb, testId).orderBy('q.position').orderBy('q.id').execute()).map(toQuestionRow));
}

/**
 * The questions of a question-only owner whose questions have one correct alternative, as a
 * nested resource of the owner in the admin (list, read, add, edit, delete), stored by the
 * owned-content core on the owner's one test.
 */
export function registerChoiceQuestions(parent: FastifyInstance, spec: ChoiceQuestionRoutes): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { owner, access } = spec;
  const collection = spec.paths.questions(':id');
  const item = spec.paths.question(':id', ':questionId');

  app.get(collection, { config: { access: access.read }, schema: { params: OwnerParams, response: { 200: Type.Array(ChoiceQuestion) } } }, async (request, reply) => {
    const list = (await questionsOf(app.db, owner, await spec.testOf(app.db, request, request.params.id))).map(toChoiceQuestion);
    // the admin's nested lists read the simple envelope's range header
    void reply.header('Content-Range', `questions 0-${Math.max(list.length - 1, 0)}/${list.length}`);
    return list;
  });

  app.get(item, { config: { access: access.read }, schema: { params: QuestionParams, response: { 200: ChoiceQuestion } } }, async (request) => {
    const q = await findQuestion(ownedDb(app.db, owner), await spec.testOf(app.db, request, request.params.id), request.params.questionId);
    if (!q) throw notFound();
    return toChoiceQuestion(q);
  });

  app.post(collection, {
    config: { access: access.write }, schema: { params: OwnerParams, body: ChoiceQuestionInput, response: { 201: ChoiceQuestion } },
  }, async (request, reply) => {
    const state = questionState(request.body);
    const question = await app.db.transaction().execute(async (trx) => {
      const testId = await spec.testOf(trx, request, request.params.id);
      const count = (await questionsOf(trx, owner, testId)).length;
      await spec.beforeChange?.(trx, request, request.params.id, count + 1);
      const [id] = await insertQuestions(ownedDb(trx, owner), testId, [state]);
      return (await findQuestion(ownedDb(trx, owner), testId, id!))!;
    });
    return reply.status(201).send(toChoiceQuestion(question));
  });

  app.put(item, { config: { access: access.write }, schema: { params: QuestionParams, body: ChoiceQuestionInput, response: { 200: ChoiceQuestion } } }, async (request) => {
    const state = questionState(request.body);
    const question = await app.db.transaction().execute(async (trx) => {
      const testId = await spec.testOf(trx, request, request.params.id);
      const odb = ownedDb(trx, owner);
      const current = await findQuestion(odb, testId, request.params.questionId);
      if (!current) throw notFound();
      // an id names one of this question's own alternatives, once
      const ids = state.answers.flatMap((a) => (a.id === undefined ? [] : [a.id]));
      const own = new Set(current.answers.map((a) => a.id));
      if (new Set(ids).size !== ids.length || ids.some((id) => !own.has(id))) {
        throw new HttpError(400, 'validation_error', 'Unknown alternative', { alternatives: 'validation_error' });
      }
      await spec.beforeChange?.(trx, request, request.params.id, (await questionsOf(trx, owner, testId)).length);
      await updateQuestion(odb, current.id, state);
      return (await findQuestion(odb, testId, current.id))!;
    });
    return toChoiceQuestion(question);
  });

  app.delete(item, { config: { access: access.write }, schema: { params: QuestionParams, response: { 204: NoContent } } }, async (request, reply) => {
    await app.db.transaction().execute(async (trx) => {
      const testId = await spec.testOf(trx, request, request.params.id);
      const odb = ownedDb(trx, owner);
      if (!(await findQuestion(odb, testId, request.params.questionId))) throw notFound();
      await spec.beforeChange?.(trx, request, request.params.id, (await questionsOf(trx, owner, testId)).length - 1);
      await deleteQuestion(odb, request.params.questionId);
    });
    return reply.status(204).send();
  });
}

/** The owner's questions in its order, with their alternatives. */
export const choiceQuestionsOf = questionsOf;
