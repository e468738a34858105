/**
 * Surveys as the admin edits them (spec 3 §2, §3 "Survey", §4): the survey row, its owners and
 * audience, and its one test whose questions the owned-content core stores (SURVEY_OWNER).
 * Every query is scoped to the selected client.
 */
import type { Survey, SurveyAnswersSummary, SurveyListItem } from '@lp/shared/contract';
import { SURVEY_STATUS, SURVEY_TEST_TYPE_ID, SURVEY_TYPES, type SurveyType } from '@lp/shared/rules';
import { readAudience, writeAudience } from '../../content/audience/index.ts';
import { SURVEY_OWNER, ownedDb, questionListQuery, toQuestionRow, withAnswers, type OwnedDb } from '../../content/index.ts';
import type { Db } from '../../db/database.ts';
import type { SurveyRow } from '../../db/tables/survey.table.ts';

/** group_training_test_types id of a survey's one test (2026_11_27_0100_surveys) */

export const surveyTypeId = (type: SurveyType): number => SURVEY_TYPES.indexOf(type) + 1;
export const surveyTypeOf = (id: number): SurveyType => SURVEY_TYPES[id - 1] ?? 'optional';

export interface SurveyState {
  title: string;
  description: string;
  survey_type: SurveyType;
  start_date: string;
  end_date: string | null;
  show_feedback: boolean;
  score: number | null;
  status: number;
  owners: number[];
  areas: number[];
  profiles: number[];
  user_groups: number[];
}

export const surveysDb = (db: Db): OwnedDb => ownedDb(db, SURVEY_OWNER);

/** The client's survey that is not deleted. */
export async function findSurvey(db: Db, clientId: number, id: number): Promise<SurveyRow | undefined> {
  return db.selectFrom('surveys').selectAll().where('client_id', '=', clientId).where('id', '=', id)
    .where('status', '!=', SURVEY_STATUS.deleted).executeTakeFirst();
}

/** The survey's one test (made with the survey). */
export async function surveyTestId(db: Db, surveyId: number): Promise<number> {
  const row = await surveysDb(db).selectFrom('owned_tests').select('id').where('owner_id', '=', surveyId).orderBy('id').executeTakeFirstOrThrow();
  return row.id;
}

export function surveyListQuery(db: Db, clientId: number) {
  return db.selectFrom('surveys')
    .select((eb) => [
      'surveys.id', 'surveys.title', 'surveys.survey_type_id', 'surveys.start_date', 'surveys.end_date', 'surveys.status', 'surveys.created_at',
      eb.selectFrom('survey_test_questions as q').innerJoin('survey_tests as t', 't.id', 'q.test_id')
        .select((e) => e.fn.countAll<number>().as('n')).whereRef('t.owner_id', '=', 'surveys.id').as('qty_questions'),
      eb.selectFrom('survey_test_results as r').innerJoin('survey_tests as t', 't.id', 'r.test_id')
        .select((e) => e.fn.countAll<number>().as('n')).whereRef('t.owner_id', '=', 'surveys.id').where('r.status', '=', 'finished').as('qty_answers'),
    ])
    .where('surveys.client_id', '=', clientId)
    .where('surveys.status', '!=', SURVEY_STATUS.deleted);
}

type ListRow = Awaited<ReturnType<ReturnType<typeof surveyListQuery>['execute']>>[number];
export const toListItem = (r: ListRow): SurveyListItem => ({
  id: r.id, title: r.title, survey_type: surveyTypeOf(r.survey_type_id), start_date: r.start_date, end_date: r.end_date, status: r.status,
  qty_questions: Number(r.qty_questions ?? 0), qty_answers: Number(r.qty_answers ?? 0), created_at: new Date(r.created_at).toISOString(),
});

export async function loadSurvey(db: Db, clientId: number, id: number): Promise<Survey | undefined> {
  const row = await findSurvey(db, clientId, id);
  if (!row) return undefined;
  const [counts, owners, audience] = await Promise.all([
    surveyListQuery(db, clientId).where('surveys.id', '=', id).executeTakeFirstOrThrow(),
    db.selectFrom('survey_owners').select('user_id').where('survey_id', '=', id).orderBy('user_id').execute(),
    readAudience(db, 'survey', id),
  ]);
  return {
    id: row.id, title: row.title, description: row.description, survey_type: surveyTypeOf(row.survey_type_id),
    start_date: row.start_date, end_date: row.end_date, show_feedback: row.show_feedback, score: row.score, status: row.status,
    owners: owners.map((o) => o.user_id), areas: audience.areas, profiles: audience.profiles, user_groups: audience.user_groups,
    qty_questions: Number(counts.qty_questions ?? 0), qty_answers: Number(counts.qty_answers ?? 0),
    created_at: new Date(row.created_at).toISOString(), updated_at: new Date(row.updated_at).toISOString(),
  };
}

/** The stored values an update starts from. */
export async function surveyState(db: Db, row: SurveyRow): Promise<SurveyState> {
  const [owners, audience] = await Promise.all([
    db.selectFrom('survey_owners').select('user_id').where('survey_id', '=', row.id).execute(),
    readAudience(db, 'survey', row.id),
  ]);
  return {
    title: row.title, description: row.description, survey_type: surveyTypeOf(row.survey_type_id), start_date: row.start_date,
    end_date: row.end_date, show_feedback: row.show_feedback, score: row.score, status: row.status, owners: owners.map((o) => o.user_id),
    areas: [...audience.areas], profiles: [...audience.profiles], user_groups: [...audience.user_groups],
  };
}

