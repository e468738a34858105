import { sql, type Kysely } from 'kysely';

/**
 * A branch's code names one branch of its client: the users and branches imports find branches
 * by it, so two imports (or an import and the form) writing the same new code at once must end
 * with one branch. Branches without a code stay free (partial index,
 * both dialects).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('branches_client_code_key').on('branches').columns(['client_id', 'code']).unique()
    .where(sql.ref('code'), 'is not', null).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('branches_client_code_key').execute();
}
