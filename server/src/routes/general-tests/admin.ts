import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  GENERAL_TEST_PATHS, GeneralTest, GeneralTestInput, GeneralTestListItem, GeneralTestResult, ListQuery, NoContent, type ErrorCode,
} from '@lp/shared/contract';
import { GENERAL_TEST_STATUS, formErrorCode, isGeneralTestType, validateGeneralTest } from '@lp/shared/rules';
import { foreignAudienceIds } from '../../content/audience/index.ts';
import { GENERAL_TEST_OWNER } from '../../content/owners.ts';
import { testCounts, testHasResults } from '../../content/repository/tests.ts';
import { registerChoiceQuestions } from '../../content/routes/choiceQuestions.ts';
import type { Db } from '../../db/database.ts';
import { HttpError } from '../../lib/httpError.ts';
import { announceNow } from '../../notices/learnerNotices.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { IdParams } from '../../lib/params.ts';
import { sanitizeRichText } from '../../lib/sanitizeHtml.ts';
import { authOf, clientOf } from '../../plugins/app/auth.ts';
import {
  deleteGeneralTest, generalTestListQuery, generalTestResults, generalTestState, generalTestTest, generalTestsDb, insertGeneralTest, loadGeneralTest,
  toGeneralTestListItem, updateGeneralTest, type GeneralTestState,
} from '../../repositories/generalTests/admin.ts';
import { generalTestAccess, generalTestLocked, generalTestNotFound, generalTestOr404 } from './common.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['general_tests.title'],
  sortable: {
    id: 'general_tests.id', title: 'general_tests.title', status: 'general_tests.status', publish_date: 'general_tests.publish_date',
    unpublish_date: 'general_tests.unpublish_date', created_at: 'general_tests.created_at',
  },
  defaultOrdering: '-publish_date',
  filters: { status: 'general_tests.status' },
};

const blankToNull = (value: string | null | undefined): string | null => (value?.trim() ? value.trim() : null);
const pick = <T>(given: T | undefined, stored: T): T => (given !== undefined ? given : stored);

/** The request merged into the stored values, then spec 3 §3, §5 on the result with the bank's counts (400 field → key). */
async function resolveState(
  db: Db, request: FastifyRequest, input: GeneralTestInput, current: GeneralTestState | null, bank: { registered: number; mandatory: number },
): Promise<GeneralTestState> {
  const values = {
    title: input.title !== undefined ? input.title.trim() : current?.title ?? '',
    test_type: pick(input.test_type, current?.test_type) ?? null,
    minimum_score: pick(input.minimum_score, current?.minimum_score ?? null),
    quantity_questions: pick(input.quantity_questions, current?.quantity_questions ?? null),
    quantity_realizations: pick(input.quantity_realizations, current?.quantity_realizations ?? null),
    time_to_finish: pick(input.time_to_finish, current?.time_to_finish ?? null),
    publish_date: input.publish_date !== undefined ? blankToNull(input.publish_date) : current?.publish_date ?? null,
    unpublish_date: input.unpublish_date !== undefined ? blankToNull(input.unpublish_date) : current?.unpublish_date ?? null,
    status: input.status ?? current?.status ?? GENERAL_TEST_STATUS.unpublished,
    score: pick(input.score, current?.score ?? null),
  };
  const fields: Record<string, ErrorCode> = validateGeneralTest(values, bank.registered, bank.mandatory);
  const code = formErrorCode(fields);
  if (code) throw new HttpError(400, code, 'The assessment is not valid', fields);
  const state: GeneralTestState = {
    ...values,
    test_type: isGeneralTestType(values.test_type) ? values.test_type : 'timed_block_general',
    minimum_score: values.minimum_score!, time_to_finish: values.time_to_finish!, publish_date: values.publish_date!,
    description: input.description !== undefined ? sanitizeRichText(input.description) : current?.description ?? '',
    areas: [...new Set(input.areas ?? current?.areas ?? [])],
    profiles: [...new Set(input.profiles ?? current?.profiles ?? [])],
    user_groups: [...new Set(input.user_groups ?? current?.user_groups ?? [])],
  };
  const foreign = await foreignAudienceIds(db, clientOf(request), state);
  if (Object.keys(foreign).length) throw new HttpError(400, 'validation_error', 'Unknown reference', foreign);
  return state;
}

