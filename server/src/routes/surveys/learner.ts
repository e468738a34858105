import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { LEARNER_SURVEY_PATHS, LearnerSurvey, LearnerSurveyCard, SurveyAnswersInput, SurveySubmitted } from '@lp/shared/contract';
import { DEFAULT_TIME_ZONE, formErrorCode, todayApiDate, validateSurveyAnswers, type SurveyQuestionShape } from '@lp/shared/rules';
import type { QuestionWithAnswers } from '../../content/index.ts';
import { awardPoints } from '../../learning/points.ts';
import { HttpError } from '../../lib/httpError.ts';
import { IdParams } from '../../lib/params.ts';
import {
  attemptAnswers, ensureAttempt, feedbackCounts, findAttempt, findOpenSurvey, finishAttempt, learnerSurveyCards, surveyQuestions, surveyTestId, toCard,
  writeAnswers,
} from '../../repositories/surveys/learner.ts';
import { contextOf } from '../trainings/learner/common.ts';
import { surveyNotFound } from './common.ts';

const today = () => todayApiDate(DEFAULT_TIME_ZONE, new Date());
const alreadyAnswered = () => new HttpError(409, 'survey_already_answered', 'This survey has already been answered');

const shapes = (questions: readonly QuestionWithAnswers[]): SurveyQuestionShape[] =>
  questions.map((q) => ({ id: q.id, question_type: q.question_type, is_mandatory: q.is_mandatory, option_ids: q.answers.map((a) => a.id) }));

/** spec 3 §5 "Surveys" on the answers (400, `questions.{id}` → key). */
function check(questions: readonly QuestionWithAnswers[], answers: SurveyAnswersInput['answers'], final: boolean): void {
  const fields = validateSurveyAnswers(shapes(questions), answers, final);
  const code = formErrorCode(fields);
  if (code) throw new HttpError(400, code, 'The answers are not valid', fields);
}

/**
 * The learner's surveys (spec 3 §3, §5; spec 1 §3.1 has_mandatory_surveys): the open ones, one
 * survey with the learner's draft or answer, a draft kept on the server (a half-filled survey is
 * not lost), and the answer, once — two submissions at the same moment make one answer.
 */
const learner: FastifyPluginAsyncTypebox = async (app) => {
  const open = async (request: Parameters<typeof contextOf>[1], id: number) => {
    const ctx = await contextOf(app, request);
    const row = await findOpenSurvey(app.db, ctx, id, today());
    if (!row) throw surveyNotFound();
    const testId = await surveyTestId(app.db, row.id);
    return { ctx, row, testId, questions: await surveyQuestions(app.db, testId) };
  };

  app.get(LEARNER_SURVEY_PATHS.surveys, { config: { access: 'authenticated' }, schema: { response: { 200: Type.Array(LearnerSurveyCard) } } }, async (request) => {
    const ctx = await contextOf(app, request);
    return learnerSurveyCards(app.db, ctx, today());
  });

  app.get(LEARNER_SURVEY_PATHS.survey(':id'), { config: { access: 'authenticated' }, schema: { params: IdParams, response: { 200: LearnerSurvey } } }, async (request) => {
    const { ctx, row, testId, questions } = await open(request, request.params.id);
    const attempt = await findAttempt(app.db, testId, ctx.userId);
    const answered = attempt?.status === 'finished';
    return {
      ...toCard(row, attempt?.status === 'finished' ? 'finished' : attempt ? 'in_progress' : undefined, questions.length),
      description: row.description,
      show_feedback: row.show_feedback,
      questions: questions.map((q) => ({
        id: q.id, title: q.title, question_type: q.question_type, is_mandatory: q.is_mandatory, options: q.answers.map((a) => ({ id: a.id, title: a.title })),
      })),
      answers: attempt ? await attemptAnswers(app.db, attempt.id) : [],
      feedback: answered && row.show_feedback ? await feedbackCounts(app.db, row.id) : null,
    };
  });

  app.put(LEARNER_SURVEY_PATHS.draft(':id'), {
    config: { access: 'authenticated' }, schema: { params: IdParams, body: SurveyAnswersInput, response: { 200: Type.Object({ saved: Type.Boolean() }) } },
  }, async (request) => {
    const { ctx, testId, questions } = await open(request, request.params.id);
    check(questions, request.body.answers, false);
    await app.db.transaction().execute(async (trx) => {
      const attempt = await ensureAttempt(trx, testId, ctx.userId, questions.length);
      if (attempt.status !== 'in_progress') throw alreadyAnswered();
      await writeAnswers(trx, attempt.id, questions, request.body.answers);
    });
    return { saved: true };
  });

  app.post(LEARNER_SURVEY_PATHS.submit(':id'), {
    config: { access: 'authenticated' }, schema: { params: IdParams, body: SurveyAnswersInput, response: { 200: SurveySubmitted } },
  }, async (request) => {
    const { ctx, row, testId, questions } = await open(request, request.params.id);
    // the answers given complete the stored draft: what is checked is what will be stored
    const stored = await findAttempt(app.db, testId, ctx.userId);
    if (stored?.status === 'finished') throw alreadyAnswered();
    const given = new Map((stored ? await attemptAnswers(app.db, stored.id) : []).map((a) => [a.question_id, a]));
    for (const a of request.body.answers) given.set(a.question_id, a);
    check(questions, [...given.values()], true);
    await app.db.transaction().execute(async (trx) => {
      const attempt = await ensureAttempt(trx, testId, ctx.userId, questions.length);
      // the claim first: of two submissions at once, the second finds it finished and writes nothing
      if (!(await finishAttempt(trx, attempt.id, given.size))) throw alreadyAnswered();
      await writeAnswers(trx, attempt.id, questions, request.body.answers);
      // spec 3 §3 score: the survey's points, once (the ledger's key and the one finished attempt)
      await awardPoints(trx, { clientId: ctx.clientId, userId: ctx.userId, points: row.score ?? 0, reason: 'survey_answered', contentType: 'survey', contentId: row.id });
    });
    return { answered: true as const, score: row.score ?? 0 };
  });
};
export default learner;
