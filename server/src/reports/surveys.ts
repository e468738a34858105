import { ADMIN_RESOURCES, SURVEY_PATHS, SurveyReportRequest } from '@lp/shared/contract';
import { SURVEY_STATUS, htmlToPlainText } from '@lp/shared/rules';
import { answersOf } from '../content/repository/questions.ts';
import { surveysDb } from '../repositories/surveys/admin.ts';
import { defineReport } from './definition.ts';
import { CONTENT_BATCH } from './queries.ts';

const S = 'resources.surveys.report';
const COLUMNS = [
  { field: 'survey', label: `${S}.survey`, width: 36 },
  { field: 'respondent', label: `${S}.respondent`, width: 32 },
  { field: 'email', label: `${S}.email`, width: 32 },
  { field: 'answered_at', label: `${S}.answered_at`, width: 20, date: true },
  { field: 'question', label: `${S}.question`, width: 48 },
  { field: 'options', label: `${S}.options`, width: 40 },
  { field: 'text', label: `${S}.text`, width: 60 },
] as const;

/**
 * The survey answers export (spec 3 §2 "a view of user answers", issue 20 "an xlsx export"): one
 * row per respondent and question of one survey of the selected client, with the options chosen
 * and the text written — asked for, built in the background and e-mailed like every report; the
 * frame escapes formula-like cells (a learner's text starting with "=" stays text).
 */
export const surveysReport = defineReport({
  key: 'surveys',
  path: SURVEY_PATHS.report,
  title: ADMIN_RESOURCES.surveys.title,
  permissions: [ADMIN_RESOURCES.surveys.title, 'reports'],
  body: SurveyReportRequest,
  columns: COLUMNS,
  async *rows(db, { clientId, params }) {
    const survey = await db.selectFrom('surveys').select(['id', 'title']).where('client_id', '=', clientId)
      .where('id', '=', params.survey_id).where('status', '!=', SURVEY_STATUS.deleted).executeTakeFirst();
    if (!survey) return;
    const odb = surveysDb(db);
    const questions = await odb.selectFrom('owned_test_questions as q').innerJoin('owned_tests as t', 't.id', 'q.test_id')
      .select(['q.id', 'q.title']).where('t.owner_id', '=', survey.id).orderBy('q.position').orderBy('q.id').execute();
    const options = await answersOf(odb, questions.map((q) => q.id));
    const optionTitle = new Map([...options.values()].flat().map((o) => [o.id, htmlToPlainText(o.title)]));
    const order = new Map(questions.map((q, i) => [q.id, i]));
    const questionTitle = new Map(questions.map((q) => [q.id, htmlToPlainText(q.title)]));
    let after = 0;
    for (;;) {
      const results = await odb.selectFrom('owned_test_results as r').innerJoin('owned_tests as t', 't.id', 'r.test_id')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .select(['r.id', 'r.finished_at', 'u.full_name', 'u.email'])
        .where('t.owner_id', '=', survey.id).where('r.status', '=', 'finished').where('r.id', '>', after)
        .orderBy('r.id').limit(CONTENT_BATCH).execute();
      if (!results.length) return;
      after = results[results.length - 1]!.id;
      const answers = await odb.selectFrom('owned_test_attempt_questions').select(['result_id', 'question_id', 'answer_ids', 'answer_text'])
        .where('result_id', 'in', results.map((r) => r.id)).execute();
      yield results.flatMap((r) => answers.filter((a) => a.result_id === r.id)
        .sort((a, b) => (order.get(a.question_id) ?? 0) - (order.get(b.question_id) ?? 0))
        .map((a) => ({
          survey: survey.title, respondent: r.full_name, email: r.email, answered_at: r.finished_at ? new Date(r.finished_at) : null,
          question: questionTitle.get(a.question_id) ?? '', options: (a.answer_ids ?? []).map((id) => optionTitle.get(id) ?? '').join('; '),
          text: a.answer_text,
        })));
    }
  },
});
