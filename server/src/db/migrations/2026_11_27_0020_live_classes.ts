import { sql, type Kysely } from 'kysely';
import { createAudienceTables, dropAudienceTables } from '../../content/audience/schema.ts';
import { createOwnedTables, dropOwnedTables } from '../../content/schema.ts';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * Live classes (spec 3 §3 "Live class", §4, §5, §9): the class, its platform types (spec 1 §3.8
 * live_class_platform_types), its instructors and its participants — the subscribers of an open
 * class or the invitees of a closed one — plus, through the owned-content core, its tests, reaction
 * evaluations and materials, and its audience links (areas, profiles, groups, tags).
 */
const OWNED = { ownerTable: 'live_classes', tablePrefix: 'live_class' };
const AUDIENCE = { ownerTable: 'live_classes', prefix: 'live_class', tags: true };

export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const real = dialectOf(db) === 'postgres' ? 'double precision' : 'real';
  const now = sql`CURRENT_TIMESTAMP`;

  // fixed ids: the contract sends them as stream_type (shared LIVE_CLASS_PLATFORM)
  await db.schema.createTable('live_class_platform_types')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('slug', 'varchar(40)', (c) => c.notNull().unique())
    /** the class carries a transmission_url (an external meeting service) */
    .addColumn('uses_url', t.bool, (c) => c.notNull())
    .execute();
  await db.insertInto('live_class_platform_types' as never).values([
    { id: 1, slug: 'external', uses_url: true },
    { id: 2, slug: 'jitsi', uses_url: false },
  ] as never).execute();

  await db.schema.createTable('live_classes')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    /** sanitised HTML */
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    /** open | closed */
    .addColumn('live_class_type', 'varchar(10)', (c) => c.notNull().defaultTo('open'))
    /** UTC instant; shown and entered in `timezone` */
    .addColumn('live_class_date', t.timestamp, (c) => c.notNull())
    .addColumn('timezone', 'varchar(64)', (c) => c.notNull().defaultTo('Etc/GMT'))
    .addColumn('stream_type_id', 'integer', (c) => c.notNull().defaultTo(1).references('live_class_platform_types.id'))
    .addColumn('transmission_url', 'varchar(2000)')
    /** null: no seats assigned */
    .addColumn('maximum_participants', 'integer')
    /** null: the live class score (spec 3 §3) */
    .addColumn('score', 'integer')
    .addColumn('workload', real, (c) => c.notNull().defaultTo(1))
    /** YYYY-MM-DD */
    .addColumn('date_to_unpublish', 'varchar(10)')
    /** 1 published, 2 unpublished, 3 deleted, 4 finished */
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    /** the unguessable part of the meeting room's name */
    .addColumn('room_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('live_classes_client_idx').on('live_classes').columns(['client_id', 'status', 'live_class_date']).execute();

  await db.schema.createTable('live_class_instructors')
    .addColumn('live_class_id', 'integer', (c) => c.notNull().references('live_classes.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('live_class_instructors_pk', ['live_class_id', 'user_id'])
    .execute();

  // subscribers (open class) or invitees (closed class): the class's type says which
  await db.schema.createTable('live_class_participants')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('live_class_id', 'integer', (c) => c.notNull().references('live_classes.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    /** the first time the participant was given the room */
    .addColumn('entered_at', t.timestamp)
    /** spec 3 §4: completed once the class is finished and the remaining activities are done */
    .addColumn('completed_at', t.timestamp)
    .addUniqueConstraint('live_class_participants_uq', ['live_class_id', 'user_id'])
    .execute();
  await db.schema.createIndex('live_class_participants_user_idx').on('live_class_participants').columns(['user_id']).execute();

  await createOwnedTables(db, OWNED);
  await createAudienceTables(db, AUDIENCE);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropAudienceTables(db, AUDIENCE);
  await dropOwnedTables(db, OWNED);
  for (const table of ['live_class_participants', 'live_class_instructors', 'live_classes', 'live_class_platform_types']) {
    await db.schema.dropTable(table).execute();
  }
}
