import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * An import may write into one record of the client (issue 17 item 5: the results and the
 * subscriptions of one face-to-face appointment): `target_id` names it; null for the imports of
 * the whole client (users, organisation, drills). No foreign key: the import type says which table.
 * `presential_subscriptions` needs a longer type column (SQLite does not bound varchar).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'postgres') await sql`alter table imports alter column import_type type varchar(40)`.execute(db);
  await db.schema.alterTable('imports').addColumn('target_id', 'integer').execute();
  await db.schema.createIndex('imports_target_idx').on('imports').columns(['target_id', 'import_type']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('imports_target_idx').execute();
  await db.schema.alterTable('imports').dropColumn('target_id').execute();
}
