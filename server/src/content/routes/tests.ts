import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ListQuery, TestTypeOption, TrainingTestForm, testOwnerSchemas, type ErrorCode, NoContent } from '@lp/shared/contract';
import {
  TEST_DEFAULTS, changedLockedFields, formErrorCode, normalizeTestSettings, validateTest, type TestSettings, type TestTypeRules,
  type TestValues,
} from '@lp/shared/rules';
import type { Db } from '../../db/database.ts';
import { HttpError, notFound } from '../../lib/httpError.ts';
import { listResponse, parseListQuery, runList, sendList, type ListSpec } from '../../lib/list.ts';
import { formBool } from '../../routes/trainings/actions.ts';
import type { OwnerKind } from '../owner.ts';
import { ownerAccess, ownerOr404 } from '../ownerAccess.ts';
import { ownedDb, type OwnedDb } from '../ownedDb.ts';
import {
  findTest, findTestType, insertTest, softDeleteTest, testCounts, testListQuery, testTypeOptions, updateTest, type TestCounts, type TestState,
} from '../repository/tests.ts';
import type { OwnedTestRow } from '../tables.ts';
import { TestParams } from './params.ts';
import { IdParams } from '../../lib/params.ts';

const LIST_SPEC: ListSpec = {
  searchColumns: ['t.title'],
  sortable: {
    id: 't.id', title: 't.title', status: 't.status', avaliable_in: 't.avaliable_in', test_score: 't.test_score',
    qty_questions: 'qty_questions', qty_user_results: 'qty_user_results',
  },
  defaultOrdering: 'id',
  filters: { status: 't.status' },
};

/** A form field as text: undefined when absent, null when empty, NaN when not a whole number. */
function formInt(text: string | undefined): number | null | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === 'null') return null;
  return /^-?\d{1,9}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

const blankToNull = (text: string | undefined) => (text?.trim() ? text.trim() : null);

interface ParsedForm {
  values: TestValues;
  randomize_questions: boolean;
  randomize_answers: boolean;
  /** unreadable values (not a number, not a boolean) */
  errors: Record<string, ErrorCode>;
}

/**
 * spec 2 §7.1 test form → §5.3 values. The optional fields of §7.1 (qty_total_questions,
 * avaliable_in, test_score, minimum_score, maximum_attempts, time_to_answer) are unset when
 * absent; title, type, status and the randomize flags keep the stored value on an update.
 */
function parseTestForm(body: Record<string, string | undefined>, typeField: string, current: OwnedTestRow | null): ParsedForm {
  const errors: Record<string, ErrorCode> = {};
  const int = (field: string, text: string | undefined) => {
    const value = formInt(text);
    if (Number.isNaN(value)) {
      errors[field] = 'validation_error';
      return null;
    }
    return value;
  };
  const bool = (field: 'randomize_questions' | 'randomize_answers') => {
    const text = body[field];
    if (text === undefined || text.trim() === '') return current ? current[field] : TEST_DEFAULTS[field];
    const value = formBool(text);
    if (value === null) errors[field] = 'validation_error';
    return value ?? TEST_DEFAULTS[field];
  };
  const type = int(typeField, body[typeField]);
  const status = int('status', body.status);
  const values: TestValues = {
    title: body.title !== undefined ? body.title : current?.title ?? null,
    test_type: type !== undefined ? type : current?.test_type_id ?? null,
    status: status !== undefined && status !== null ? status : current?.status ?? TEST_DEFAULTS.status,
    qty_total_questions: int('qty_total_questions', body.qty_total_questions) ?? null,
    avaliable_in: blankToNull(body.avaliable_in),
    test_score: int('test_score', body.test_score) ?? TEST_DEFAULTS.testScore,
    minimum_score: int('minimum_score', body.minimum_score) ?? null,
    maximum_attempts: int('maximum_attempts', body.maximum_attempts) ?? null,
    time_to_answer: blankToNull(body.time_to_answer),
  };
  return { values, randomize_questions: bool('randomize_questions'), randomize_answers: bool('randomize_answers'), errors };
}

const settingsOf = (row: OwnedTestRow): TestSettings => ({
  test_type: row.test_type_id,
  minimum_score: row.minimum_score,
  maximum_attempts: row.maximum_attempts,
  time_to_answer: row.time_to_answer,
  qty_total_questions: row.qty_total_questions,
});

/** The test in the owner's wire names (spec 2 §3.4, §7.1 GET …/{testId}/). */
function testAnswer(owner: OwnerKind, row: OwnedTestRow, counts: TestCounts): Record<string, unknown> {
  return {
    id: row.id,
    title: row.title,
    [owner.tests.typeField]: row.test_type_id,
    qty_questions: counts.qty_questions,
    qty_total_questions: row.qty_total_questions,
    qty_user_results: counts.qty_user_results,
    status: row.status,
    avaliable_in: row.avaliable_in,
    test_score: row.test_score,
    randomize_questions: row.randomize_questions,
    randomize_answers: row.randomize_answers,
    minimum_score: row.minimum_score,
    maximum_attempts: row.maximum_attempts,
    time_to_answer: row.time_to_answer,
    qty_mandatory_questions: counts.qty_mandatory_questions,
  };
}

/**
 * Validates a create or update (spec 2 §5.3 against the test's questions) and, for a test with
 * results, refuses changes to the §4.4 locked fields. Answers the state to store.
 */
