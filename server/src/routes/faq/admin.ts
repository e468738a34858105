import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { FAQ_DEFAULTS, formErrorCode, validateFaqCategory, validateFaqQuestion } from '@lp/shared/rules';
import {
  FAQ_PATHS, ListQuery, FaqCategory, FaqCategoryInput, FaqListQuery, FaqQuestion, FaqQuestionInput, FaqReceivedQuery, FaqReceivedQuestion,
  FaqReceivedUpdate, type ErrorCode,
} from '@lp/shared/contract';
import type { Db } from '../../db/database.ts';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { sanitizeRichText } from '../../lib/sanitizeHtml.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import {
  categoryListQuery, categoryNameTaken, categoryOwned, deleteCategory, deleteQuestion, findCategory, findQuestion, insertCategory,
  insertQuestion, questionListQueryOf, receivedListQueryOf, receivedQuestionRow, renameCategory, setReceivedStatus, toFaqCategory,
  toFaqQuestion, toReceived, updateQuestion, type FaqQuestionState,
} from '../../repositories/faq.ts';
import { titleAccess } from '../../lib/access.ts';
import { IdParams } from '../../lib/params.ts';

/** spec 1 §2.3 / spec 3 §2 title slugs: faqs → faq, faq/categories → faq_categories. */
export const FAQ_TITLE = 'faq';
export const FAQ_CATEGORIES_TITLE = 'faq_categories';


const QUESTION_LIST: ListSpec = {
  searchColumns: ['faq_questions.question'],
  sortable: {
    id: 'faq_questions.id', question: 'faq_questions.question', category_name: 'faq_categories.name', order: 'faq_questions.sort_order',
    is_public: 'faq_questions.is_public', status: 'faq_questions.status', created_at: 'faq_questions.created_at', updated_at: 'faq_questions.updated_at',
  },
  defaultOrdering: 'order',
  filters: { category: 'faq_questions.category_id', status: 'faq_questions.status', is_public: 'faq_questions.is_public' },
};

const CATEGORY_LIST: ListSpec = {
  searchColumns: ['faq_categories.name'],
  sortable: { id: 'faq_categories.id', name: 'faq_categories.name', created_at: 'faq_categories.created_at' },
  defaultOrdering: 'name',
};

const RECEIVED_LIST: ListSpec = {
  searchColumns: ['faq_received_questions.question', 'faq_received_questions.name', 'faq_received_questions.email'],
  sortable: { id: 'faq_received_questions.id', created_at: 'faq_received_questions.created_at', status: 'faq_received_questions.status' },
  defaultOrdering: '-created_at',
  filters: { status: 'faq_received_questions.status' },
};

