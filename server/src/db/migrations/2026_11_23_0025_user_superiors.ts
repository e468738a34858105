import type { Kysely } from 'kysely';

/**
 * spec 1 §3.4 "superiors (approvers)" of a user, per client; §4.1 "Superior approvers approve
 * new users" (shared mayApproveUser).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createTable('user_superiors')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('superior_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_superiors_pk', ['user_id', 'client_id', 'superior_id'])
    .execute();
  // "whom do I approve": the superior's side
  await db.schema.createIndex('user_superiors_superior_idx').on('user_superiors').columns(['superior_id', 'client_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_superiors').execute();
}
