import type { Kysely } from 'kysely';

/**
 * The owned-content core (docs/architecture/owned-content.md): every owner kind keeps its own
 * tests, evaluations and materials tables, and the column naming the owner is `owner_id` in all
 * of them, so one set of queries (server/src/content/) reads any owner's tables. A rename keeps
 * the rows, ids, indexes and the foreign keys with their ON DELETE CASCADE (SQLite ≥ 3.25 and
 * Postgres rewrite them); the tables below those three reach the owner through them.
 */
const RENAMED: ReadonlyArray<[table: string, column: string]> = [
  ['group_training_tests', 'group_training_id'],
  ['group_training_evaluations', 'group_training_id'],
  ['group_training_materials', 'group_training_id'],
  ['webcast_tests', 'webcast_id'],
  ['webcast_evaluations', 'webcast_id'],
  ['webcast_materials', 'webcast_id'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of RENAMED) await db.schema.alterTable(table).renameColumn(column, 'owner_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of RENAMED) await db.schema.alterTable(table).renameColumn('owner_id', column).execute();
}
