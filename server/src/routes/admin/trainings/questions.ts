import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  ListQuery, QUESTION_SEARCH, QuestionSearchRequest, TEST_DEFAULTS, alternativesChangeLocked, formErrorCode, validateQuestion,
  type ErrorCode,
} from '@lp/shared';
import type { Db } from '../../../db/database.ts';
import { HttpError, notFound } from '../../../lib/httpError.ts';
import { parseListQuery, runList, sendList, type ListSpec } from '../../../lib/list.ts';
import { sanitizeRichText } from '../../../lib/sanitizeHtml.ts';
import { clientOf } from '../../../plugins/app/auth.ts';
import {
  deleteQuestion, findQuestion, findTest, insertQuestions, questionListQuery, searchQuestions, testHasResults, toQuestionRow,
  updateQuestion, withAnswers, type QuestionState, type QuestionWithAnswers, type TestRow,
} from '../../../repositories/trainingTests.ts';
import { QuestionParams, TestParams, type TestOwnerDef } from './testOwner.ts';

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
function questionAnswer(def: TestOwnerDef, q: QuestionWithAnswers): Record<string, unknown> {
  return {
    id: q.id,
    title: q.title,
    is_mandatory: q.is_mandatory,
    qty_answers: q.answers.length,
    // spec 2 §4.3: questions in a list are always shown as status 1
    status: 1,
    [def.contract.answersField]: q.answers,
  };
}

/**
 * The stored question: title and alternatives sanitised (server/src/lib/sanitizeHtml.ts), then
 * spec 2 §5.4 on what will be stored. Field keys in the owner's wire names.
 */
function questionState(def: TestOwnerDef, body: QuestionBody): QuestionState {
  const state: QuestionState = {
    title: sanitizeRichText(body.title),
    is_mandatory: body.is_mandatory ?? TEST_DEFAULTS.is_mandatory,
    answers: body.answers.map((a) => ({ ...(a.id !== undefined ? { id: a.id } : {}), title: sanitizeRichText(a.title), is_correct: a.is_correct })),
  };
  const fields = Object.fromEntries(Object.entries(validateQuestion({ title: state.title, answers: state.answers }))
    .map(([field, code]) => [field.replace(/^answers/, def.contract.answersField), code])) as Record<string, ErrorCode>;
  const code = formErrorCode(fields);
  if (code) throw new HttpError(400, code, 'The question is not valid', fields);
  return state;
}

const readBody = (def: TestOwnerDef, raw: unknown): QuestionBody => {
  const body = raw as Record<string, unknown>;
  return {
    title: body.title as string,
    ...(typeof body.is_mandatory === 'boolean' ? { is_mandatory: body.is_mandatory } : {}),
    answers: body[def.contract.answersField] as QuestionBody['answers'],
  };
};

/**
 * spec 2 §7.1 Questions (JSON) and the question database search, for one owner of tests.
 * spec 2 §4.4: with results, no question is added or deleted, and an edit keeps the same
 * alternatives and the same correct one.
 */
export function registerQuestionRoutes(parent: FastifyInstance, def: TestOwnerDef): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { read, write } = def.guards(app);
  const { contract, tables, schemas } = def;
  const collection = contract.questions(':id', ':testId');
  const item = contract.question(':id', ':testId', ':questionId');

  async function testOr404(db: Db, request: Parameters<TestOwnerDef['ownerOr404']>[1], ownerId: number, testId: number): Promise<TestRow> {
    await def.ownerOr404(db, request, ownerId);
    const test = await findTest(db, tables, ownerId, testId);
    if (!test) throw notFound();
    return test;
  }

  app.get(collection, { preValidation: read, schema: { params: TestParams, querystring: ListQuery } }, async (request, reply) => {
    const test = await testOr404(app.db, request, request.params.id, request.params.testId);
    const list = parseListQuery(request.query, LIST_SPEC);
    const { rows, total } = await runList(questionListQuery(app.db, tables, test.id), list, LIST_SPEC);
    const questions = await withAnswers(app.db, tables, rows.map(toQuestionRow));
    return sendList(reply, `${contract.hitPrefix}_test_questions`, list, questions.map((q) => questionAnswer(def, q)), total);
  });

  app.get(item, { preValidation: read, schema: { params: QuestionParams, response: { 200: schemas.question } } }, async (request) => {
    const test = await testOr404(app.db, request, request.params.id, request.params.testId);
    const question = await findQuestion(app.db, tables, test.id, request.params.questionId);
    if (!question) throw notFound();
    return questionAnswer(def, question);
  });

  app.post(collection, {
    preValidation: write, schema: { params: TestParams, body: schemas.questionInput, response: { 201: schemas.question } },
  }, async (request, reply) => {
    const { id: ownerId, testId } = request.params;
    const question = await app.db.transaction().execute(async (trx) => {
      const test = await testOr404(trx, request, ownerId, testId);
      if (await testHasResults(trx, tables, test.id)) throw locked('Questions cannot be added to a test with results');
      const [id] = await insertQuestions(trx, tables, test.id, [questionState(def, readBody(def, request.body))]);
      return (await findQuestion(trx, tables, test.id, id!))!;
    });
    return reply.status(201).send(questionAnswer(def, question));
  });

  app.put(item, {
    preValidation: write, schema: { params: QuestionParams, body: schemas.questionInput, response: { 200: schemas.question } },
  }, async (request) => {
    const { id: ownerId, testId, questionId } = request.params;
    const question = await app.db.transaction().execute(async (trx) => {
      const test = await testOr404(trx, request, ownerId, testId);
      const current = await findQuestion(trx, tables, test.id, questionId);
      if (!current) throw notFound();
      const state = questionState(def, readBody(def, request.body));
      // an id names one of this question's own alternatives, once
      const ids = state.answers.flatMap((a) => (a.id === undefined ? [] : [a.id]));
      const own = new Set(current.answers.map((a) => a.id));
      if (new Set(ids).size !== ids.length || ids.some((id) => !own.has(id))) {
        throw new HttpError(400, 'validation_error', 'Unknown alternative', { [contract.answersField]: 'validation_error' });
      }
      if (await testHasResults(trx, tables, test.id) && alternativesChangeLocked(current.answers, state.answers)) {
        throw locked('The alternatives of a test with results cannot be added, deleted or change the correct one');
      }
      await updateQuestion(trx, tables, questionId, state);
      return (await findQuestion(trx, tables, test.id, questionId))!;
    });
    return questionAnswer(def, question);
  });

  app.delete(item, { preValidation: write, schema: { params: QuestionParams } }, async (request, reply) => {
    const { id: ownerId, testId, questionId } = request.params;
    await app.db.transaction().execute(async (trx) => {
      const test = await testOr404(trx, request, ownerId, testId);
      if (!(await findQuestion(trx, tables, test.id, questionId))) throw notFound();
      if (await testHasResults(trx, tables, test.id)) throw locked('Questions of a test with results cannot be deleted');
      await deleteQuestion(trx, tables, questionId);
    });
    return reply.status(204).send();
  });

  // spec 2 §2.3 question database search; §5.11: from 3 characters, at most 25 results
  app.post(contract.searchQuestions, {
    preValidation: read, schema: { body: QuestionSearchRequest, response: { 200: Type.Object({ questions: Type.Array(schemas.hit) }) } },
  }, async (request) => {
    const text = request.body.search_question.trim();
    if (Array.from(text).length < QUESTION_SEARCH.minChars) return { questions: [] };
    const hits = await searchQuestions(app.db, tables, clientOf(request), text, QUESTION_SEARCH.maxResults);
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
