import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as core from './migrations/2026_11_21_0001_core.ts';
import * as usersOrganisation from './migrations/2026_11_22_0001_users_organisation.ts';

/** Migrations listed in order; a static list works the same under tsx and in bundles. */
const MIGRATIONS: Record<string, Migration> = {
  '2026_11_21_0001_core': core,
  '2026_11_22_0001_users_organisation': usersOrganisation,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
