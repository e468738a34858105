import type { Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * spec 1 §2.1 one-time links of a user: `recovery` (recover-password/…), `first_access`
 * (set-password/…, sent instead of a shared default password) and `verify_email` (a
 * self-registered account activates on the click). One table, told apart by purpose, so a
 * link of one kind never opens another's door and a new link replaces only earlier ones of its kind.
 *
 * spec 1 §2.1 recovery by SMS: a 6-digit code per request, short-lived, with its guesses counted
 * (`attempts`) so a code cannot be found by trying.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  await db.schema.alterTable('password_resets')
    .addColumn('purpose', 'varchar(20)', (c) => c.notNull().defaultTo('recovery')).execute();

  await db.schema.createTable('sms_codes')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sms_codes_user_idx').on('sms_codes').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sms_codes').execute();
  await db.schema.alterTable('password_resets').dropColumn('purpose').execute();
}
