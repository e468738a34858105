import type { Kysely } from 'kysely';

type IndexDef = readonly [name: string, table: string, columns: string[]];

/**
 * The BI panel's people filters (spec 1 §6.2 reports_panel; repositories/overview.ts
 * peopleCondition) over the overview's aggregates. Each period figure keeps reading a range of its
 * covering index (2026_11_27_0060_overview_indexes), which now also holds the user id the filters
 * test, so a filtered figure still reads no row of its table; the filters' own sets (the users of
 * some areas, profiles, groups, branches, headquarters) are read from indexes too.
 * bench/overview.ts measures a filtered case.
 */
const REPLACED: ReadonlyArray<[before: IndexDef, after: IndexDef]> = [
  [['group_training_enrollments_started_idx', 'group_training_enrollments', ['group_training_id', 'started_at', 'status']],
    ['group_training_enrollments_started_idx', 'group_training_enrollments', ['group_training_id', 'started_at', 'status', 'user_id']]],
  [['group_training_enrollments_completed_idx', 'group_training_enrollments', ['group_training_id', 'completed_at']],
    ['group_training_enrollments_completed_idx', 'group_training_enrollments', ['group_training_id', 'completed_at', 'user_id']]],
  [['certificates_client_issued_idx', 'certificates', ['client_id', 'issued_at']],
    ['certificates_client_issued_idx', 'certificates', ['client_id', 'issued_at', 'user_id']]],
  [['certificates_client_expires_idx', 'certificates', ['client_id', 'expires_at', 'superseded_at']],
    ['certificates_client_expires_idx', 'certificates', ['client_id', 'expires_at', 'superseded_at', 'user_id']]],
  [['group_training_test_results_finished_idx', 'group_training_test_results', ['test_id', 'finished_at', 'status', 'score']],
    ['group_training_test_results_finished_idx', 'group_training_test_results', ['test_id', 'finished_at', 'status', 'score', 'user_id']]],
  // the people of some areas, of some profiles (the client's index, which these columns extend)
  [['user_areas_area_idx', 'user_areas', ['area_id']], ['user_areas_area_idx', 'user_areas', ['area_id', 'client_id', 'user_id']]],
  [['user_clients_client_idx', 'user_clients', ['client_id']], ['user_clients_client_idx', 'user_clients', ['client_id', 'profile_id', 'user_id']]],
];

const ADDED: readonly IndexDef[] = [
  // the people of some branches, and the branches of some headquarters
  ['users_branch_idx', 'users', ['branch_id', 'id']],
  ['branches_headquarter_idx', 'branches', ['headquarter_id', 'client_id', 'id']],
];

async function create(db: Kysely<unknown>, [name, table, columns]: IndexDef): Promise<void> {
  await db.schema.createIndex(name).on(table).columns(columns).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [before, after] of REPLACED) {
    await db.schema.dropIndex(before[0]).execute();
    await create(db, after);
  }
  for (const index of ADDED) await create(db, index);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of [...ADDED].reverse()) await db.schema.dropIndex(name).execute();
  for (const [before, after] of [...REPLACED].reverse()) {
    await db.schema.dropIndex(after[0]).execute();
    await create(db, before);
  }
}
