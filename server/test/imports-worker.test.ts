import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonField } from '../src/db/computed.ts';
import { runPassInWorker } from '../src/imports/passWorker.ts';
import { DIALECTS, buildTestApp, type TestApp, type Tokens } from './helpers.ts';
import { logsOf, processImport, settledImport, validated } from './importFixtures.ts';
import { loginSuperuser } from './userFixtures.ts';

/**
 * spec 1 §4.3 "save and validate" and "process", run as production runs them: each pass in
 * its import worker process (passWorker.ts), with its own database connection.
 */
describe.each(DIALECTS)('import passes in their worker process on %s', (dialect) => {
  let t: TestApp;
  let su: Tokens;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { importWorker: 'process' });
    su = await loginSuperuser(t.app);
  });
  afterAll(async () => { await t.close(); });

  it('validates (the bad row reported with its line), processes, and notifies once per pass', async () => {
    const record = await validated(t.app, su, 'users', [
      { full_name: 'Worker One', email: 'worker.one@example.com', profile: 'Cashier' },
      { full_name: 'Worker Two', email: 'not-an-email', profile: 'Cashier' },
      { full_name: 'Worker Three', email: 'worker.three@example.com', profile: 'Cashier' },
    ]);
    expect(record).toMatchObject({ status: 'validated', total_rows: 3, error_count: 1 });
    expect((await logsOf(t.app, su, record.id)).filter((l) => l.log_type === 'error').map((l) => l.line)).toEqual([3]);

    const res = await processImport(t.app, su, record.id);
    expect(res.statusCode, res.body).toBe(202);
    expect(await settledImport(t.app, su, record.id)).toMatchObject({ status: 'with_errors', created_count: 2, error_count: 1 });
    const emails = (await t.app.db.selectFrom('users').select('email').where('email', 'like', 'worker.%').orderBy('email').execute()).map((u) => u.email);
    expect(emails).toEqual(['worker.one@example.com', 'worker.three@example.com']);
    const kinds = (await t.app.db.selectFrom('notifications').select('kind').where(jsonField(t.app.db, 'payload', 'id'), '=', String(record.id)).orderBy('id').execute()).map((n) => n.kind);
    expect(kinds).toEqual(['import_validated', 'import_failed']);
  }, 120_000); // two worker processes, and a retried pass when the machine is loaded

  it('reports a failure inside the worker as an error of the job (so it is retried), not as an outcome', async () => {
    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-worker-'));
    try {
      // a database without the imports table: the pass throws inside the worker
      const settings = { ...t.config, dataDir: empty, databaseSchema: dialect === 'postgres' ? 'no_such_schema' : null };
      const run = runPassInWorker('validate', 1, { settings, heartbeat: async () => {}, log: { info() {}, warn() {}, error() {} } });
      await expect(run).rejects.toThrow(/import validate failed in its worker: .*imports/);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  });
});
