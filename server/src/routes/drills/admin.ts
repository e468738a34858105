import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { DRILL_PATHS, Drill, DrillInput, DrillListItem, DrillResult, ListQuery, NoContent, type ErrorCode } from '@lp/shared/contract';
import { DRILL_STATUS, formErrorCode, isDrillDateType, validateDrill } from '@lp/shared/rules';
import { registerChoiceQuestions } from '../../content/routes/choiceQuestions.ts';
import { DRILL_OWNER } from '../../content/owners.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/httpError.ts';
import { announceNow } from '../../notices/learnerNotices.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { IdParams } from '../../lib/params.ts';
import { sanitizeRichText } from '../../lib/sanitizeHtml.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import {
  deleteDrill, drillListQuery, drillQuestionCount, drillResults, drillStateOf, drillTestId, insertDrill, loadDrill, toDrillListItem, updateDrill,
  type DrillState,
} from '../../repositories/drills/admin.ts';
import { drillAccess, drillNotFound, drillOr404 } from './common.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['drills.title'],
  sortable: {
    id: 'drills.id', title: 'drills.title', status: 'drills.status', start_date: 'drills.start_date', end_date: 'drills.end_date', created_at: 'drills.created_at',
  },
  defaultOrdering: '-start_date',
  filters: { status: 'drills.status' },
};

const blankToNull = (value: string | null | undefined): string | null => (value?.trim() ? value.trim() : null);
const pick = <T>(given: T | undefined, stored: T): T => (given !== undefined ? given : stored);

const EMPTY: DrillState = {
  title: '', description: '', start_date: '', end_date: '', date_type: 'range', weekdays: [], days_of_the_month: [], start_month: null, end_month: null,
  custom_dates: [], minimum_score: 0, qty_questions_frequency: 0, time_to_answer: null, allow_approved_to_answer: false, show_feedback: false,
  randomize_answers: false, score: null, status: DRILL_STATUS.unpublished,
};

/** Refuses values that break spec 3 §5 "Drills" (400 field → key). */
function check(values: Parameters<typeof validateDrill>[0], registered: number): void {
  const fields: Record<string, ErrorCode> = validateDrill(values, registered);
  const code = formErrorCode(fields);
  if (code) throw new HttpError(400, code, 'The drill is not valid', fields);
}

/** The request merged into the stored values, then spec 3 §3, §5 checked on the result with the registered questions. */
function resolveState(input: DrillInput, current: DrillState | null, registered: number): DrillState {
  const base = current ?? EMPTY;
  const values = {
    title: input.title !== undefined ? input.title.trim() : base.title,
    start_date: input.start_date !== undefined ? blankToNull(input.start_date) : base.start_date || null,
    end_date: input.end_date !== undefined ? blankToNull(input.end_date) : base.end_date || null,
    date_type: pick(input.date_type, current ? base.date_type : undefined) ?? null,
    weekdays: [...new Set(pick(input.weekdays, base.weekdays))].sort(),
    days_of_the_month: [...new Set(pick(input.days_of_the_month, base.days_of_the_month))].sort((a, b) => a - b),
    start_month: pick(input.start_month, base.start_month),
    end_month: pick(input.end_month, base.end_month),
    custom_dates: [...new Set(pick(input.custom_dates, base.custom_dates))].sort(),
    minimum_score: pick(input.minimum_score, current ? base.minimum_score : null),
    qty_questions_frequency: pick(input.qty_questions_frequency, current ? base.qty_questions_frequency : null),
    time_to_answer: pick(input.time_to_answer, base.time_to_answer),
    score: pick(input.score, base.score),
    status: input.status ?? base.status,
  };
  check(values, registered);
  return {
    ...values,
    start_date: values.start_date!, end_date: values.end_date!, date_type: isDrillDateType(values.date_type) ? values.date_type : 'range',
    minimum_score: values.minimum_score!, qty_questions_frequency: values.qty_questions_frequency!,
    description: input.description !== undefined ? sanitizeRichText(input.description) : base.description,
    allow_approved_to_answer: input.allow_approved_to_answer ?? base.allow_approved_to_answer,
    show_feedback: input.show_feedback ?? base.show_feedback,
    randomize_answers: input.randomize_answers ?? base.randomize_answers,
  };
}

/** spec 3 §2 "Drill list and editor, with results" (spec 1 §2.3 drills, drills/{id}); the questions through the owned-content core. */
const admin: FastifyPluginAsyncTypebox = async (app) => {
  const guard = drillAccess;
  const { collection } = DRILL_PATHS;
  const item = DRILL_PATHS.item(':id');
  const answer = async (request: FastifyRequest, id: number) => {
    const record = await loadDrill(app.db, clientOf(request), id);
    if (!record) throw drillNotFound();
    return record;
  };
  /** a published save may open it to learners now: they are told (notices/learnerNotices.ts) */
  const told = async <R extends { status: number }>(record: R): Promise<R> => {
    if (record.status === DRILL_STATUS.published) await announceNow(app);
    return record;
  };

  app.get(collection, { config: { access: guard.read }, schema: { querystring: ListQuery, response: listResponse(DrillListItem) } }, async (request, reply) => {
    const list = parseListQuery(request.query, LIST_SPEC);
    const { rows, total } = await runList(drillListQuery(app.db, clientOf(request)), list, LIST_SPEC);
    return sendList(reply, 'drills', list, rows.map(toDrillListItem), total);
  });

  app.get(item, { config: { access: guard.read }, schema: { params: IdParams, response: { 200: Drill } } }, async (request) => answer(request, request.params.id));

  app.post(collection, { config: { access: guard.write }, schema: { body: DrillInput, response: { 201: Drill } } }, async (request, reply) => {
    // a new drill has no questions yet: published at once, the counts of §5 refuse it
    const state = resolveState(request.body, null, 0);
    const id = await app.db.transaction().execute((trx) => insertDrill(trx, clientOf(request), authOf(request).user.id, state));
    return reply.status(201).send(await told(await answer(request, id)));
  });

  app.put(item, { config: { access: guard.write }, schema: { params: IdParams, body: DrillInput, response: { 200: Drill } } }, async (request) => {
    const { id } = request.params;
    await app.db.transaction().execute(async (trx) => {
      const row = await drillOr404(trx, request, id);
      const state = resolveState(request.body, drillStateOf(row), await drillQuestionCount(trx, id));
      if (!(await updateDrill(trx, clientOf(request), id, state))) throw drillNotFound();
    });
    return told(await answer(request, id));
  });

  app.delete(item, { config: { access: guard.write }, schema: { params: IdParams, response: { 204: NoContent } } }, async (request, reply) => {
    if (!(await deleteDrill(app.db, clientOf(request), request.params.id))) throw drillNotFound();
    return reply.status(204).send();
  });

  app.get(DRILL_PATHS.results(':id'), { config: { access: guard.read }, schema: { params: IdParams, response: { 200: Type.Array(DrillResult) } } }, async (request) => {
    const row = await drillOr404(app.db, request, request.params.id);
    return drillResults(app.db, row);
  });

  registerChoiceQuestions(app, {
    owner: DRILL_OWNER,
    paths: DRILL_PATHS,
    access: guard,
    testOf: async (db: Db, request, id) => drillTestId(db, (await drillOr404(db, request, id)).id),
    // a published drill keeps spec 3 §5's counts true as its questions change
    beforeChange: async (db, request, id, questionsAfter) => {
      const row = await drillOr404(db, request, id);
      if (row.status === DRILL_STATUS.published) check(drillStateOf(row), questionsAfter);
    },
  });
};
export default admin;
