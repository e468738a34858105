import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  ListQuery, NoContent, SURVEY_PATHS, Survey, SurveyAnswersSummary, SurveyInput, SurveyListItem, SurveyQuestionTypeOption, SurveyTypeOption, type ErrorCode,
} from '@lp/shared/contract';
import { SURVEY_QUESTION_TYPES, SURVEY_STATUS, SURVEY_TYPES, formErrorCode, isSurveyType, validateSurvey } from '@lp/shared/rules';
import { foreignAudienceIds } from '../../content/audience/index.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/httpError.ts';
import { announceNow } from '../../notices/learnerNotices.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { IdParams } from '../../lib/params.ts';
import { sanitizeRichText } from '../../lib/sanitizeHtml.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import {
  answersSummary, deleteSurvey, insertSurvey, loadSurvey, nonMembers, surveyListQuery, surveyState, surveyTestId, toListItem, updateSurvey,
  type SurveyState,
} from '../../repositories/surveys/admin.ts';
import { surveyAccess, surveyNotFound, surveyOr404 } from './common.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['surveys.title'],
  sortable: {
    id: 'surveys.id', title: 'surveys.title', status: 'surveys.status', start_date: 'surveys.start_date', end_date: 'surveys.end_date',
    created_at: 'surveys.created_at',
  },
  defaultOrdering: '-start_date',
  filters: { status: 'surveys.status' },
};

const blankToNull = (value: string | null | undefined): string | null => (value?.trim() ? value.trim() : null);

/** The request merged into the stored values, then spec 3 §3, §5 checked on the result (400 field → key). */
async function resolveState(db: Db, request: FastifyRequest, input: SurveyInput, current: SurveyState | null): Promise<SurveyState> {
  const clientId = clientOf(request);
  const type = input.survey_type !== undefined ? input.survey_type : current?.survey_type ?? null;
  const values = {
    title: input.title !== undefined ? input.title.trim() : current?.title ?? '',
    start_date: input.start_date !== undefined ? blankToNull(input.start_date) : current?.start_date ?? null,
    end_date: input.end_date !== undefined ? blankToNull(input.end_date) : current?.end_date ?? null,
    score: input.score !== undefined ? input.score : current?.score ?? null,
    status: input.status ?? current?.status ?? SURVEY_STATUS.unpublished,
  };
  const fields: Record<string, ErrorCode> = validateSurvey({ ...values, survey_type: type });
  const code = formErrorCode(fields);
  if (code) throw new HttpError(400, code, 'The survey is not valid', fields);
  const state: SurveyState = {
    ...values,
    start_date: values.start_date!,
    survey_type: isSurveyType(type) ? type : 'optional',
    description: input.description !== undefined ? sanitizeRichText(input.description) : current?.description ?? '',
    show_feedback: input.show_feedback ?? current?.show_feedback ?? false,
    owners: [...new Set(input.owners ?? current?.owners ?? [])],
    areas: [...new Set(input.areas ?? current?.areas ?? [])],
    profiles: [...new Set(input.profiles ?? current?.profiles ?? [])],
    user_groups: [...new Set(input.user_groups ?? current?.user_groups ?? [])],
  };
  const foreign = await foreignAudienceIds(db, clientId, state);
  if ((await nonMembers(db, clientId, state.owners)).length) foreign.owners = 'validation_error';
  if (Object.keys(foreign).length) throw new HttpError(400, 'validation_error', 'Unknown reference', foreign);
  return state;
}

/** spec 3 §2 survey list and editor (spec 1 §2.3 surveys, surveys/{id}), the answers view, the reference lists (spec 1 §3.8). */
const admin: FastifyPluginAsyncTypebox = async (app) => {
  const guard = surveyAccess;
  const { collection } = SURVEY_PATHS;
  const item = SURVEY_PATHS.item(':id');
  const answer = async (request: FastifyRequest, id: number) => {
    const record = await loadSurvey(app.db, clientOf(request), id);
    if (!record) throw surveyNotFound();
    return record;
  };
  /** a published save may open it to learners now: they are told (notices/learnerNotices.ts) */
  const told = async <R extends { status: number }>(record: R): Promise<R> => {
    if (record.status === SURVEY_STATUS.published) await announceNow(app);
    return record;
  };

  app.get(collection, { config: { access: guard.read }, schema: { querystring: ListQuery, response: listResponse(SurveyListItem) } }, async (request, reply) => {
    const list = parseListQuery(request.query, LIST_SPEC);
    const { rows, total } = await runList(surveyListQuery(app.db, clientOf(request)), list, LIST_SPEC);
    return sendList(reply, 'surveys', list, rows.map(toListItem), total);
  });

  app.get(item, { config: { access: guard.read }, schema: { params: IdParams, response: { 200: Survey } } }, async (request) => answer(request, request.params.id));

  app.post(collection, { config: { access: guard.write }, schema: { body: SurveyInput, response: { 201: Survey } } }, async (request, reply) => {
    const id = await app.db.transaction().execute(async (trx) => {
      const state = await resolveState(trx, request, request.body, null);
      return insertSurvey(trx, clientOf(request), authOf(request).user.id, state);
    });
    return reply.status(201).send(await told(await answer(request, id)));
  });

  app.put(item, { config: { access: guard.write }, schema: { params: IdParams, body: SurveyInput, response: { 200: Survey } } }, async (request) => {
    const { id } = request.params;
    await app.db.transaction().execute(async (trx) => {
      const row = await surveyOr404(trx, request, id);
      const state = await resolveState(trx, request, request.body, await surveyState(trx, row));
      if (!(await updateSurvey(trx, clientOf(request), id, state))) throw surveyNotFound();
    });
    return told(await answer(request, id));
  });

  app.delete(item, { config: { access: guard.write }, schema: { params: IdParams, response: { 204: NoContent } } }, async (request, reply) => {
    if (!(await deleteSurvey(app.db, clientOf(request), request.params.id))) throw surveyNotFound();
    return reply.status(204).send();
  });

  app.get(SURVEY_PATHS.answers(':id'), { config: { access: guard.read }, schema: { params: IdParams, response: { 200: SurveyAnswersSummary } } }, async (request) => {
    const row = await surveyOr404(app.db, request, request.params.id);
    return answersSummary(app.db, row.id, await surveyTestId(app.db, row.id));
  });

  app.get(SURVEY_PATHS.surveyTypes, { config: { access: guard.read }, schema: { response: { 200: Type.Array(SurveyTypeOption) } } },
    async () => SURVEY_TYPES.map((slug, i) => ({ id: i + 1, slug })));
  app.get(SURVEY_PATHS.questionTypes, { config: { access: guard.read }, schema: { response: { 200: Type.Array(SurveyQuestionTypeOption) } } },
    async () => SURVEY_QUESTION_TYPES.map((slug, i) => ({ id: i + 1, slug })));
};
export default admin;
