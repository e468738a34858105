import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { buildTestApp, type TestApp } from './helpers.ts';

// The migrator introspects before every run; on Postgres it must see this app's schema only, and
// never fail because another process dropped its own schema meanwhile (each test file does).
describe('postgres introspection', () => {
  let t: TestApp;
  let other: pg.Client;
  beforeAll(async () => {
    t = await buildTestApp('postgres');
    // the other schemas live in the app's own database (each test app has one)
    other = new pg.Client({ connectionString: t.config.databaseUrl! });
    await other.connect();
  });
  afterAll(async () => {
    await other.end();
    await t.close();
  });

  it('lists the current schema tables only, the migrator own tables on request', async () => {
    const name = `x_${randomBytes(6).toString('hex')}`;
    await other.query(`create schema ${name}; create table ${name}.not_ours (id integer)`);
    try {
      const tables = await t.app.db.introspection.getTables();
      const names = tables.map((tb) => tb.name);
      expect(names).toContain('users');
      expect(names).not.toContain('not_ours');
      expect(names).not.toContain('kysely_migration');
      expect(new Set(tables.map((tb) => tb.schema)).size).toBe(1);
      const users = tables.find((tb) => tb.name === 'users')!;
      expect(users.columns.find((c) => c.name === 'id')).toMatchObject({ isAutoIncrementing: true, isNullable: false });
      const internal = (await t.app.db.introspection.getTables({ withInternalKyselyTables: true })).map((tb) => tb.name);
      expect(internal).toContain('kysely_migration');
    } finally {
      await other.query(`drop schema ${name} cascade`);
    }
  });

  it('does not fail while other schemas are created and dropped', async () => {
    const churn = (async () => {
      for (let i = 0; i < 40; i += 1) {
        const name = `x_${randomBytes(6).toString('hex')}`;
        await other.query(`create schema ${name}; create table ${name}.t (id integer)`);
        await other.query(`drop schema ${name} cascade`);
      }
    })();
    const reads = (async () => {
      for (let i = 0; i < 40; i += 1) await t.app.db.introspection.getTables();
    })();
    await expect(Promise.all([churn, reads])).resolves.toBeDefined();
  });
});
