import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * The learner side of face-to-face trainings (issue "Face-to-face trainings II" items 2, 6, 7).
 * An event "with presential test" (spec 3 §3) has a test window the instructor opens and closes
 * in the room; the QR code carries the window's random token, so a code from an earlier window
 * (or one seen after the close) leads nowhere. A learner comments an event once (spec 3 §5
 * "Comments are allowed only after finishing, once per user"): the index keeps two requests at
 * the same moment from both getting through, as for trainings and trails.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  await db.schema.alterTable('presential_events').addColumn('test_window_token', 'varchar(64)').execute();
  await db.schema.alterTable('presential_events').addColumn('test_window_opened_at', t.timestamp).execute();
  await db.schema.alterTable('presential_events').addColumn('test_window_closed_at', t.timestamp).execute();
  await db.schema.alterTable('presential_events')
    .addColumn('test_window_opened_by', 'integer', (c) => c.references('users.id').onDelete('set null')).execute();
  await db.schema.createIndex('presential_events_test_window_uq').unique().on('presential_events').column('test_window_token').execute();
  await db.schema.createIndex('comments_once_per_presential_uq').unique().on('comments')
    .columns(['origin', 'origin_id', 'user_id'])
    .where(sql<boolean>`origin = 'presential'`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('comments_once_per_presential_uq').execute();
  await db.schema.dropIndex('presential_events_test_window_uq').execute();
  for (const column of ['test_window_opened_by', 'test_window_closed_at', 'test_window_opened_at', 'test_window_token']) {
    await db.schema.alterTable('presential_events').dropColumn(column).execute();
  }
}
