import pg from 'pg';

// helpers.ts's default, without loading the app here
const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** This run's Postgres template databases (helpers.ts names them by this process): dropped when it ends. */
export async function teardown(): Promise<void> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    const templates = await client.query<{ datname: string }>(`select datname from pg_database where datname like 'lp_tpl_${process.pid}_%'`);
    for (const { datname } of templates.rows) await client.query(`drop database if exists ${datname} with (force)`);
  } finally {
    await client.end();
  }
}
