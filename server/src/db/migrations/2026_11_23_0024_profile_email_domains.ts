import type { Kysely } from 'kysely';

/**
 * spec 1 §5.3 "Invalid email for this profile": a profile may name the e-mail domains of its
 * users (a JSON array of domain names; empty: any e-mail). Shared rule: emailSuitsProfile.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').addColumn('email_domains', 'text', (c) => c.notNull().defaultTo('[]')).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('profiles').dropColumn('email_domains').execute();
}
