import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from './database.ts';
import { reusableQuery } from './reusableQuery.ts';
import { LiteralLimitSqliteDialect } from './sqliteCompiler.ts';

describe('SQLite compiler: LIMIT as a literal', () => {
  let db: Kysely<Database>;

  beforeEach(async () => {
    db = new Kysely<Database>({ dialect: new LiteralLimitSqliteDialect({ database: new SQLite(':memory:') }) });
    await sql`create table user_clients (user_id integer, client_id integer)`.execute(db);
    await sql`insert into user_clients values (1, 10), (1, 11), (1, 12), (2, 20)`.execute(db);
  });
  afterEach(async () => db.destroy());

  const page = (limit: number, offset: number) => db.selectFrom('user_clients').select('client_id').where('user_id', '=', 1).orderBy('client_id').limit(limit).offset(offset);

  it('writes a LIMIT into the statement (a bound one makes SQLite compile the statement again on every run) and binds the OFFSET', () => {
    const compiled = page(2, 1).compile();
    expect(compiled.sql).toMatch(/ limit 2 offset \?$/);
    expect(compiled.parameters).toEqual([1, 1]);
    expect(db.selectFrom('user_clients').select('client_id').limit(0).compile().sql).toMatch(/ limit 0$/);
  });

  it('answers the same rows as a bound LIMIT would', async () => {
    expect(await page(2, 0).execute()).toEqual([{ client_id: 10 }, { client_id: 11 }]);
    expect(await page(2, 2).execute()).toEqual([{ client_id: 12 }]);
    expect(await page(0, 0).execute()).toEqual([]);
  });

  it('keeps a negative value bound: the placeholders of reusable queries are negative, and are swapped for each run\'s value', async () => {
    expect(db.selectFrom('user_clients').select('client_id').limit(-7).compile().sql).toMatch(/ limit \?$/);
    const firstOf = reusableQuery((d: Kysely<Database>, userId: number, limit: number) => d.selectFrom('user_clients').select('client_id')
      .where('user_id', '=', userId).orderBy('client_id').limit(limit), [-101, -102] as [number, number]);
    expect(await firstOf(db, 1, 1)).toEqual([{ client_id: 10 }]);
    expect(await firstOf(db, 1, 2)).toEqual([{ client_id: 10 }, { client_id: 11 }]);
  });
});
