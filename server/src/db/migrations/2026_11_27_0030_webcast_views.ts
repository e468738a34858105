import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * Who watched a webcast (spec 2 §2.4: webinars are trail modules; a module counts as done by what
 * its module records). A webcast recorded nothing per learner, so its learner page records the
 * minimal fact: the learner opened it while there was something to watch — the transmission live,
 * or its recording ready (shared webcastWatchState 'live' or 'finished'). Once per learner.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  await db.schema.createTable('webcast_views')
    .addColumn('webcast_id', 'integer', (c) => c.notNull().references('webcasts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('watched_at', t.timestamp, (c) => c.notNull().defaultTo(sql`CURRENT_TIMESTAMP`))
    .addPrimaryKeyConstraint('webcast_views_pk', ['webcast_id', 'user_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webcast_views').execute();
}