/** pg 23503, SQLite SQLITE_CONSTRAINT_FOREIGNKEY */
const isForeignKeyViolation = (error: unknown): boolean => {
  const code = (error as { code?: string } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
};

const invalid = (fields: Record<string, ErrorCode>, detail: string) => new HttpError(400, formErrorCode(fields)!, detail, fields);

/** The question a create or update stores: the request over the current values, the answer sanitised, then the rules. */
async function questionState(db: Db, clientId: number, input: FaqQuestionInput, current: FaqQuestion | null): Promise<FaqQuestionState> {
  const values = {
    category: input.category !== undefined ? input.category : current?.category ?? null,
    question: (input.question ?? current?.question ?? '').trim(),
    answer: input.answer !== undefined ? sanitizeRichText(input.answer) : current?.answer ?? '',
    order: input.order !== undefined && input.order !== null ? input.order : current?.order ?? FAQ_DEFAULTS.order,
    status: input.status ?? current?.status ?? FAQ_DEFAULTS.status,
  };
  const fields = validateFaqQuestion(values);
  if (Object.keys(fields).length) throw invalid(fields, 'The question is not valid');
  if (!(await categoryOwned(db, clientId, values.category!))) throw invalid({ category: 'validation_error' }, 'Unknown category');
  return { ...values, category: values.category!, is_public: input.is_public ?? current?.is_public ?? FAQ_DEFAULTS.is_public };
}

async function checkedCategoryName(db: Db, clientId: number, name: string, exceptId: number | null): Promise<string> {
  const fields = validateFaqCategory({ name });
  if (Object.keys(fields).length) throw invalid(fields, 'The category name is not valid');
  const trimmed = name.trim();
  if (await categoryNameTaken(db, clientId, trimmed, exceptId)) {
    throw new HttpError(409, 'name_not_unique', 'A FAQ category with this name already exists', { name: 'name_not_unique' });
  }
  return trimmed;
}

/**
 * The FAQ admin (spec 3 §2 "FAQ (admin): questions and categories"): questions under the title
 * slug faq, categories under faq_categories — whose list the question form also reads, so
 * either key opens it — and the questions received through "send your question".
 */
const adminFaq: FastifyPluginAsyncTypebox = async (app) => {
  const faq = titleAccess(FAQ_TITLE);
  const categoriesWrite = titleAccess(FAQ_CATEGORIES_TITLE);
  const categoriesRead = titleAccess(FAQ_CATEGORIES_TITLE, FAQ_TITLE);

  // ---- questions ----
  const question = `${FAQ_PATHS.collection}:id/`;
  const questionAnswer = async (request: FastifyRequest, id: number) => {
    const found = await findQuestion(app.db, clientOf(request), id);
    if (!found) throw notFound();
    return found;
  };

  app.get(FAQ_PATHS.collection, { config: { access: faq }, schema: { querystring: FaqListQuery, response: listResponse(FaqQuestion) } }, async (request, reply) => {
    const { category, status, is_public: isPublic, ...query } = request.query;
    const list = parseListQuery(query, QUESTION_LIST);
    const qb = questionListQueryOf(app.db, clientOf(request), { category, status, isPublic });
    const { rows, total } = await runList(qb, list, QUESTION_LIST);
    return sendList(reply, 'faqs', list, rows.map(toFaqQuestion), total);
  });

  app.get(question, { config: { access: faq }, schema: { params: IdParams, response: { 200: FaqQuestion } } }, async (request) =>
    questionAnswer(request, request.params.id));

  app.post(FAQ_PATHS.collection, { config: { access: faq }, schema: { body: FaqQuestionInput, response: { 201: FaqQuestion } } }, async (request, reply) => {
    const clientId = clientOf(request);
    const id = await app.db.transaction().execute(async (trx) => insertQuestion(trx, clientId, await questionState(trx, clientId, request.body, null)));
    return reply.status(201).send(await questionAnswer(request, id));
  });

  app.put(question, { config: { access: faq }, schema: { params: IdParams, body: FaqQuestionInput, response: { 200: FaqQuestion } } }, async (request) => {
    const clientId = clientOf(request);
    const { id } = request.params;
    await app.db.transaction().execute(async (trx) => {
      const current = await findQuestion(trx, clientId, id);
      if (!current) throw notFound();
      await updateQuestion(trx, clientId, id, await questionState(trx, clientId, request.body, current));
    });
    return questionAnswer(request, id);
  });

  app.delete(question, { config: { access: faq }, schema: { params: IdParams, response: { 200: FaqQuestion } } }, async (request) => {
    const before = await questionAnswer(request, request.params.id);
    if (!(await deleteQuestion(app.db, clientOf(request), request.params.id))) throw notFound();
    return before;
  });

  // ---- categories ----
  const category = `${FAQ_PATHS.categories}:id/`;
  const categoryAnswer = async (request: FastifyRequest, id: number) => {
    const found = await findCategory(app.db, clientOf(request), id);
    if (!found) throw notFound();
    return found;
  };

  app.get(FAQ_PATHS.categories, { config: { access: categoriesRead }, schema: { querystring: ListQuery, response: listResponse(FaqCategory) } }, async (request, reply) => {
    const list = parseListQuery(request.query, CATEGORY_LIST);
    const { rows, total } = await runList(categoryListQuery(app.db, clientOf(request)), list, CATEGORY_LIST);
    return sendList(reply, 'faq_categories', list, rows.map(toFaqCategory), total);
  });

  app.get(category, { config: { access: categoriesRead }, schema: { params: IdParams, response: { 200: FaqCategory } } }, async (request) =>
    categoryAnswer(request, request.params.id));

  app.post(FAQ_PATHS.categories, { config: { access: categoriesWrite }, schema: { body: FaqCategoryInput, response: { 201: FaqCategory } } }, async (request, reply) => {
    const clientId = clientOf(request);
    const id = await app.db.transaction().execute(async (trx) =>
      insertCategory(trx, clientId, await checkedCategoryName(trx, clientId, request.body.name, null)));
    return reply.status(201).send(await categoryAnswer(request, id));
  });

  app.put(category, { config: { access: categoriesWrite }, schema: { params: IdParams, body: FaqCategoryInput, response: { 200: FaqCategory } } }, async (request) => {
    const clientId = clientOf(request);
    const { id } = request.params;
    await app.db.transaction().execute(async (trx) => {
      if (!(await findCategory(trx, clientId, id))) throw notFound();
      await renameCategory(trx, clientId, id, await checkedCategoryName(trx, clientId, request.body.name, id));
    });
    return categoryAnswer(request, id);
  });

  // a category keeps its questions: it goes only once they were moved or deleted
  app.delete(category, { config: { access: categoriesWrite }, schema: { params: IdParams, response: { 200: FaqCategory } } }, async (request) => {
    const before = await categoryAnswer(request, request.params.id);
    const inUse = () => new HttpError(409, 'faq_category_in_use', 'The category has questions');
    if (before.qty_questions > 0) throw inUse();
    try {
      if (!(await deleteCategory(app.db, clientOf(request), request.params.id))) throw notFound();
    } catch (error) {
      // a question filed under it in the meantime: the foreign key refuses
      if (isForeignKeyViolation(error)) throw inUse();
      throw error;
    }
    return before;
  });

  // ---- received questions ----
  app.get(FAQ_PATHS.received, { config: { access: faq }, schema: { querystring: FaqReceivedQuery, response: listResponse(FaqReceivedQuestion) } }, async (request, reply) => {
    const { status, ...query } = request.query;
    const list = parseListQuery(query, RECEIVED_LIST);
    const qb = receivedListQueryOf(app.db, clientOf(request), status);
    const { rows, total } = await runList(qb, list, RECEIVED_LIST);
    return sendList(reply, 'faq_received_questions', list, rows.map(toReceived), total);
  });

  app.patch(`${FAQ_PATHS.received}:id/`, {
    config: { access: faq }, schema: { params: IdParams, body: FaqReceivedUpdate, response: { 200: FaqReceivedQuestion } },
  }, async (request) => {
    const clientId = clientOf(request);
    const { id } = request.params;
    if (!(await setReceivedStatus(app.db, clientId, id, request.body.status, authOf(request).user.id))) throw notFound();
    const row = await receivedQuestionRow(app.db, clientId, id);
    return toReceived(row);
  });
};
export default adminFaq;
