import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { NoContent, SURVEY_PATHS, SurveyQuestion, SurveyQuestionInput } from '@lp/shared/contract';
import { formErrorCode, hasOptions, isSurveyQuestionType, validateSurveyQuestion } from '@lp/shared/rules';
import { deleteQuestion, findQuestion, insertQuestions, updateQuestion, type QuestionState, type QuestionWithAnswers } from '../../content/index.ts';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { sanitizeRichText } from '../../lib/sanitizeHtml.ts';
import { surveyTestId, surveysDb } from '../../repositories/surveys/admin.ts';
import { surveyQuestions } from '../../repositories/surveys/learner.ts';
import { surveyAccess, surveyOr404 } from './common.ts';

const QuestionParams = Type.Object({ id: Type.Integer({ minimum: 1 }), questionId: Type.Integer({ minimum: 1 }) });

export const toSurveyQuestion = (q: QuestionWithAnswers): SurveyQuestion => ({
  id: q.id, title: q.title, question_type: q.question_type, is_mandatory: q.is_mandatory, position: q.position,
  options: q.answers.map((a) => ({ id: a.id, title: a.title })),
});

/** The stored question: sanitised, then shared validateSurveyQuestion (400 field → key). */
function questionState(body: SurveyQuestionInput): QuestionState {
  const title = sanitizeRichText(body.title);
  const options = body.options.map((o) => ({ ...(o.id !== undefined ? { id: o.id } : {}), title: sanitizeRichText(o.title), is_correct: false }));
  const fields = validateSurveyQuestion({ title, question_type: body.question_type, options });
  const code = formErrorCode(fields);
  if (code || !isSurveyQuestionType(body.question_type)) throw new HttpError(400, code ?? 'validation_error', 'The question is not valid', fields);
  return { title, is_mandatory: body.is_mandatory ?? true, question_type: body.question_type, answers: hasOptions(body.question_type) ? options : [] };
}

/**
 * spec 3 §3 "Survey" questions (each mandatory or optional, one of five types), stored by the
 * owned-content core on the survey's one test; a nested resource of the survey in the admin.
 */
const questions: FastifyPluginAsyncTypebox = async (app) => {
  const guard = surveyAccess;
  const collection = SURVEY_PATHS.questions(':id');
  const item = SURVEY_PATHS.question(':id', ':questionId');
  const odb = () => surveysDb(app.db);

  app.get(collection, { config: { access: guard.read }, schema: { params: Type.Object({ id: Type.Integer({ minimum: 1 }) }), response: { 200: Type.Array(SurveyQuestion) } } },
    async (request, reply) => {
      const row = await surveyOr404(app.db, request, request.params.id);
      const list = (await surveyQuestions(app.db, await surveyTestId(app.db, row.id))).map(toSurveyQuestion);
      // the admin's nested lists read the simple envelope's range header
      void reply.header('Content-Range', `questions 0-${Math.max(list.length - 1, 0)}/${list.length}`);
      return list;
    });

  app.get(item, { config: { access: guard.read }, schema: { params: QuestionParams, response: { 200: SurveyQuestion } } }, async (request) => {
    const row = await surveyOr404(app.db, request, request.params.id);
    const q = await findQuestion(odb(), await surveyTestId(app.db, row.id), request.params.questionId);
    if (!q) throw notFound();
    return toSurveyQuestion(q);
  });

  app.post(collection, {
    config: { access: guard.write },
    schema: { params: Type.Object({ id: Type.Integer({ minimum: 1 }) }), body: SurveyQuestionInput, response: { 201: SurveyQuestion } },
  }, async (request, reply) => {
    const row = await surveyOr404(app.db, request, request.params.id);
    const state = questionState(request.body);
    const testId = await surveyTestId(app.db, row.id);
    const [id] = await app.db.transaction().execute((trx) => insertQuestions(surveysDb(trx), testId, [state]));
    return reply.status(201).send(toSurveyQuestion((await findQuestion(odb(), testId, id!))!));
  });

  app.put(item, { config: { access: guard.write }, schema: { params: QuestionParams, body: SurveyQuestionInput, response: { 200: SurveyQuestion } } }, async (request) => {
    const row = await surveyOr404(app.db, request, request.params.id);
    const testId = await surveyTestId(app.db, row.id);
    const current = await findQuestion(odb(), testId, request.params.questionId);
    if (!current) throw notFound();
    const state = questionState(request.body);
    // an option keeps its id only if it is this question's
    const own = new Set(current.answers.map((a) => a.id));
    if (state.answers.some((a) => a.id !== undefined && !own.has(a.id))) throw new HttpError(400, 'validation_error', 'Unknown option', { options: 'validation_error' });
    await app.db.transaction().execute((trx) => updateQuestion(surveysDb(trx), current.id, state));
    return toSurveyQuestion((await findQuestion(odb(), testId, current.id))!);
  });

  app.delete(item, { config: { access: guard.write }, schema: { params: QuestionParams, response: { 204: NoContent } } }, async (request, reply) => {
    const row = await surveyOr404(app.db, request, request.params.id);
    const q = await findQuestion(odb(), await surveyTestId(app.db, row.id), request.params.questionId);
    if (!q) throw notFound();
    await deleteQuestion(odb(), q.id);
    return reply.status(204).send();
  });
};
export default questions;
