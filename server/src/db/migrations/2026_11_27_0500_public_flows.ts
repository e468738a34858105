import type { Kysely } from 'kysely';

/**
 * spec 1 §2.1 one-time links of a user: `recovery` (recover-password/…), `first_access`
 * (set-password/…, sent instead of a shared default password) and `verify_email` (a
 * self-registered account activates on the click). One table, told apart by purpose, so a
 * link of one kind never opens another's door and a new link replaces only earlier ones of its kind.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('password_resets')
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull().defaultTo('recovery')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('password_resets').dropColumn('purpose').execute();
}
