import type { Kysely } from 'kysely';

/**
 * The learner's test engine (spec 2 §4.8): an attempt remembers what finishing it did
 * (none | blocked | restarted), so a repeated submit answers the same result without scoring
 * again. Attempts wiped by a restart keep their row with status 'restarted' (spec 2 §4.7),
 * which the varchar(12) status of 0002 already holds.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('group_training_test_results').addColumn('consequence', 'varchar(12)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('group_training_test_results').dropColumn('consequence').execute();
}
