import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwnedTables, dropOwnedTables } from '../src/content/schema.ts';
import { createAudienceTables, dropAudienceTables } from '../src/content/audience/schema.ts';
import { ownedDb, type OwnedDb } from '../src/content/ownedDb.ts';
import { copyOwnedContent } from '../src/content/repository/copy.ts';
import {
  attemptsOf, claimAttempt, drawnQuestions, insertAttempt, markAnswers, questionPool, saveAnswer,
} from '../src/content/repository/attempts.ts';
import {
  evaluationAnswered, findEvaluation, insertEvaluation, insertEvaluationQuestion, publishedEvaluation, saveEvaluationAnswers,
} from '../src/content/repository/evaluations.ts';
import { findMaterial, insertMaterial, publishedMaterials, softDeleteMaterial } from '../src/content/repository/materials.ts';
import { findQuestion, insertQuestions, searchQuestions } from '../src/content/repository/questions.ts';
import { findPublishedTest, findTest, insertTest, testCounts, type TestState } from '../src/content/repository/tests.ts';
import { OWNED_TABLE_SUFFIXES, type OwnedTablesOf } from '../src/content/tables.ts';
import { COLUMN_KINDS, type ColumnKinds } from '../src/db/columnKinds.ts';
import { registerColumnKinds } from '../src/db/dialect.ts';
import { DEMO } from '../src/seed/demo.ts';
import { DIALECTS, buildTestApp, type TestApp } from './helpers.ts';
import { clientIds, userId, type Clients } from './userFixtures.ts';

/** A throwaway owner kind: its own owner table and a set of owned tables made by the migration helper. */
const PROBE: OwnedTablesOf = { ownerTable: 'probe_owners', tablePrefix: 'probe' };
const TRAINING: OwnedTablesOf = { ownerTable: 'group_trainings', tablePrefix: 'group_training' };
const WEBCAST: OwnedTablesOf = { ownerTable: 'webcasts', tablePrefix: 'webcast' };

const STATE: TestState = {
  title: 'Prova da feira', test_type_id: 1, status: 1, avaliable_in: null, test_score: 0, randomize_questions: false, randomize_answers: false,
  qty_total_questions: null, minimum_score: null, maximum_attempts: 0, time_to_answer: null,
};

/**
 * The owned-content core (docs/architecture/owned-content.md): `createOwnedTables` makes a new
 * owner kind's tables from one definition — the same columns and foreign keys as the training
 * and webcast tables — and the one repository runs on them through `ownedDb`, in transactions too.
 */