const columns = (state: SurveyState) => ({
  title: state.title, description: state.description, survey_type_id: surveyTypeId(state.survey_type), start_date: state.start_date,
  end_date: state.end_date, show_feedback: state.show_feedback, score: state.score, status: state.status,
});

async function writeLinks(db: Db, id: number, state: SurveyState): Promise<void> {
  await db.deleteFrom('survey_owners').where('survey_id', '=', id).execute();
  if (state.owners.length) await db.insertInto('survey_owners').values(state.owners.map((user_id) => ({ survey_id: id, user_id }))).execute();
  await writeAudience(db, 'survey', id, { areas: state.areas, profiles: state.profiles, user_groups: state.user_groups });
}

/** A new survey and its one test (type survey, published: the survey's own status decides). Run in a transaction. */
export async function insertSurvey(db: Db, clientId: number, userId: number, state: SurveyState): Promise<number> {
  const now = new Date();
  const { id } = await db.insertInto('surveys').values({ client_id: clientId, created_by: userId, created_at: now, updated_at: now, ...columns(state) })
    .returning('id').executeTakeFirstOrThrow();
  await surveysDb(db).insertInto('owned_tests').values({
    owner_id: id, title: state.title, test_type_id: SURVEY_TEST_TYPE_ID, status: SURVEY_STATUS.published,
    randomize_questions: false, randomize_answers: false, created_at: now, updated_at: now,
  }).execute();
  await writeLinks(db, id, state);
  return id;
}

export async function updateSurvey(db: Db, clientId: number, id: number, state: SurveyState): Promise<boolean> {
  const done = await db.updateTable('surveys').set({ ...columns(state), updated_at: new Date() })
    .where('client_id', '=', clientId).where('id', '=', id).where('status', '!=', SURVEY_STATUS.deleted).executeTakeFirst();
  if (!Number(done.numUpdatedRows)) return false;
  await surveysDb(db).updateTable('owned_tests').set({ title: state.title, updated_at: new Date() }).where('owner_id', '=', id).execute();
  await writeLinks(db, id, state);
  return true;
}

/** Soft delete: the answers stay for the reports. */
export async function deleteSurvey(db: Db, clientId: number, id: number): Promise<boolean> {
  const done = await db.updateTable('surveys').set({ status: SURVEY_STATUS.deleted, updated_at: new Date() })
    .where('client_id', '=', clientId).where('id', '=', id).where('status', '!=', SURVEY_STATUS.deleted).executeTakeFirst();
  return Number(done.numUpdatedRows) > 0;
}

/** The client's users among `ids` that are not its members (owners must be). */
export async function nonMembers(db: Db, clientId: number, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('user_clients').select('user_id').where('client_id', '=', clientId).where('user_id', 'in', [...ids]).execute();
  const members = new Set(rows.map((r) => r.user_id));
  return ids.filter((id) => !members.has(id));
}

export interface SurveyAnswerRow {
  result_id: number;
  user_id: number;
  user_name: string;
  user_email: string | null;
  finished_at: string | null;
  question_id: number;
  answer_ids: number[] | null;
  answer_text: string | null;
}

/** The finished answers of a survey, one row per answered question, in the order of answering. */
export function answerRowsQuery(db: Db, surveyId: number) {
  return surveysDb(db).selectFrom('owned_test_results as r')
    .innerJoin('owned_tests as t', 't.id', 'r.test_id')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('owned_test_attempt_questions as aq', 'aq.result_id', 'r.id')
    .select(['r.id as result_id', 'r.user_id', 'u.full_name as user_name', 'u.email as user_email', 'r.finished_at', 'aq.question_id', 'aq.answer_ids', 'aq.answer_text'])
    .where('t.owner_id', '=', surveyId).where('r.status', '=', 'finished')
    .orderBy('r.finished_at').orderBy('r.id');
}

/** spec 3 §2 "a view of user answers": per question, how many chose each option, and the texts. */
export async function answersSummary(db: Db, surveyId: number, testId: number): Promise<SurveyAnswersSummary> {
  const odb = surveysDb(db);
  const questions = await withAnswers(odb, (await questionListQuery(odb, testId).orderBy('q.position').orderBy('q.id').execute()).map(toQuestionRow));
  const rows = await answerRowsQuery(db, surveyId).execute();
  const counts = new Map<number, number>();
  const texts = new Map<number, Array<{ user_name: string; text: string }>>();
  const respondents = new Set<number>();
  for (const r of rows) {
    respondents.add(r.result_id);
    for (const id of r.answer_ids ?? []) counts.set(id, (counts.get(id) ?? 0) + 1);
    if (r.answer_text?.trim()) {
      const list = texts.get(r.question_id) ?? [];
      list.unshift({ user_name: r.user_name, text: r.answer_text });
      texts.set(r.question_id, list);
    }
  }
  return {
    survey_id: surveyId,
    respondents: respondents.size,
    questions: questions.map((q) => ({
      id: q.id, title: q.title, question_type: q.question_type,
      options: q.answers.map((a) => ({ id: a.id, title: a.title, count: counts.get(a.id) ?? 0 })),
      texts: (texts.get(q.id) ?? []).slice(0, 200),
    })),
  };
}
