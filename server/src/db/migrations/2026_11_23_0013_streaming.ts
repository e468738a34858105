import { sql, type Kysely } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.ts';

/**
 * Browser streaming of type-2 webcasts (spec 2 §3.13, §4.14): the transcoder
 * configuration of each webcast, and the publish sessions whose segments make its recording.
 * Whether a transmission is running lives in the streaming server (in process), not here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const t = columnTypes(dialectOf(db));
  const real = dialectOf(db) === 'postgres' ? 'double precision' : 'real';
  const now = sql`CURRENT_TIMESTAMP`;

  // spec 2 §3.13 transcoder settings; spec 4 "Media settings" transcoder 1280x720, 5600, high until configured
  await db.schema.createTable('webcast_streams')
    .addColumn('webcast_id', 'integer', (c) => c.primaryKey().references('webcasts.id').onDelete('cascade'))
    .addColumn('bitrate_video', 'integer', (c) => c.notNull().defaultTo(5600))
    .addColumn('aspect_ratio_width', 'integer', (c) => c.notNull().defaultTo(1280))
    .addColumn('aspect_ratio_height', 'integer', (c) => c.notNull().defaultTo(720))
    /** baseline | main | high */
    .addColumn('aspect_h264_profile', 'varchar(10)', (c) => c.notNull().defaultTo('high'))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .execute();

  // one row per publish session; the saved video lists their segments in order
  await db.schema.createTable('webcast_stream_sessions')
    .addColumn('id', t.id, t.primaryId)
    .addColumn('webcast_id', 'integer', (c) => c.notNull().references('webcasts.id').onDelete('cascade'))
    .addColumn('session_id', 'varchar(32)', (c) => c.notNull().unique())
    /** ffmpeg's playlist of the session, a media resource (webcasts/{id}/live/{session}/stream.m3u8) */
    .addColumn('playlist', 'varchar(500)', (c) => c.notNull())
    .addColumn('started_at', t.timestamp, (c) => c.notNull().defaultTo(now))
    .addColumn('ended_at', t.timestamp)
    /** seconds recorded */
    .addColumn('duration', real, (c) => c.notNull().defaultTo(0))
    .addColumn('segments', 'integer', (c) => c.notNull().defaultTo(0))
    /** stopped | disconnected | replaced | ffmpeg_failed | shutdown */
    .addColumn('end_reason', 'varchar(20)')
    .execute();
  await db.schema.createIndex('webcast_stream_sessions_webcast_idx').on('webcast_stream_sessions').columns(['webcast_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webcast_stream_sessions').execute();
  await db.schema.dropTable('webcast_streams').execute();
}