async function resolveTestState(db: OwnedDb, owner: OwnerKind, body: Record<string, string | undefined>, current: OwnedTestRow | null): Promise<TestState> {
  const { typeField } = owner.tests;
  const parsed = parseTestForm(body, typeField, current);
  const { values } = parsed;
  const type: TestTypeRules | null = typeof values.test_type === 'number' ? (await findTestType(db, values.test_type)) ?? null : null;
  const counts = current ? await testCounts(db, current.id) : { qty_questions: 0, qty_mandatory_questions: 0, qty_user_results: 0 };
  // spec 2 §4.4: a locked field answers that it is locked, whatever value was sent
  if (current && counts.qty_user_results > 0) {
    const next = type && type.id === current.test_type_id
      ? normalizeTestSettings(values, type)
      : { ...settingsOf(current), test_type: Number.NaN };
    const changed = changedLockedFields(settingsOf(current), next);
    if (changed.length) {
      throw new HttpError(409, 'test_has_user_results', 'The test has results: these fields are locked',
        Object.fromEntries(changed.map((f) => [f === 'test_type' ? typeField : f, 'test_has_user_results' as ErrorCode])));
    }
  }
  const fields = { ...validateTest(values, { type, qtyQuestions: counts.qty_questions, qtyMandatoryQuestions: counts.qty_mandatory_questions }, typeField), ...parsed.errors };
  const code = formErrorCode(fields);
  if (code || !type) throw new HttpError(400, code ?? 'validation_error', 'The test is not valid', fields);
  const settings = normalizeTestSettings(values, type);
  return {
    title: values.title!.trim(),
    test_type_id: settings.test_type,
    status: values.status!,
    avaliable_in: values.avaliable_in?.trim() || null,
    test_score: values.test_score ?? TEST_DEFAULTS.testScore,
    randomize_questions: parsed.randomize_questions,
    randomize_answers: parsed.randomize_answers,
    qty_total_questions: settings.qty_total_questions,
    minimum_score: settings.minimum_score,
    maximum_attempts: settings.maximum_attempts,
    time_to_answer: settings.time_to_answer,
  };
}

/** spec 2 §7.1 / §7.3 Tests: list, read, create and update (form data), delete — for one owner kind. */
export function registerTestRoutes(parent: FastifyInstance, owner: OwnerKind): void {
  const app = parent.withTypeProvider<TypeBoxTypeProvider>();
  const { read, write } = ownerAccess(owner);
  const contract = owner.tests;
  const schemas = testOwnerSchemas(contract);
  const collection = contract.tests(':id');
  const item = contract.test(':id', ':testId');
  const owned = (db: Db) => ownedDb(db, owner);

  const answer = async (db: OwnedDb, row: OwnedTestRow) => testAnswer(owner, row, await testCounts(db, row.id));

  app.get(collection, { config: { access: read }, schema: { params: IdParams, querystring: ListQuery, response: listResponse(schemas.listItem) } }, async (request, reply) => {
    await ownerOr404(app.db, owner, request, request.params.id);
    const list = parseListQuery(request.query, LIST_SPEC);
    const { rows, total } = await runList(testListQuery(owned(app.db), request.params.id), list, LIST_SPEC);
    const results = rows.map((r) => ({
      id: r.id,
      title: r.title,
      [contract.typeField]: r.test_type_id,
      qty_questions: Number(r.qty_questions ?? 0),
      qty_total_questions: r.qty_total_questions,
      qty_user_results: Number(r.qty_user_results ?? 0),
      status: r.status,
      avaliable_in: r.avaliable_in,
      test_score: r.test_score,
    }));
    return sendList(reply, `${owner.wirePrefix}_tests`, list, results, total);
  });

  app.get(item, { config: { access: read }, schema: { params: TestParams, response: { 200: schemas.test } } }, async (request) => {
    await ownerOr404(app.db, owner, request, request.params.id);
    const db = owned(app.db);
    const row = await findTest(db, request.params.id, request.params.testId);
    if (!row) throw notFound();
    return answer(db, row);
  });

  // the type field carries the owner's wire name
  const body = Type.Object({ ...TrainingTestForm.properties, [contract.typeField]: Type.Optional(Type.String({ maxLength: 20 })) });

  app.post(collection, { config: { access: write }, schema: { params: IdParams, body, response: { 201: schemas.test } } }, async (request, reply) => {
    const ownerId = request.params.id;
    const row = await app.db.transaction().execute(async (trx) => {
      await ownerOr404(trx, owner, request, ownerId);
      const db = owned(trx);
      const state = await resolveTestState(db, owner, request.body as Record<string, string | undefined>, null);
      const id = await insertTest(db, ownerId, state);
      return (await findTest(db, ownerId, id))!;
    });
    return reply.status(201).send(await answer(owned(app.db), row));
  });

  app.put(item, { config: { access: write }, schema: { params: TestParams, body, response: { 200: schemas.test } } }, async (request) => {
    const { id: ownerId, testId } = request.params;
    const row = await app.db.transaction().execute(async (trx) => {
      await ownerOr404(trx, owner, request, ownerId);
      const db = owned(trx);
      const current = await findTest(db, ownerId, testId);
      if (!current) throw notFound();
      await updateTest(db, testId, await resolveTestState(db, owner, request.body as Record<string, string | undefined>, current));
      return (await findTest(db, ownerId, testId))!;
    });
    return answer(owned(app.db), row);
  });

  app.delete(item, { config: { access: write }, schema: { params: TestParams, response: { 204: NoContent } } }, async (request, reply) => {
    const { id: ownerId, testId } = request.params;
    await ownerOr404(app.db, owner, request, ownerId);
    const db = owned(app.db);
    if (!(await findTest(db, ownerId, testId))) throw notFound();
    await softDeleteTest(db, testId);
    return reply.status(204).send();
  });

  // the test types reference list (spec 2 §3.11 webcast_test_types: the global rows)
  app.get(contract.testTypes, { config: { access: read }, schema: { response: { 200: Type.Array(TestTypeOption) } } }, async () =>
    testTypeOptions(owned(app.db)));
}
