// Users import at scale: a 100k-row users file (the template's 19 columns),
// validated then processed on SQLite and on Postgres (a fresh schema). Each pass runs as the
// job runs it, in its import worker process (server/src/imports/passWorker.ts), so its wall
// time and peak RSS are the worker's own. Goal: ≤ 20 s and ≤ 256 MB each.
// BENCH_IMPORT_ROWS=2000 for a quick run; BENCH_IMPORT_DIALECTS=sqlite for one database.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { TEMPLATE_COLUMNS } from '../server/src/imports/columns.ts';
import { runPassInWorker } from '../server/src/imports/passWorker.ts';
import type { PassLog } from '../server/src/imports/engine.ts';
import { connect } from '../server/src/db/dialect.ts';
import { loadConfig, type Config } from '../server/src/config.ts';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const quiet: PassLog = { info() {}, warn() {}, error() {} };
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
type Dialect = 'sqlite' | 'postgres';

function configFor(dialect: Dialect, dataDir: string, schema: string): Config {
  // production settings (scrypt at 2^17 for the one default-password hash) but quiet
  return loadConfig({}, {
    dataDir, logLevel: 'silent', staticRoot: null, importWorkerHeapMb: Number(process.env.IMPORT_WORKER_HEAP_MB ?? 192),
    databaseUrl: dialect === 'postgres' ? POSTGRES_URL : null, databaseSchema: dialect === 'postgres' ? schema : null,
  });
}

/** The whole app, for the set-up only (migrations, demo seed, fixtures). */
async function appFor(config: Config, runJobs: boolean): Promise<FastifyInstance> {
  const { default: appPlugin } = await import('../server/src/app.ts');
  const app = Fastify({ logger: false });
  await app.register(appPlugin, { config: { ...config, runJobs }, serveStatic: false });
  await app.ready();
  return app;
}

/** A valid Brazilian document (spec 1 §5.2 check digits) from a number. */
function cpf(n: number): string {
  const base = String(100_000_000 + n).slice(-9).split('').map(Number);
  const digit = (ds: number[], w: number) => {
    const rest = (ds.reduce((s, d, i) => s + d * (w - i), 0) * 10) % 11;
    return rest >= 10 ? 0 : rest;
  };
  const d1 = digit(base, 10);
  const d2 = digit([...base, d1], 11);
  return [...base, d1, d2].join('');
}

async function writeUsersFile(file: string, rows: number): Promise<void> {
  const keys = TEMPLATE_COLUMNS.users.map((c) => c.key);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet('users');
  sheet.addRow(keys).commit();
  for (let i = 0; i < rows; i += 1) {
    const v: Record<string, string> = {
      full_name: `Bench User ${i}`, email: `bench.user.${i}@example.com`, document: cpf(i), register: `R${i}`,
      gmin_number: `G${i}`, sap_code: `S${i}`, nick_name: `bu${i}`, gender: i % 2 ? 'female' : 'male', birthday: '1990-01-02',
      mobile_country_code: '55', mobile_area_code: '11', mobile: `9${String(i).padStart(8, '0')}`, country: 'Brasil',
      language: 'pt-br', profile: 'Cashier', area: 'Sales', branch: 'Loja Centro', groups: 'Store leaders', status: 'active',
    };
    sheet.addRow(keys.map((k) => v[k] ?? null)).commit();
  }
  sheet.commit();
  await workbook.commit();
}

async function runDialect(dialect: Dialect, file: string): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-import-'));
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  try {
    const setup = await appFor(configFor(dialect, dataDir, schema), false);
    const client = await setup.db.selectFrom('clients').select('id').where('name', '=', 'Demo Retail').executeTakeFirstOrThrow();
    const admin = await setup.db.selectFrom('users').select(['id', 'language_id']).where('email', '=', 'admin@demo.local').executeTakeFirstOrThrow();
    const now = new Date();
    await setup.db.insertInto('countries').values({ name: 'Brasil', code: 'BRA', created_at: now }).execute();
    await setup.db.insertInto('branches').values({
      client_id: client.id, name: 'Loja Centro', store_name: null, code: 'LC1', store_document: null, branch_type_id: null, size_type_id: null,
      headquarter_id: null, regional_id: null, postal_code: null, address: null, number: null, complement: null, neighborhood: null,
      city: null, state: null, country_id: null, created_at: now,
    }).execute();
    const relative = 'uploads/imports/bench.xlsx';
    fs.mkdirSync(path.join(dataDir, 'uploads', 'imports'), { recursive: true });
    fs.copyFileSync(file, path.join(dataDir, relative));
    const imported = await setup.db.insertInto('imports').values({
      client_id: client.id, import_type: 'users', status: 'awaiting', phase: null, file_name: 'bench.xlsx', file_path: relative,
      upload_id: null, total_rows: null, created_by: admin.id, language_id: admin.language_id, created_at: now, updated_at: now, finished_at: null,
    }).returning('id').executeTakeFirstOrThrow();
    await setup.close();

    const config = configFor(dialect, dataDir, schema);
    const handle = connect(config);
    try {
      for (const pass of ['validate', 'process'] as const) {
        if (pass === 'process') {
          // what POST …/process/ does before it enqueues
          await handle.db.updateTable('imports').set({ status: 'processing', phase: 'process', processed_rows: 0, processed_line: 1, updated_at: new Date() })
            .where('id', '=', imported.id).where('status', '=', 'validated').execute();
        }
        const started = Date.now();
        // the pass as the job runs it: in its worker process, start-up included in the time
        const run = await runPassInWorker(pass, imported.id, { settings: config, heartbeat: async () => {}, log: quiet, heapMb: config.importWorkerHeapMb });
        const ms = Date.now() - started;
        const row = await handle.db.selectFrom('imports').select(['status', 'total_rows', 'error_count', 'created_count', 'updated_count'])
          .where('id', '=', imported.id).executeTakeFirstOrThrow();
        const verdict = ms <= 20_000 && run.maxRssMb <= 256 ? 'within goal' : 'over the goal (20 s, 256 MB)';
        console.log(`users import ${ROWS} rows, ${dialect}, ${pass}: ${(ms / 1000).toFixed(1)} s, peak RSS ${run.maxRssMb.toFixed(0)} MB`
          + ` (worker CPU ${(run.cpuMs / 1000).toFixed(1)} s, heap cap ${config.importWorkerHeapMb} MB) — ${verdict}; ${JSON.stringify(row)}`);
      }
    } finally {
      await handle.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (dialect === 'postgres') {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    }
  }
}

{
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lp-bench-xlsx-'));
  const file = path.join(dir, 'users.xlsx');
  const t0 = Date.now();
  await writeUsersFile(file, ROWS);
  console.log(`users import file: ${ROWS} rows × ${TEMPLATE_COLUMNS.users.length} columns, ${(fs.statSync(file).size / 1e6).toFixed(1)} MB, written in ${((Date.now() - t0) / 1000).toFixed(1)} s (exceljs streaming writer)`);
  try {
    const dialects = (process.env.BENCH_IMPORT_DIALECTS ?? 'sqlite,postgres').split(',') as Dialect[];
    for (const dialect of dialects) await runDialect(dialect, file);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
