import { sql, type Kysely } from 'kysely';
import { createOwnedTables, dropOwnedTables } from '../../content/schema.ts';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * Face-to-face test templates (spec 1 §6.2 presential_test_templates; spec 3 §2 tests reusable
 * across appointments): a question-only owner of the owned-content core whose one test holds the
 * questions and alternatives an event's test is made from.
 */
const OWNED = { ownerTable: 'presential_test_templates', tablePrefix: 'presential_test_template' };

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const now = sql`CURRENT_TIMESTAMP`;
  await db.schema.createTable('presential_test_templates')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    /** 1 active, 3 deleted (the tests made from it keep their copies) */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('presential_test_templates_client_idx').on('presential_test_templates').columns(['client_id', 'status']).execute();
  await createOwnedTables(db, OWNED, { testsOnly: true });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropOwnedTables(db, OWNED, { testsOnly: true });
  await db.schema.dropTable('presential_test_templates').execute();
}
