// Writes src/db/columnKinds.ts from the migrations, run on a throwaway Postgres schema
// (TEST_DATABASE_URL, default the local test database): `npm run column-kinds -w server`.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Kysely } from 'kysely';
import { connect } from '../src/db/dialect.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { columnKindsSource, introspectColumnKinds } from '../src/db/introspectColumnKinds.ts';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `kinds_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`create schema ${schema}`);
const handle = connect({ databaseUrl: url, databaseSchema: schema, dataDir: '' });
try {
  await migrateToLatest(handle.db as unknown as Kysely<unknown>);
  const kinds = await introspectColumnKinds(handle.db as unknown as Kysely<unknown>);
  const file = path.join(import.meta.dirname, '..', 'src', 'db', 'columnKinds.ts');
  fs.writeFileSync(file, columnKindsSource(kinds));
  console.log(`wrote ${path.relative(process.cwd(), file)}: ${Object.keys(kinds).length} tables`);
} finally {
  await handle.close();
  await admin.query(`drop schema ${schema} cascade`);
  await admin.end();
}
