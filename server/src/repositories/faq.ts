/**
 * FAQ (spec 3 §2 "FAQ (admin): questions and categories", §3, §6): categories and questions of
 * the selected client, what a learner and what a visitor may read (public questions only, never
 * a private one), and the questions sent through "send your question" with the people who
 * receive them (the client's FAQ managers).
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { FAQ_RECEIVED_STATUS, FAQ_STATUS } from '@lp/shared/rules';
import type { FaqCategory, FaqQuestion, FaqReceivedQuestion, LearnerFaq, PublicFaq } from '@lp/shared/contract';
import type { Db } from '../db/database.ts';
import type { FaqReceivedQuestionRow } from '../db/tables/newsFaq.table.ts';

// ---- categories ----

export function categoryListQuery(db: Db, clientId: number) {
  return db.selectFrom('faq_categories')
    .select(['faq_categories.id', 'faq_categories.name', 'faq_categories.created_at'])
    .select((eb) => eb.selectFrom('faq_questions').select(eb.fn.countAll<number>().as('n'))
      .whereRef('faq_questions.category_id', '=', 'faq_categories.id').as('qty_questions'))
    .where('faq_categories.client_id', '=', clientId);
}
type CategoryRow = Awaited<ReturnType<ReturnType<typeof categoryListQuery>['execute']>>[number];

export const toFaqCategory = (r: CategoryRow): FaqCategory => ({
  id: r.id, name: r.name, qty_questions: Number(r.qty_questions ?? 0), created_at: r.created_at,
});

export async function findCategory(db: Db, clientId: number, id: number): Promise<FaqCategory | undefined> {
  const row = await categoryListQuery(db, clientId).where('faq_categories.id', '=', id).executeTakeFirst();
  return row && toFaqCategory(row);
}

/** Case-insensitive: "Acesso" and "acesso" are the same category. */
export async function categoryNameTaken(db: Db, clientId: number, name: string, exceptId: number | null): Promise<boolean> {
  const row = await db.selectFrom('faq_categories').select('id')
    .where('client_id', '=', clientId).where(sql`lower(name)`, '=', name.toLowerCase())
    .$if(exceptId !== null, (qb) => qb.where('id', '!=', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertCategory(db: Db, clientId: number, name: string): Promise<number> {
  const row = await db.insertInto('faq_categories').values({ client_id: clientId, name, created_at: new Date() }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function renameCategory(db: Db, clientId: number, id: number, name: string): Promise<boolean> {
  const res = await db.updateTable('faq_categories').set({ name }).where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteCategory(db: Db, clientId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('faq_categories').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

// ---- questions ----

export interface FaqQuestionState {
  category: number;
  question: string;
  answer: string;
  is_public: boolean;
  order: number;
  status: number;
}

export function questionListQuery(db: Db, clientId: number) {
  return db.selectFrom('faq_questions')
    .innerJoin('faq_categories', 'faq_categories.id', 'faq_questions.category_id')
    .select(['faq_questions.id', 'faq_questions.category_id', 'faq_categories.name as category_name', 'faq_questions.question',
      'faq_questions.answer', 'faq_questions.is_public', 'faq_questions.sort_order', 'faq_questions.status', 'faq_questions.created_at',
      'faq_questions.updated_at'])
    .where('faq_questions.client_id', '=', clientId);
}
type QuestionRow = Awaited<ReturnType<ReturnType<typeof questionListQuery>['execute']>>[number];

export const toFaqQuestion = (r: QuestionRow): FaqQuestion => ({
  id: r.id,
  category: r.category_id,
  category_name: r.category_name,
  question: r.question,
  answer: r.answer,
  is_public: r.is_public,
  order: r.sort_order,
  status: r.status,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

export async function findQuestion(db: Db, clientId: number, id: number): Promise<FaqQuestion | undefined> {
  const row = await questionListQuery(db, clientId).where('faq_questions.id', '=', id).executeTakeFirst();
  return row && toFaqQuestion(row);
}

export async function categoryOwned(db: Db, clientId: number, id: number): Promise<boolean> {
  return (await db.selectFrom('faq_categories').select('id').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst()) !== undefined;
}

const questionValues = (s: FaqQuestionState) => ({
  category_id: s.category, question: s.question, answer: s.answer, is_public: s.is_public, sort_order: s.order, status: s.status,
});

export async function insertQuestion(db: Db, clientId: number, state: FaqQuestionState): Promise<number> {
  const now = new Date();
  const row = await db.insertInto('faq_questions').values({ client_id: clientId, ...questionValues(state), created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateQuestion(db: Db, clientId: number, id: number, state: FaqQuestionState): Promise<boolean> {
  const res = await db.updateTable('faq_questions').set({ ...questionValues(state), updated_at: new Date() })
    .where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteQuestion(db: Db, clientId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('faq_questions').where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

// ---- what learners and visitors read ----

/** Categories by name, questions by their order: the order both pages show. */
function published(db: Db) {
  return db.selectFrom('faq_questions')
    .innerJoin('faq_categories', 'faq_categories.id', 'faq_questions.category_id')
    .select(['faq_questions.id', 'faq_questions.question', 'faq_questions.answer', 'faq_questions.is_public',
      'faq_categories.id as category_id', 'faq_categories.name as category_name'])
    .where('faq_questions.status', '=', FAQ_STATUS.published)
    .orderBy('faq_categories.name').orderBy('faq_categories.id').orderBy('faq_questions.sort_order').orderBy('faq_questions.id');
}

/** institutional/faq: every published question of the client, public or not, by category. */
export async function learnerFaq(db: Db, clientId: number): Promise<LearnerFaq> {
  const rows = await published(db).where('faq_questions.client_id', '=', clientId).execute();
  const categories: LearnerFaq['categories'] = [];
  for (const r of rows) {
    let group = categories.at(-1);
    if (group?.id !== r.category_id) {
      group = { id: r.category_id, name: r.category_name, questions: [] };
      categories.push(group);
    }
    group.questions.push({ id: r.id, question: r.question, answer: r.answer, is_public: r.is_public });
  }
  return { categories };
}

/**
 * The login page's FAQ: published questions marked public, of every client (the login page is
 * the installation's), grouped by category name. A private question is never selected.
 */
export async function publicFaq(db: Db): Promise<PublicFaq['categories']> {
  const rows = await published(db).where('faq_questions.is_public', '=', true).execute();
  const byName = new Map<string, PublicFaq['categories'][number]>();
  for (const r of rows) {
    const key = r.category_name.trim().toLowerCase();
    let group = byName.get(key);
    if (!group) {
      group = { name: r.category_name.trim(), questions: [] };
      byName.set(key, group);
    }
    group.questions.push({ id: r.id, question: r.question, answer: r.answer });
  }
  return [...byName.values()];
}

/** The clients that publish public questions: they receive what visitors send. */
export async function publicFaqClients(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('faq_questions').select('client_id').distinct()
    .where('is_public', '=', true).where('status', '=', FAQ_STATUS.published).orderBy('client_id').execute();
  return rows.map((r) => r.client_id);
}

// ---- "send your question" ----

export interface NewReceivedQuestion {
  clientIds: number[];
  submission: string;
  origin: 'public' | 'portal';
  userId: number | null;
  name: string;
  email: string;
  question: string;
  senderKey: string;
}

/** One row per receiving client; the ids, in the order of `clientIds`. */
export async function insertReceivedQuestion(db: Db, q: NewReceivedQuestion): Promise<number[]> {
  const now = new Date();
  const ids: number[] = [];
  for (const clientId of q.clientIds) {
    const row = await db.insertInto('faq_received_questions').values({
      client_id: clientId, submission: q.submission, origin: q.origin, user_id: q.userId, name: q.name, email: q.email,
      question: q.question, sender_key: q.senderKey, status: FAQ_RECEIVED_STATUS.new, handled_at: null, handled_by: null,
      mailed_at: null, created_at: now,
    }).returning('id').executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

/** Who sent a question: the visitor's address or the learner, hashed (the address is not kept); the FAQ rate limit counts it. */
export const senderKey = (kind: 'ip' | 'user', value: string | number): string => createHash('sha256').update(`${kind}:${value}`).digest('hex');

export function receivedListQuery(db: Db, clientId: number) {
  return db.selectFrom('faq_received_questions')
    .select(['id', 'name', 'email', 'question', 'origin', 'user_id', 'status', 'created_at', 'handled_at'])
    .where('client_id', '=', clientId);
}
type ReceivedRow = Awaited<ReturnType<ReturnType<typeof receivedListQuery>['execute']>>[number];

export const toReceived = (r: ReceivedRow): FaqReceivedQuestion => ({
  id: r.id, name: r.name, email: r.email, question: r.question, origin: r.origin === 'portal' ? 'portal' : 'public', user_id: r.user_id,
  status: r.status, created_at: r.created_at, handled_at: r.handled_at,
});

export async function setReceivedStatus(db: Db, clientId: number, id: number, status: number, userId: number): Promise<boolean> {
  const handled = status === FAQ_RECEIVED_STATUS.handled;
  const res = await db.updateTable('faq_received_questions')
    .set({ status, handled_at: handled ? new Date() : null, handled_by: handled ? userId : null })
    .where('id', '=', id).where('client_id', '=', clientId).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The client's FAQ managers: active users of the client holding `faq`, and superusers of the client. */
export async function faqManagers(db: Db, clientId: number): Promise<Array<{ id: number; email: string; full_name: string; language_id: number }>> {
  return db.selectFrom('users')
    .innerJoin('user_clients', 'user_clients.user_id', 'users.id')
    .select(['users.id', 'users.email', 'users.full_name', 'users.language_id'])
    .where('user_clients.client_id', '=', clientId)
    .where('users.status', '=', 'active')
    .where((eb) => eb.or([
      eb('users.is_superuser', '=', true),
      eb.exists(eb.selectFrom('user_module_items as m').select('m.user_id')
        .whereRef('m.user_id', '=', 'users.id').where('m.client_id', '=', clientId).where('m.slug', '=', 'faq').where('m.permission', '=', true)),
    ]))
    .orderBy('users.id')
    .execute();
}

/** A received question not mailed to the managers yet. */
export async function unmailedReceivedQuestion(db: Db, id: number): Promise<FaqReceivedQuestionRow | undefined> {
  return db.selectFrom('faq_received_questions').selectAll().where('id', '=', id).where('mailed_at', 'is', null).executeTakeFirst();
}

export async function markReceivedQuestionMailed(db: Db, id: number): Promise<void> {
  await db.updateTable('faq_received_questions').set({ mailed_at: new Date() }).where('id', '=', id).execute();
}

/** The client's questions narrowed to a category, a status and public or not, each when given; the list helper pages it. */
export function questionListQueryOf(db: Db, clientId: number, narrow: { category?: number; status?: number; isPublic?: boolean }) {
  const { category, status, isPublic } = narrow;
  return questionListQuery(db, clientId)
    .$if(category !== undefined, (q) => q.where('faq_questions.category_id', '=', category!))
    .$if(status !== undefined, (q) => q.where('faq_questions.status', '=', status!))
    .$if(isPublic !== undefined, (q) => q.where('faq_questions.is_public', '=', isPublic!));
}

/** The client's received questions, of one status when given; the list helper pages it. */
export function receivedListQueryOf(db: Db, clientId: number, status: number | undefined) {
  return receivedListQuery(db, clientId).$if(status !== undefined, (q) => q.where('status', '=', status!));
}

/** The client's received question as the list shows it (it must exist). */
export async function receivedQuestionRow(db: Db, clientId: number, id: number) {
  return receivedListQuery(db, clientId).where('id', '=', id).executeTakeFirstOrThrow();
}
