import type { Kysely } from 'kysely';

/**
 * Indexes of the overview dashboard's aggregates (spec 1 §2.3; repositories/overview.ts): each
 * figure of a period reads a range of one of these instead of a whole table, and finds there every
 * column it needs (covering), so no row of the table itself is read. bench/overview.ts measures
 * them at 100k users and 1M enrolments.
 */
const INDEXES: ReadonlyArray<[name: string, table: string, columns: string[]]> = [
  // logins of the period (one token family per login)
  ['token_families_created_idx', 'token_families', ['created_at', 'user_id', 'acting_user_id']],
  // enrolments started (and how many of them are finished), completed, and active, per training
  ['group_training_enrollments_started_idx', 'group_training_enrollments', ['group_training_id', 'started_at', 'status']],
  ['group_training_enrollments_completed_idx', 'group_training_enrollments', ['group_training_id', 'completed_at']],
  ['group_training_enrollments_activity_idx', 'group_training_enrollments', ['group_training_id', 'last_activity_at', 'user_id']],
  // certificates issued in the period, and those about to expire
  ['certificates_client_issued_idx', 'certificates', ['client_id', 'issued_at']],
  ['certificates_client_expires_idx', 'certificates', ['client_id', 'expires_at', 'superseded_at']],
  // finished test attempts of the period, per test
  ['group_training_test_results_finished_idx', 'group_training_test_results', ['test_id', 'finished_at', 'status', 'score']],
  // users awaiting validation
  ['users_status_idx', 'users', ['status']],
  // the period's webcasts
  ['webcasts_client_transmission_idx', 'webcasts', ['client_id', 'transmission_date']],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, columns] of INDEXES) await db.schema.createIndex(name).on(table).columns(columns).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of [...INDEXES].reverse()) await db.schema.dropIndex(name).execute();
}
