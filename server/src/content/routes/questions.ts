import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ListQuery, QuestionSearchRequest, testOwnerSchemas, type ErrorCode, NoContent } from '@lp/shared/contract';
import { QUESTION_SEARCH, TEST_DEFAULTS, alternativesChangeLocked, formErrorCode, validateQuestion } from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { sanitizeRichText } from '../../lib/sanitizeHtml.ts';
import { clientOf } from '../../plugins/app/auth.ts';
import type { OwnerKind } from '../owner.ts';
import { ownerAccess, ownerOr404 } from '../ownerAccess.ts';
import { ownedDb, type OwnedDb } from '../ownedDb.ts';
import {
  deleteQuestion, findQuestion, insertQuestions, questionListQuery, searchQuestions, toQuestionRow, updateQuestion, withAnswers,
  type QuestionState, type QuestionWithAnswers,
} from '../repository/questions.ts';
import { findTest, testHasResults } from '../repository/tests.ts';
import type { OwnedTestRow } from '../tables.ts';
import { QuestionParams, TestParams } from './params.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['q.title'],
  sortable: { id: 'q.id', position: 'q.position', title: 'q.title' },
  defaultOrdering: 'position',
};

interface QuestionBody {
  title: string;
  is_mandatory?: boolean;
  answers: Array<{ id?: number; title: string; is_correct: boolean }>;
}

const locked = (detail: string) => new HttpError(409, 'test_has_user_results', detail);

/** A question in the owner's wire names (spec 2 §3.4, §7.1). */
function questionAnswer(owner: OwnerKind, q: QuestionWithAnswers): Record<string, unknown> {
  return {
    id: q.id,
    title: q.title,
    is_mandatory: q.is_mandatory,
    qty_answers: q.answers.length,
    // spec 2 §4.3: questions in a list are always shown as status 1
    status: 1,
    [owner.tests.answersField]: q.answers,
  };
}

/**
 * The stored question: title and alternatives sanitised (server/src/lib/sanitizeHtml.ts), then
 * spec 2 §5.4 on what will be stored. Field keys in the owner's wire names.
 */
function questionState(owner: OwnerKind, body: QuestionBody): QuestionState {
  const state: QuestionState = {
    title: sanitizeRichText(body.title),
    is_mandatory: body.is_mandatory ?? TEST_DEFAULTS.is_mandatory,
    answers: body.answers.map((a) => ({ ...(a.id !== undefined ? { id: a.id } : {}), title: sanitizeRichText(a.title), is_correct: a.is_correct })),
  };
  const fields = Object.fromEntries(Object.entries(validateQuestion({ title: state.title, answers: state.answers }))
    .map(([field, code]) => [field.replace(/^answers/, owner.tests.answersField), code])) as Record<string, ErrorCode>;
  const code = formErrorCode(fields);
  if (code) throw new HttpError(400, code, 'The question is not valid', fields);
  return state;
}

const readBody = (owner: OwnerKind, raw: unknown): QuestionBody => {
  const body = raw as Record<string, unknown>;
  return {
    title: body.title as string,
    ...(typeof body.is_mandatory === 'boolean' ? { is_mandatory: body.is_mandatory } : {}),
    answers: body[owner.tests.answersField] as QuestionBody['answers'],
  };
};

/**
 * spec 2 §7.1 / §7.3 Questions (JSON) and the question database search, for one owner kind.
 * spec 2 §4.4: with results, no question is added or deleted, and an edit keeps the same
 * alternatives and the same correct one.
 */
