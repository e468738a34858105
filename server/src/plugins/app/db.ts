import fp from 'fastify-plugin';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { connect, type DialectName } from '../../db/dialect.ts';
import { createWriteWatch, type WriteWatch } from '../../db/writeWatch.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { seedDemo } from '../../seed/demo.ts';
import type { Config } from '../../config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: DialectName;
    config: Config;
    /** writes to watched tables, for caches of what they hold (db/writeWatch.ts) */
    dbWrites: WriteWatch;
  }
}

/** Connects, migrates and (first run) seeds before any route is served. */
export default fp<{ config: Config }>(async (app, { config }) => {
  const writeWatch = createWriteWatch();
  const handle = connect({ ...config, writeWatch });
  app.decorate('dbWrites', writeWatch);
  app.decorate('db', handle.db);
  app.decorate('dialect', handle.dialect);
  app.addHook('onClose', async () => handle.close());
  if (handle.dialect === 'postgres' && config.databaseSchema) {
    await sql`create schema if not exists ${sql.id(config.databaseSchema)}`.execute(handle.db);
  }
  await migrateToLatest(handle.db as unknown as Kysely<unknown>);
  if (config.seedDemo) await seedDemo(handle.db, config);
}, { name: 'db' });
