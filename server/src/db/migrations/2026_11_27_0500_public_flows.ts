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

  // spec 1 §1 / §2.1 login-{partner}: a partner's OpenID Connect provider per client (the brand
  // slug is the return path's), how its claims become a user, and whether unknown people get one
  await db.schema.createTable('partner_providers')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('slug', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('name', 'varchar(120)', (c) => c.notNull())
    .addColumn('issuer', 'varchar(500)', (c) => c.notNull())
    .addColumn('oidc_client_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('oidc_client_secret', 'varchar(500)', (c) => c.notNull())
    .addColumn('email_claim', 'varchar(60)', (c) => c.notNull().defaultTo('email'))
    .addColumn('name_claim', 'varchar(60)', (c) => c.notNull().defaultTo('name'))
    .addColumn('document_claim', 'varchar(60)')
    .addColumn('auto_provision', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  // one row per started login: its state (hashed), PKCE verifier and nonce, single use, short-lived
  await db.schema.createTable('partner_login_states')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('provider_id', 'integer', (c) => c.notNull().references('partner_providers.id').onDelete('cascade'))
    .addColumn('state_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('code_verifier', 'varchar(128)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(128)', (c) => c.notNull())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('used_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  // spec 1 §5.5 captcha: each solved challenge counts once (a solution cannot be replayed until it expires)
  await db.schema.createTable('captcha_uses')
    .addColumn('signature_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('captcha_uses').execute();
  await db.schema.dropTable('partner_login_states').execute();
  await db.schema.dropTable('partner_providers').execute();
  await db.schema.dropTable('sms_codes').execute();
  await db.schema.alterTable('password_resets').dropColumn('purpose').execute();
}
