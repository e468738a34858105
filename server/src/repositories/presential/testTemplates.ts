/**
 * Face-to-face test templates (spec 1 §6.2 presential_test_templates): the client's templates,
 * each with its one test of the owned-content core (the questions), and the copy of a template's
 * questions into a new test of an event. Every query is scoped to the selected client.
 */
import type { PresentialTestTemplate, PresentialTestTemplateChoice } from '@lp/shared/contract';
import { PRESENTIAL_EVENT_OWNER, PRESENTIAL_TEST_TEMPLATE_OWNER, copyTestTo, ownedDb } from '../../content/index.ts';
import type { OwnedTestRow } from '../../content/tables.ts';
import type { Db } from '../../db/database.ts';
import type { PresentialTestTemplateRow } from '../../db/tables/presentialTestTemplate.table.ts';

export const TEMPLATE_STATUS = { active: 1, deleted: 3 } as const;
/** owned tests: 1 published */
const PUBLISHED = 1;

export const templatesDb = (db: Db) => ownedDb(db, PRESENTIAL_TEST_TEMPLATE_OWNER);

export function findTestTemplate(db: Db, clientId: number, id: number): Promise<PresentialTestTemplateRow | undefined> {
  return db.selectFrom('presential_test_templates').selectAll()
    .where('client_id', '=', clientId).where('id', '=', id).where('status', '=', TEMPLATE_STATUS.active).executeTakeFirst();
}

/** The template's one test (made with it). */
export function templateTest(db: Db, id: number): Promise<OwnedTestRow> {
  return templatesDb(db).selectFrom('owned_tests').selectAll().where('owner_id', '=', id).orderBy('id').executeTakeFirstOrThrow();
}

export function testTemplateListQuery(db: Db, clientId: number) {
  return db.selectFrom('presential_test_templates')
    .innerJoin('presential_test_template_tests as t', 't.owner_id', 'presential_test_templates.id')
    .select((eb) => [
      'presential_test_templates.id', 'presential_test_templates.title', 't.minimum_score',
      'presential_test_templates.created_at', 'presential_test_templates.updated_at',
      eb.selectFrom('presential_test_template_test_questions as q').select((e) => e.fn.countAll<number>().as('n')).whereRef('q.test_id', '=', 't.id').as('qty_questions'),
    ])
    .where('presential_test_templates.client_id', '=', clientId)
    .where('presential_test_templates.status', '=', TEMPLATE_STATUS.active);
}

type ListRow = Awaited<ReturnType<ReturnType<typeof testTemplateListQuery>['execute']>>[number];
export const toTestTemplate = (r: ListRow): PresentialTestTemplate => ({
  id: r.id, title: r.title, minimum_score: r.minimum_score, qty_questions: Number(r.qty_questions ?? 0),
  created_at: new Date(r.created_at).toISOString(), updated_at: new Date(r.updated_at).toISOString(),
});

export async function loadTestTemplate(db: Db, clientId: number, id: number): Promise<PresentialTestTemplate | undefined> {
  const row = await testTemplateListQuery(db, clientId).where('presential_test_templates.id', '=', id).executeTakeFirst();
  return row && toTestTemplate(row);
}

/** Templates with at least one question: what an event may be made from. */
export async function testTemplateChoices(db: Db, clientId: number): Promise<PresentialTestTemplateChoice[]> {
  const rows = await testTemplateListQuery(db, clientId).orderBy('presential_test_templates.title').orderBy('presential_test_templates.id').execute();
  return rows.map(toTestTemplate).filter((r) => r.qty_questions > 0).map(({ id, title, qty_questions }) => ({ id, title, qty_questions }));
}

export interface TestTemplateState { title: string; minimum_score: number | null }

export async function insertTestTemplate(db: Db, clientId: number, userId: number, state: TestTemplateState): Promise<number> {
  const now = new Date();
  const { id } = await db.insertInto('presential_test_templates').values({ client_id: clientId, title: state.title, created_by: userId, created_at: now, updated_at: now })
    .returning('id').executeTakeFirstOrThrow();
  await templatesDb(db).insertInto('owned_tests').values({
    owner_id: id, title: state.title, minimum_score: state.minimum_score, status: PUBLISHED, created_at: now, updated_at: now,
  }).execute();
  return id;
}

export async function updateTestTemplate(db: Db, clientId: number, id: number, state: TestTemplateState): Promise<boolean> {
  const now = new Date();
  const done = await db.updateTable('presential_test_templates').set({ title: state.title, updated_at: now })
    .where('client_id', '=', clientId).where('id', '=', id).where('status', '=', TEMPLATE_STATUS.active).executeTakeFirst();
  if (!Number(done.numUpdatedRows)) return false;
  await templatesDb(db).updateTable('owned_tests').set({ title: state.title, minimum_score: state.minimum_score, updated_at: now }).where('owner_id', '=', id).execute();
  return true;
}

/** Soft delete: the tests made from it are copies and stay. */
export async function deleteTestTemplate(db: Db, clientId: number, id: number): Promise<boolean> {
  const done = await db.updateTable('presential_test_templates').set({ status: TEMPLATE_STATUS.deleted, updated_at: new Date() })
    .where('client_id', '=', clientId).where('id', '=', id).where('status', '=', TEMPLATE_STATUS.active).executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

/** A new published test of the event, titled as the template, with a copy of its questions and alternatives. */
export async function applyTestTemplate(db: Db, template: PresentialTestTemplateRow, eventId: number): Promise<number> {
  const test = await templateTest(db, template.id);
  return copyTestTo(templatesDb(db), test.id, ownedDb(db, PRESENTIAL_EVENT_OWNER), eventId, { title: template.title, minimum_score: test.minimum_score, status: PUBLISHED });
}