export function registerQuestionRoutes(parent: FastifyInstance, owner: OwnerKind): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { read, write } = ownerAccess(owner);
  const contract = owner.tests;
  const schemas = testOwnerSchemas(contract);
  const collection = contract.questions(':id', ':testId');
  const item = contract.question(':id', ':testId', ':questionId');

  /** The owner's test (the owner checked against the selected client), read through `db`'s transaction. */
  async function testOr404(db: Db, request: FastifyRequest, ownerId: number, testId: number): Promise<{ db: OwnedDb; test: OwnedTestRow }> {
    await ownerOr404(db, owner, request, ownerId);
    const owned = ownedDb(db, owner);
    const test = await findTest(owned, ownerId, testId);
    if (!test) throw notFound();
    return { db: owned, test };
  }

  app.get(collection, { config: { access: read }, schema: { params: TestParams, querystring: ListQuery, response: listResponse(schemas.question) } }, async (request, reply) => {
    const { db, test } = await testOr404(app.db, request, request.params.id, request.params.testId);
    const list = parseListQuery(request.query, LIST_SPEC);
    const { rows, total } = await runList(questionListQuery(db, test.id), list, LIST_SPEC);
    const questions = await withAnswers(db, rows.map(toQuestionRow));
    return sendList(reply, `${owner.wirePrefix}_test_questions`, list, questions.map((q) => questionAnswer(owner, q)), total);
  });

  app.get(item, { config: { access: read }, schema: { params: QuestionParams, response: { 200: schemas.question } } }, async (request) => {
    const { db, test } = await testOr404(app.db, request, request.params.id, request.params.testId);
    const question = await findQuestion(db, test.id, request.params.questionId);
    if (!question) throw notFound();
    return questionAnswer(owner, question);
  });

  app.post(collection, {
    config: { access: write }, schema: { params: TestParams, body: schemas.questionInput, response: { 201: schemas.question } },
  }, async (request, reply) => {
    const { id: ownerId, testId } = request.params;
    const question = await app.db.transaction().execute(async (trx) => {
      const { db, test } = await testOr404(trx, request, ownerId, testId);
      if (await testHasResults(db, test.id)) throw locked('Questions cannot be added to a test with results');
      const [id] = await insertQuestions(db, test.id, [questionState(owner, readBody(owner, request.body))]);
      return (await findQuestion(db, test.id, id!))!;
    });
    return reply.status(201).send(questionAnswer(owner, question));
  });

  app.put(item, {
    config: { access: write }, schema: { params: QuestionParams, body: schemas.questionInput, response: { 200: schemas.question } },
  }, async (request) => {
    const { id: ownerId, testId, questionId } = request.params;
    const question = await app.db.transaction().execute(async (trx) => {
      const { db, test } = await testOr404(trx, request, ownerId, testId);
      const current = await findQuestion(db, test.id, questionId);
      if (!current) throw notFound();
      const state = questionState(owner, readBody(owner, request.body));
      // an id names one of this question's own alternatives, once
      const ids = state.answers.flatMap((a) => (a.id === undefined ? [] : [a.id]));
      const own = new Set(current.answers.map((a) => a.id));
      if (new Set(ids).size !== ids.length || ids.some((id) => !own.has(id))) {
        throw new HttpError(400, 'validation_error', 'Unknown alternative', { [contract.answersField]: 'validation_error' });
      }
      if (await testHasResults(db, test.id) && alternativesChangeLocked(current.answers, state.answers)) {
        throw locked('The alternatives of a test with results cannot be added, deleted or change the correct one');
      }
      await updateQuestion(db, questionId, state);
      return (await findQuestion(db, test.id, questionId))!;
    });
    return questionAnswer(owner, question);
  });

  app.delete(item, { config: { access: write }, schema: { params: QuestionParams, response: { 204: NoContent } } }, async (request, reply) => {
    const { id: ownerId, testId, questionId } = request.params;
    await app.db.transaction().execute(async (trx) => {
      const { db, test } = await testOr404(trx, request, ownerId, testId);
      if (!(await findQuestion(db, test.id, questionId))) throw notFound();
      if (await testHasResults(db, test.id)) throw locked('Questions of a test with results cannot be deleted');
      await deleteQuestion(db, questionId);
    });
    return reply.status(204).send();
  });

  // spec 2 §2.3 question database search; §5.11: from 3 characters, at most 25 results
  app.post(contract.searchQuestions, {
    config: { access: read }, schema: { body: QuestionSearchRequest, response: { 200: Type.Object({ questions: Type.Array(schemas.hit) }) } },
  }, async (request) => {
    const text = request.body.search_question.trim();
    if (Array.from(text).length < QUESTION_SEARCH.minChars) return { questions: [] };
    const hits = await searchQuestions(ownedDb(app.db, owner), clientOf(request), text, QUESTION_SEARCH.maxResults);
    const p = contract.hitPrefix;
    return {
      questions: hits.map((h) => ({
        id: h.id,
        [`${p}_title`]: h.ownerTitle,
        [`${p}_test_title`]: h.testTitle,
        [`${p}_test_question_title`]: h.title,
        [`${p}_test_question_alternatives_qty`]: h.answers.length,
        alternatives: h.answers.map((a) => ({ title: a.title, is_correct: a.is_correct })),
      })),
    };
  });
}
