import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { COLUMN_KINDS } from '../src/db/columnKinds.ts';
import { introspectColumnKinds } from '../src/db/introspectColumnKinds.ts';
import { buildTestApp, DIALECTS, type TestApp } from './helpers.ts';

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
});
