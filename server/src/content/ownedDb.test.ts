import {
  DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler,
  sql, type Dialect,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { ownedDb } from './ownedDb.ts';
import { TRAINING_OWNER, WEBCAST_OWNER } from './owners.ts';

/** Compiles only: the SQL each dialect's compiler writes, never run. */
function compilerOnly(kind: 'sqlite' | 'postgres'): Kysely<Database> {
  const dialect: Dialect = kind === 'postgres'
    ? {
      createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db), createQueryCompiler: () => new PostgresQueryCompiler(),
    }
    : {
      createAdapter: () => new SqliteAdapter(), createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db), createQueryCompiler: () => new SqliteQueryCompiler(),
    };
  return new Kysely<Database>({ dialect });
}

// both compilers quote identifiers with double quotes; Postgres numbers its parameters
const normalise = (text: string) => text.replace(/\$\d+/g, '?');

describe.each(['sqlite', 'postgres'] as const)("ownedDb: an owner kind's tables (%s compiler)", (kind) => {
  const db = compilerOnly(kind);
  const training = ownedDb(db, TRAINING_OWNER);
  const webcast = ownedDb(db, WEBCAST_OWNER);

  it('names the owner\'s tables in FROM and JOIN, keeping aliases and their references', () => {
    const query = training.selectFrom('owned_tests as t')
      .innerJoin('owned_owners as o', 'o.id', 't.owner_id')
      .leftJoin('owned_test_results as r', 'r.test_id', 't.id')
      .select(['t.id', 'o.title', 'r.passed'])
      .where('o.client_id', '=', 7)
      .compile();
    expect(normalise(query.sql)).toBe(
      'select "t"."id", "o"."title", "r"."passed" from "group_training_tests" as "t" '
      + 'inner join "group_trainings" as "o" on "o"."id" = "t"."owner_id" '
      + 'left join "group_training_test_results" as "r" on "r"."test_id" = "t"."id" where "o"."client_id" = ?',
    );
    expect(query.parameters).toEqual([7]);
  });

  it('names the table in qualified references and selectAll without an alias', () => {
    const query = webcast.selectFrom('owned_evaluations').selectAll('owned_evaluations')
      .where('owned_evaluations.owner_id', '=', 3).orderBy('owned_evaluations.id').compile();
    expect(normalise(query.sql)).toBe(
      'select "webcast_evaluations".* from "webcast_evaluations" where "webcast_evaluations"."owner_id" = ? order by "webcast_evaluations"."id"',
    );
  });

  it('names the tables of subqueries, in the select list and in where', () => {
    const query = training.selectFrom('owned_evaluations')
      .select((eb) => ['id', eb.selectFrom('owned_evaluation_questions').select((q) => q.fn.countAll<number>().as('n'))
        .where('evaluation_id', '=', eb.ref('owned_evaluations.id')).as('qty_questions')])
      .where('id', 'in', (eb) => eb.selectFrom('owned_evaluation_answers').select('evaluation_id').where('user_id', '=', 5))
      .compile();
    expect(normalise(query.sql)).toBe(
      'select "id", (select count(*) as "n" from "group_training_evaluation_questions" where "evaluation_id" = "group_training_evaluations"."id") as "qty_questions" '
      + 'from "group_training_evaluations" where "id" in (select "evaluation_id" from "group_training_evaluation_answers" where "user_id" = ?)',
    );
  });

  it('names the table of insert, update and delete', () => {
    const insert = webcast.insertInto('owned_materials').values({
      owner_id: 1, title: 'Slides', status: 1, resource: null, resource_name: null, extension: null, size: null,
      created_at: new Date(0), updated_at: new Date(0),
    }).returning('id').compile();
    expect(normalise(insert.sql)).toMatch(/^insert into "webcast_materials" \("owner_id", "title", /);
    expect(insert.sql).toMatch(/returning "id"$/);

    const update = training.updateTable('owned_test_attempt_questions as aq').set({ is_correct: true })
      .where('aq.result_id', '=', 9).compile();
    expect(normalise(update.sql)).toBe('update "group_training_test_attempt_questions" as "aq" set "is_correct" = ? where "aq"."result_id" = ?');

    const remove = webcast.deleteFrom('owned_test_question_answers').where('owned_test_question_answers.question_id', '=', 4).compile();
    expect(normalise(remove.sql)).toBe('delete from "webcast_test_question_answers" where "webcast_test_question_answers"."question_id" = ?');
  });

  it('names the tables of sql.table and sql.ref inside raw SQL', () => {
    const query = sql<{ id: number }>`select ${sql.ref('owned_tests.id')} from ${sql.table('owned_tests')} where ${sql.ref('owned_tests.owner_id')} = ${2}`
      .compile(webcast);
    expect(normalise(query.sql)).toBe('select "webcast_tests"."id" from "webcast_tests" where "webcast_tests"."owner_id" = ?');
  });

  it('leaves every other table alone, and a plain handle untouched', () => {
    const query = training.selectFrom('owned_tests as t').innerJoin('group_training_test_types as tt', 'tt.id', 't.test_type_id')
      .innerJoin('users', 'users.id', 't.owner_id').select(['tt.slug', 'users.full_name']).compile();
    expect(normalise(query.sql)).toBe(
      'select "tt"."slug", "users"."full_name" from "group_training_tests" as "t" '
      + 'inner join "group_training_test_types" as "tt" on "tt"."id" = "t"."test_type_id" inner join "users" on "users"."id" = "t"."owner_id"',
    );
    // the plugin lives on the owned handle only
    expect(db.selectFrom('group_training_tests').select('id').compile().sql).toBe('select "id" from "group_training_tests"');
  });

  it('keeps the plugin inside transactions begun on the owned handle', async () => {
    // the dummy driver runs nothing: the compiled text shows which tables the transaction would touch
    const seen: string[] = [];
    const logged = new Kysely<Database>({
      dialect: {
        createAdapter: () => (kind === 'postgres' ? new PostgresAdapter() : new SqliteAdapter()),
        createDriver: () => new DummyDriver(),
        createIntrospector: (k) => (kind === 'postgres' ? new PostgresIntrospector(k) : new SqliteIntrospector(k)),
        createQueryCompiler: () => (kind === 'postgres' ? new PostgresQueryCompiler() : new SqliteQueryCompiler()),
      },
      log: (event) => { seen.push(event.query.sql); },
    });
    await ownedDb(logged, WEBCAST_OWNER).transaction().execute(async (trx) => {
      await trx.selectFrom('owned_tests').select('id').execute();
    });
    await logged.transaction().execute(async (trx) => {
      await ownedDb(trx, TRAINING_OWNER).selectFrom('owned_materials').select('id').execute();
    });
    expect(seen).toEqual(['select "id" from "webcast_tests"', 'select "id" from "group_training_materials"']);
  });
});
