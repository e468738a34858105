import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database, Db } from './database.ts';
import { reusableQuery } from './reusableQuery.ts';

describe('reusableQuery', () => {
  let db: Kysely<Database>;
  let compiles = 0;

  beforeEach(async () => {
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    await sql`create table user_clients (user_id integer, client_id integer)`.execute(db);
    await sql`insert into user_clients values (1, 10), (1, 11), (2, 20)`.execute(db);
    compiles = 0;
  });
  afterEach(async () => db.destroy());

  const clientsOf = reusableQuery((d: Db, userId: number, from: number) => {
    compiles += 1;
    return d.selectFrom('user_clients').select('client_id').where('user_id', '=', userId).where('client_id', '>=', from).orderBy('client_id');
  }, [-101, -102] as [number, number]);

  it('compiles once per database and runs with each call\'s values', async () => {
    expect(await clientsOf(db, 1, 0)).toEqual([{ client_id: 10 }, { client_id: 11 }]);
    expect(await clientsOf(db, 1, 11)).toEqual([{ client_id: 11 }]);
    expect(await clientsOf(db, 2, 0)).toEqual([{ client_id: 20 }]);
    expect(await clientsOf(db, 3, 0)).toEqual([]);
    expect(compiles).toBe(1);
  });

  it('runs inside a transaction, seeing its writes', async () => {
    await db.transaction().execute(async (trx) => {
      await sql`insert into user_clients values (3, 30)`.execute(trx);
      expect(await clientsOf(trx, 3, 0)).toEqual([{ client_id: 30 }]);
    });
  });

  it('refuses a write: run from its text, the write watch (db/writeWatch.ts) would not see it and caches would keep stale rows', async () => {
    const write = reusableQuery((d: Db, userId: number) => d.deleteFrom('user_clients').where('user_id', '=', userId), [-1] as [number]);
    await expect(write(db, 1)).rejects.toThrow('reads only');
    expect((await sql<{ n: number }>`select count(*) as n from user_clients where user_id = 1`.execute(db)).rows[0]!.n).toBe(2);
  });

  it('refuses a build that does not use every placeholder as a parameter', async () => {
    const broken = reusableQuery((d: Db, userId: number) => d.selectFrom('user_clients').select('client_id').where('user_id', '=', userId > 0 ? 1 : 2), [-1] as [number]);
    await expect(broken(db, 5)).rejects.toThrow('every placeholder');
  });
});