describe.each(DIALECTS)('owned-content core on %s', (dialect) => {
  let t: TestApp;
  let raw: Kysely<unknown>;
  let db: OwnedDb;
  let c: Clients;
  let learner: number;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    // the migrations' own view of the database: no table types
    raw = t.app.db as unknown as Kysely<unknown>;
    await raw.schema.createTable('probe_owners')
      .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (col) => (dialect === 'postgres' ? col.primaryKey() : col.primaryKey().autoIncrement()))
      .addColumn('client_id', 'integer', (col) => col.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('title', 'varchar(256)', (col) => col.notNull())
      .addColumn('status', 'integer', (col) => col.notNull().defaultTo(1))
      .execute();
    await createOwnedTables(raw, PROBE);
    // what `npm run column-kinds` would add to columnKinds.ts after a migration: the training's owned tables' kinds
    registerColumnKinds(Object.fromEntries(OWNED_TABLE_SUFFIXES.map((s) => [`${PROBE.tablePrefix}_${s}`, (COLUMN_KINDS as ColumnKinds)[`group_training_${s}`] ?? {}])));
    db = ownedDb(t.app.db, PROBE);
    c = await clientIds(t.app);
    learner = await userId(t.app, DEMO.learner.email);
  });
  afterAll(async () => { await t.close(); });

  const newOwner = async (title: string, clientId = c.demo): Promise<number> => {
    const { rows } = await sql<{ id: number }>`insert into probe_owners (client_id, title, status) values (${clientId}, ${title}, 1) returning id`.execute(raw);
    return rows[0]!.id;
  };

  /** A table's columns and foreign keys, with the owner kind's names replaced by placeholders. */
  async function shape(owner: OwnedTablesOf, suffix: string) {
    const table = `${owner.tablePrefix}_${suffix}`;
    const placeholders = (text: string | null) => {
      if (text === null) return null;
      let out = text === owner.ownerTable ? '<owner>' : text;
      for (const s of [...OWNED_TABLE_SUFFIXES].sort((a, b) => b.length - a.length)) out = out.split(`${owner.tablePrefix}_${s}`).join(`<p>_${s}`);
      return out;
    };
    if (dialect === 'sqlite') {
      const columns = await sql<{ name: string; type: string; notnull: number; dflt_value: string | null }>`
        select name, type, "notnull", dflt_value from pragma_table_info(${table}) order by name`.execute(raw);
      const keys = await sql<{ from: string; table: string; to: string; on_delete: string }>`
        select "from", "table", "to", on_delete from pragma_foreign_key_list(${table}) order by "from"`.execute(raw);
      return {
        columns: columns.rows.map((r) => [r.name, r.type.toLowerCase(), r.notnull, placeholders(r.dflt_value)]),
        keys: keys.rows.map((r) => [r.from, placeholders(r.table), r.to, r.on_delete]),
      };
    }
    // pg_catalog, not information_schema: its views join every constraint of the database and take seconds a table
    const columns = await sql<{ name: string; type: string; notnull: boolean; dflt: string | null }>`
      select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as notnull, pg_get_expr(d.adbin, d.adrelid) as dflt
      from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attrelid = to_regclass(${table}) and a.attnum > 0 and not a.attisdropped
      order by a.attname`.execute(raw);
    const keys = await sql<{ from: string; table: string; to: string; on_delete: string }>`
      select a.attname as "from", c.confrelid::regclass::text as "table", fa.attname as "to", c.confdeltype as on_delete
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      join pg_attribute fa on fa.attrelid = c.confrelid and fa.attnum = c.confkey[1]
      where c.contype = 'f' and c.conrelid = to_regclass(${table})
      order by a.attname`.execute(raw);
    const deleteRule: Record<string, string> = { a: 'NO ACTION', r: 'RESTRICT', c: 'CASCADE', n: 'SET NULL', d: 'SET DEFAULT' };
    return {
      columns: columns.rows.map((r) => [r.name, r.type, r.notnull, placeholders(r.dflt)]),
      keys: keys.rows.map((r) => [r.from, placeholders(r.table), r.to, deleteRule[r.on_delete] ?? r.on_delete]),
    };
  }

  it('creates a new owner kind\'s tables column for column and key for key as the training\'s and the webcast\'s', async () => {
    for (const suffix of OWNED_TABLE_SUFFIXES) {
      const probe = await shape(PROBE, suffix);
      expect(probe.columns.length, suffix).toBeGreaterThan(3);
      expect(await shape(TRAINING, suffix), `group_training_${suffix}`).toEqual(probe);
      expect(await shape(WEBCAST, suffix), `webcast_${suffix}`).toEqual(probe);
    }
    // the owner column of the owner-level tables points at the owner row and goes with it
    for (const suffix of ['tests', 'evaluations', 'materials']) {
      expect((await shape(PROBE, suffix)).keys).toContainEqual(['owner_id', '<owner>', 'id', 'CASCADE']);
    }
  });

  it('creates a new kind\'s audience link tables in the shape of the existing kinds\' (podcasts with tags, banners without)', async () => {
    await createAudienceTables(raw, { ownerTable: 'probe_owners', prefix: 'probe', tags: true });
    await createAudienceTables(raw, { ownerTable: 'probe_owners', prefix: 'probe_untagged', tags: false });
    const podcast: OwnedTablesOf = { ownerTable: 'podcasts', tablePrefix: 'podcast' };
    const banner: OwnedTablesOf = { ownerTable: 'banners', tablePrefix: 'banner' };
    for (const suffix of ['areas', 'profiles', 'user_groups', 'tags']) {
      const probe = await shape(PROBE, suffix);
      expect(probe.keys).toContainEqual(['owner_id', '<owner>', 'id', 'CASCADE']);
      expect(probe, `probe_${suffix}`).toEqual(await shape(podcast, suffix));
    }
    for (const suffix of ['areas', 'profiles', 'user_groups']) {
      expect(await shape({ ownerTable: 'probe_owners', tablePrefix: 'probe_untagged' }, suffix)).toEqual(await shape(banner, suffix));
    }
    expect((await shape({ ownerTable: 'probe_owners', tablePrefix: 'probe_untagged' }, 'tags')).columns).toEqual([]);
    // a link row goes with its owner row
    const ownerId = await newOwner('Com público');
    await sql`insert into probe_areas (owner_id, area_id) select ${ownerId}, id from areas where client_id = ${c.demo}`.execute(raw);
    await sql`delete from probe_owners where id = ${ownerId}`.execute(raw);
    const { rows } = await sql<{ n: number }>`select count(*) as n from probe_areas where owner_id = ${ownerId}`.execute(raw);
    expect(Number(rows[0]!.n)).toBe(0);
    await dropAudienceTables(raw, { ownerTable: 'probe_owners', prefix: 'probe_untagged', tags: false });
    await dropAudienceTables(raw, { ownerTable: 'probe_owners', prefix: 'probe', tags: true });
  });

  it('runs the repository on the new tables: tests, questions and the bank, attempts, evaluations, materials, the copy', async () => {
    const ownerId = await newOwner('Feira de ofertas');
    const otherClient = await newOwner('Feira de ofertas alheia', c.other);
    const testId = await insertTest(db, ownerId, STATE);
    expect(await findTest(db, ownerId, testId)).toMatchObject({ id: testId, owner_id: ownerId, title: 'Prova da feira' });
    expect(await findTest(db, otherClient, testId)).toBeUndefined();
    const [q1, q2] = await insertQuestions(db, testId, [
      { title: '<p>Quanto custa?</p>', is_mandatory: true, answers: [{ title: 'R$ 1', is_correct: true }, { title: 'R$ 2', is_correct: false }] },
      { title: '<p>Onde fica?</p>', is_mandatory: false, answers: [{ title: 'Aqui', is_correct: true }] },
    ]);
    expect(await testCounts(db, testId)).toEqual({ qty_questions: 2, qty_mandatory_questions: 1, qty_user_results: 0 });
    expect((await findQuestion(db, testId, q1!))!.answers.map((a) => [a.title, a.is_correct])).toEqual([['R$ 1', true], ['R$ 2', false]]);
    // the bank joins the owner's own table: its title matches, another client's owner does not
    const hits = await searchQuestions(db, c.demo, 'ofertas', 25);
    expect(hits.map((h) => [h.id, h.ownerTitle, h.testTitle])).toEqual([[q1, 'Feira de ofertas', 'Prova da feira'], [q2, 'Feira de ofertas', 'Prova da feira']]);
    expect(await findPublishedTest(db, c.demo, [1], ownerId, testId)).toMatchObject({ id: testId, slug: expect.any(String) });
    expect(await findPublishedTest(db, c.other, [1], ownerId, testId)).toBeUndefined();

    const pool = await questionPool(db, testId);
    const attemptId = await insertAttempt(db, {
      testId, userId: learner, attemptNumber: 1, startedAt: new Date(), deadlineAt: null,
      questions: pool.map((q) => ({ questionId: q.id, answerOrder: q.answers.map((a) => a.id) })),
    });
    const drawn = await drawnQuestions(db, attemptId);
    expect(drawn.map((q) => q.questionId)).toEqual([q1, q2]);
    expect(await saveAnswer(db, attemptId, q1!, drawn[0]!.answers[0]!.id, null)).toBe(true);
    expect(await saveAnswer(db, attemptId, q2!, drawn[1]!.answers[0]!.id, null)).toBe(true);
    expect(await claimAttempt(db, attemptId, 'finished', new Date())).toBe(true);
    expect(await claimAttempt(db, attemptId, 'finished', new Date())).toBe(false);
    expect(await markAnswers(db, attemptId, null)).toEqual([{ correct: true }, { correct: true }]);
    expect((await attemptsOf(db, testId, learner)).map((a) => [a.id, a.status])).toEqual([[attemptId, 'finished']]);
    expect((await testCounts(db, testId)).qty_user_results).toBe(1);

    const evaluationId = await insertEvaluation(db, ownerId, { title: 'Reação', status: 1 });
    const questionId = await insertEvaluationQuestion(db, evaluationId, { title: 'Nota', question_type_id: 1 });
    expect(await findEvaluation(db, ownerId, evaluationId)).toEqual({ id: evaluationId, title: 'Reação', qty_questions: 1, status: 1 });
    expect((await publishedEvaluation(db, ownerId))?.questions.map((q) => q.id)).toEqual([questionId]);
    await saveEvaluationAnswers(db, evaluationId, learner, [{ questionId, grade: 9, stars: null, text: null }]);
    expect(await evaluationAnswered(db, evaluationId, learner)).toBe(true);

    const file = { resource: 'probe/1/a.pdf', name: 'a.pdf', extension: 'pdf', size: 10 };
    const materialId = await insertMaterial(db, ownerId, { title: 'Folheto', status: 1 }, file);
    expect(await findMaterial(db, ownerId, materialId)).toMatchObject({ owner_id: ownerId, title: 'Folheto', resource: 'probe/1/a.pdf' });
    expect((await publishedMaterials(db, ownerId, (resource) => `http://x/${resource}`)).map((m) => m.title)).toEqual(['Folheto']);

    const copyId = await newOwner('Cópia');
    const testIds = await copyOwnedContent(db, ownerId, copyId);
    const copied = await findTest(db, copyId, testIds.get(testId)!);
    expect(copied).toMatchObject({ title: 'Prova da feira', owner_id: copyId });
    expect(await testCounts(db, copied!.id)).toEqual({ qty_questions: 2, qty_mandatory_questions: 1, qty_user_results: 0 });
    expect((await publishedEvaluation(db, copyId))?.title).toBe('Reação');
    expect(await softDeleteMaterial(db, ownerId, materialId)).toBe(true);
    expect(await publishedMaterials(db, ownerId, (resource) => `http://x/${resource}`)).toEqual([]);
    expect((await publishedMaterials(db, copyId, (resource) => `http://x/${resource}`)).map((m) => m.title)).toEqual(['Folheto']);
  });

  it('deleting an owner row deletes everything it owns (ON DELETE CASCADE), and nothing of another owner', async () => {
    const gone = await newOwner('Some');
    const kept = await newOwner('Fica');
    for (const ownerId of [gone, kept]) {
      const testId = await insertTest(db, ownerId, STATE);
      const [questionId] = await insertQuestions(db, testId, [{ title: 'Q', is_mandatory: true, answers: [{ title: 'A', is_correct: true }] }]);
      await insertAttempt(db, { testId, userId: learner, attemptNumber: 1, startedAt: new Date(), deadlineAt: null, questions: [{ questionId: questionId!, answerOrder: [] }] });
      const evaluationId = await insertEvaluation(db, ownerId, { title: 'R', status: 1 });
      const evaluationQuestion = await insertEvaluationQuestion(db, evaluationId, { title: 'N', question_type_id: 1 });
      await saveEvaluationAnswers(db, evaluationId, learner, [{ questionId: evaluationQuestion, grade: 5, stars: null, text: null }]);
      await insertMaterial(db, ownerId, { title: 'M', status: 1 }, { resource: 'm', name: 'm', extension: 'pdf', size: 1 });
    }
    const count = async (suffix: string) => Number((await sql<{ n: number | string }>`select count(*) as n from ${sql.table(`probe_${suffix}`)}`.execute(raw)).rows[0]!.n);
    const before = Object.fromEntries(await Promise.all(OWNED_TABLE_SUFFIXES.map(async (s) => [s, await count(s)] as const)));
    await sql`delete from probe_owners where id = ${gone}`.execute(raw);
    for (const suffix of OWNED_TABLE_SUFFIXES) expect(await count(suffix), suffix).toBe(before[suffix]! - 1);
    expect(await findTest(db, gone, 1)).toBeUndefined();
    expect((await publishedEvaluation(db, kept))?.title).toBe('R');
  });

  it('works inside a transaction: the owned handle of a transaction writes in it, and a rollback takes the writes back', async () => {
    const ownerId = await newOwner('Transação');
    await expect(t.app.db.transaction().execute(async (trx) => {
      const inside = ownedDb(trx, PROBE);
      const testId = await insertTest(inside, ownerId, STATE);
      // the transaction sees its own write
      expect(await findTest(inside, ownerId, testId)).toMatchObject({ id: testId });
      throw new Error('roll back');
    })).rejects.toThrow('roll back');
    const kept = await db.transaction().execute(async (trx) => insertTest(trx, ownerId, { ...STATE, title: 'Guardada' }));
    expect((await db.selectFrom('owned_tests').select('title').where('owner_id', '=', ownerId).execute()).map((r) => r.title)).toEqual(['Guardada']);
    expect(kept).toBeGreaterThan(0);
  });

  it('dropOwnedTables removes the owner kind\'s tables', async () => {
    await dropOwnedTables(raw, PROBE);
    const left = dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name like 'probe_%'`.execute(raw)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_name like 'probe_%'`.execute(raw);
    expect(left.rows.map((r) => r.name)).toEqual(['probe_owners']);
  });
});