/** spec 3 §2 "General test (assessment) list and editor" (spec 1 §2.3 general-tests, general-tests/{id}), its questions and results. */
const admin: FastifyPluginAsyncTypebox = async (app) => {
  const guard = generalTestAccess;
  const { collection } = GENERAL_TEST_PATHS;
  const item = GENERAL_TEST_PATHS.item(':id');
  const answer = async (request: FastifyRequest, id: number) => {
    const record = await loadGeneralTest(app.db, clientOf(request), id);
    if (!record) throw generalTestNotFound();
    return record;
  };
  /** a published save may open it to learners now: they are told (notices/learnerNotices.ts) */
  const told = async <R extends { status: number }>(record: R): Promise<R> => {
    if (record.status === GENERAL_TEST_STATUS.published) await announceNow(app);
    return record;
  };

  app.get(collection, { config: { access: guard.read }, schema: { querystring: ListQuery, response: listResponse(GeneralTestListItem) } }, async (request, reply) => {
    const list = parseListQuery(request.query, LIST_SPEC);
    const { rows, total } = await runList(generalTestListQuery(app.db, clientOf(request)), list, LIST_SPEC);
    return sendList(reply, 'general_tests', list, rows.map(toGeneralTestListItem), total);
  });

  app.get(item, { config: { access: guard.read }, schema: { params: IdParams, response: { 200: GeneralTest } } }, async (request) => answer(request, request.params.id));

  app.post(collection, { config: { access: guard.write }, schema: { body: GeneralTestInput, response: { 201: GeneralTest } } }, async (request, reply) => {
    const id = await app.db.transaction().execute(async (trx) => {
      const state = await resolveState(trx, request, request.body, null, { registered: 0, mandatory: 0 });
      return insertGeneralTest(trx, clientOf(request), authOf(request).user.id, state);
    });
    return reply.status(201).send(await told(await answer(request, id)));
  });

  app.put(item, { config: { access: guard.write }, schema: { params: IdParams, body: GeneralTestInput, response: { 200: GeneralTest } } }, async (request) => {
    const { id } = request.params;
    await app.db.transaction().execute(async (trx) => {
      const row = await generalTestOr404(trx, request, id);
      const test = await generalTestTest(trx, id);
      // spec 3 §4: a general test that already has results cannot be modified
      if (await testHasResults(generalTestsDb(trx), test.id)) throw generalTestLocked();
      const counts = await testCounts(generalTestsDb(trx), test.id);
      const state = await resolveState(trx, request, request.body, await generalTestState(trx, row), {
        registered: counts.qty_questions, mandatory: counts.qty_mandatory_questions,
      });
      if (!(await updateGeneralTest(trx, clientOf(request), id, state))) throw generalTestNotFound();
    });
    return told(await answer(request, id));
  });

  app.delete(item, { config: { access: guard.write }, schema: { params: IdParams, response: { 204: NoContent } } }, async (request, reply) => {
    if (!(await deleteGeneralTest(app.db, clientOf(request), request.params.id))) throw generalTestNotFound();
    return reply.status(204).send();
  });

  app.get(GENERAL_TEST_PATHS.results(':id'), { config: { access: guard.read }, schema: { params: IdParams, response: { 200: Type.Array(GeneralTestResult) } } }, async (request) => {
    const row = await generalTestOr404(app.db, request, request.params.id);
    return generalTestResults(app.db, row.id);
  });

  registerChoiceQuestions(app, {
    owner: GENERAL_TEST_OWNER,
    paths: GENERAL_TEST_PATHS,
    access: guard,
    testOf: async (db, request, id) => (await generalTestTest(db, (await generalTestOr404(db, request, id)).id)).id,
    beforeChange: async (db, request, id) => {
      const test = await generalTestTest(db, id);
      if (await testHasResults(generalTestsDb(db), test.id)) throw generalTestLocked();
    },
  });
};
export default admin;
