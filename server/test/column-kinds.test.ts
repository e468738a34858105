import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type InsertType, type Kysely, type SelectType } from 'kysely';
import { bulkInsert } from '../src/db/bulk.ts';
import { COLUMN_KINDS } from '../src/db/columnKinds.ts';
import { jsonField, jsonText, sqlBool, sqlTime } from '../src/db/computed.ts';
import type { Database } from '../src/db/database.ts';
import { introspectColumnKinds } from '../src/db/introspectColumnKinds.ts';
import { buildTestApp, DIALECTS, type TestApp } from './helpers.ts';

/**
 * The table declarations agree with the column kinds, checked by the type-check: a column read
 * as a boolean is a bool column, one written as a Date a timestamp, one read as an object or
 * array a JSON document — and the other way round. A disagreement names its table.column here.
 */
type Kinds = typeof COLUMN_KINDS;
type SchemaKind<T extends string, C extends string> = T extends keyof Kinds ? C extends keyof Kinds[T] ? Kinds[T][C] : 'plain' : 'plain';
type DeclaredKind<Column> =
  [NonNullable<SelectType<Column>>] extends [boolean] ? 'bool'
    : Date extends InsertType<Column> ? 'timestamp'
      : [NonNullable<SelectType<Column>>] extends [object] ? 'json' : 'plain';
type Disagreements = {
  [T in keyof Database & string]: {
    [C in keyof Database[T] & string]: [DeclaredKind<Database[T][C]>] extends [SchemaKind<T, C>]
      ? never : `${T}.${C} is declared ${DeclaredKind<Database[T][C]>}, the schema has ${SchemaKind<T, C>}`;
  }[keyof Database[T] & string];
}[keyof Database & string];
type Undeclared = {
  [T in keyof Kinds]: T extends keyof Database ? Exclude<keyof Kinds[T], keyof Database[T]> extends never ? never
    : `${T}.${Exclude<keyof Kinds[T], keyof Database[T]> & string} is not declared` : `${T} is not declared`;
}[keyof Kinds];
// `& string` makes a failure name the columns rather than the alias
const declarationsAgree: [Disagreements | Undeclared] extends [never] ? true : (Disagreements | Undeclared) & string = true;
void declarationsAgree;

/** DESIGN "Data": reads come out of the database layer typed, the same on both dialects. */
describe('column kinds', () => {
  it('columnKinds.ts holds what the migrations make (run `npm run column-kinds -w server` when this fails)', async () => {
    const t = await buildTestApp('postgres', { seedDemo: false });
    try {
      expect(await introspectColumnKinds(t.app.db as unknown as Kysely<unknown>)).toEqual(COLUMN_KINDS);
    } finally {
      await t.close();
    }
  });
});

describe.each(DIALECTS)('typed reads (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('reads booleans as booleans, times as ISO-8601 UTC and JSON as values, through aliases too', async () => {
    const { db } = t.app;
    const profile = await db.selectFrom('profiles').select(['translations', 'email_domains', 'created_at']).executeTakeFirstOrThrow();
    expect(typeof profile.translations).toBe('object');
    expect(Array.isArray(profile.email_domains)).toBe(true);
    expect(profile.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const user = await db.selectFrom('users as u').select(['u.is_superuser as boss', 'u.created_at as since'])
      .where('u.email', '=', 'admin@demo.local').executeTakeFirstOrThrow();
    expect(user.boss).toBe(true);
    expect(user.since).toMatch(/Z$/);
    // a computed column keeps what the database answers
    const counted = await db.selectFrom('users').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBeGreaterThan(0);
  });

  it('reads the database default time (SQLite CURRENT_TIMESTAMP) as ISO-8601 UTC', async () => {
    const { db } = t.app;
    await sql`insert into countries (name, code) values ('Typed reads', 'TRD')`.execute(db);
    const row = await db.selectFrom('countries').select('created_at').where('code', '=', 'TRD').executeTakeFirstOrThrow();
    expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Math.abs(Date.parse(String(row.created_at)) - Date.now())).toBeLessThan(5 * 60_000);
  });

  it('writes times as Dates or ISO text alike, and JSON as its text, also in bulk', async () => {
    const { db } = t.app;
    const admin = await db.selectFrom('users').select('id').where('email', '=', 'admin@demo.local').executeTakeFirstOrThrow();
    const at = '2026-03-04T05:06:07.089Z';
    const payload = { name: 'Typed reads', count: 2, link: null };
    const rows = [
      { user_id: admin.id, client_id: null, kind: 'typed_reads', payload: JSON.stringify(payload), read_at: new Date(at), created_at: at },
      { user_id: admin.id, client_id: null, kind: 'typed_reads', payload: JSON.stringify({ ...payload, count: 3 }), read_at: null, created_at: new Date(at) },
    ];
    const back = await bulkInsert(db, 'notifications', rows, ['id', 'payload', 'read_at']);
    expect(back.map((r) => [r.payload, r.read_at])).toEqual([[payload, at], [{ ...payload, count: 3 }, null]]);
    const read = await db.selectFrom('notifications').select(['payload', 'created_at']).where('kind', '=', 'typed_reads').orderBy('id').execute();
    expect(read).toEqual([{ payload, created_at: at }, { payload: { ...payload, count: 3 }, created_at: at }]);
    // times compare in SQL against ISO text
    const since = await db.selectFrom('notifications').select('id').where('kind', '=', 'typed_reads').where('created_at', '>=', at).execute();
    expect(since).toHaveLength(2);
  });

  it('computed values: exists() through sqlBool, a max() time through sqlTime, a JSON field and text through jsonField and jsonText', async () => {
    const { db } = t.app;
    const row = await db.selectFrom('users')
      .select((eb) => [
        eb.exists(eb.selectFrom('user_clients').select('user_id').whereRef('user_clients.user_id', '=', 'users.id')).as('member'),
        eb.exists(eb.selectFrom('user_clients').select('user_id').where('user_clients.user_id', '=', -1)).as('nobody'),
      ])
      .where('email', '=', 'admin@demo.local').executeTakeFirstOrThrow();
    expect([sqlBool(row.member), sqlBool(row.nobody)]).toEqual([true, false]);
    const latest = await db.selectFrom('countries').select((eb) => eb.fn.max('created_at').as('at')).executeTakeFirstOrThrow();
    expect(sqlTime(latest.at)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const found = await db.selectFrom('notifications').select(jsonField(db, 'payload', 'count').as('count'))
      .where('kind', '=', 'typed_reads').where(jsonText('payload'), 'like', '%"Typed reads"%').orderBy('id').execute();
    expect(found.map((r) => r.count)).toEqual(['2', '3']);
  });
});
