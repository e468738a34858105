import { sql, type Kysely } from 'kysely';
import { createAudienceTables, dropAudienceTables } from '../../content/audience/schema.ts';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * The calendar items administrators write (spec 1 §2.3 schedule/{id}, spec 3 §2 schedule): a
 * title, a description, an instant with the zone it was written in, a link, and an audience
 * (areas, profiles, groups) through the audience core.
 */
const AUDIENCE = { ownerTable: 'schedule_events', prefix: 'schedule_event', tags: false };

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const now = sql`CURRENT_TIMESTAMP`;
  await db.schema.createTable('schedule_events')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('starts_at', t.timestamp, (c) => c.notNull())
    .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
    .addColumn('link', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  // the calendars read a client's items by instant
  await db.schema.createIndex('schedule_events_client_idx').on('schedule_events').columns(['client_id', 'starts_at']).execute();
  await createAudienceTables(db, AUDIENCE);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropAudienceTables(db, AUDIENCE);
  await db.schema.dropTable('schedule_events').execute();
}
