import { MEDIA_SETTINGS, type ConfigStreamingBody, type H264Profile } from '@lp/shared/contract';
import { WEBCAST_STATUS } from '@lp/shared/rules';
import type { Transcoder } from '@lp/streaming/server';
import type { Db } from '../db/database.ts';
import type { WebcastStreamSessionRow } from '../db/tables/streaming.table.ts';

/**
 * Browser streaming's rows (spec 2 §3.13, §4.14): the transcoder configuration, the publish
 * sessions that make the recording, and the webcast fields streaming moves (hls_path,
 * transmission_completed, transmission_downloaded, status 5 while converting).
 */

const PROFILES: readonly H264Profile[] = ['baseline', 'main', 'high'];

/** spec 4 "Media settings" transcoder until the webcast is configured. */
export const DEFAULT_TRANSCODER: Transcoder = {
  width: MEDIA_SETTINGS.transcoder.width,
  height: MEDIA_SETTINGS.transcoder.height,
  bitrate: MEDIA_SETTINGS.transcoder.bitrate,
  profile: MEDIA_SETTINGS.transcoder.profile,
};

export async function findTranscoder(db: Db, webcastId: number): Promise<Transcoder> {
  const row = await db.selectFrom('webcast_streams').selectAll().where('webcast_id', '=', webcastId).executeTakeFirst();
  if (!row) return DEFAULT_TRANSCODER;
  return {
    width: row.aspect_ratio_width,
    height: row.aspect_ratio_height,
    bitrate: row.bitrate_video,
    profile: PROFILES.includes(row.aspect_h264_profile as H264Profile) ? (row.aspect_h264_profile as H264Profile) : 'high',
  };
}

export async function saveTranscoder(db: Db, webcastId: number, body: ConfigStreamingBody, userId: number | null): Promise<Transcoder> {
  const values = {
    bitrate_video: body.bitrate_video,
    aspect_ratio_width: body.aspect_ratio_width,
    aspect_ratio_height: body.aspect_ratio_height,
    aspect_h264_profile: body.aspect_h264_profile,
    updated_by: userId,
    updated_at: new Date(),
  };
  await db.insertInto('webcast_streams').values({ webcast_id: webcastId, ...values })
    .onConflict((oc) => oc.column('webcast_id').doUpdateSet(values)).execute();
  return { width: body.aspect_ratio_width, height: body.aspect_ratio_height, bitrate: body.bitrate_video, profile: body.aspect_h264_profile };
}

/** A session starts on `lease.nodeId`, which vouches for it until `lease.until` (and renews that while it runs). */
export async function addSession(
  db: Db, webcastId: number, session: { sessionId: string; playlist: string; startedAt: Date }, lease: { nodeId: string; until: Date },
): Promise<void> {
  await db.insertInto('webcast_stream_sessions').values({
    webcast_id: webcastId, session_id: session.sessionId, playlist: session.playlist, started_at: session.startedAt,
    node_id: lease.nodeId, lease_until: lease.until,
  }).execute();
}

export async function endSession(db: Db, sessionId: string, end: { endedAt: Date; duration: number; segments: number; reason: string }): Promise<void> {
  await db.updateTable('webcast_stream_sessions')
    .set({ ended_at: end.endedAt, duration: end.duration, segments: end.segments, end_reason: end.reason })
    .where('session_id', '=', sessionId).execute();
}

/** A node's name while it closes a leftover session (webcasts/ingestLease.ts closingId): nobody runs that session. */
export const CLOSING_SUFFIX = ':closing';

/** The node's open sessions are vouched for until `until`; answers how many it renewed. */
export async function renewLeases(db: Db, nodeId: string, until: Date): Promise<number> {
  const result = await db.updateTable('webcast_stream_sessions').set({ lease_until: until })
    .where('node_id', '=', nodeId).where('ended_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Open sessions nobody runs any more: their lease ran out before `now` (or they have none, as
 * sessions before leases), or — `previousNodeId` — this node's previous process held them.
 */
export async function leftoverSessions(db: Db, now: Date, previousNodeId: string | null): Promise<WebcastStreamSessionRow[]> {
  return db.selectFrom('webcast_stream_sessions').selectAll().where('ended_at', 'is', null)
    .where((eb) => eb.or([
      eb('lease_until', 'is', null), eb('lease_until', '<', now.toISOString()), ...(previousNodeId ? [eb('node_id', '=', previousNodeId)] : []),
    ]))
    .orderBy('id').execute();
}

/**
 * Takes a leftover session over: its lease becomes `lease.nodeId`'s until `lease.until`, if it is
 * still a leftover (as leftoverSessions) — not ended, renewed or taken over by another node since.
 * True when this node now holds it and may close it: one node closes it, and one that dies while
 * closing leaves it to the next once this lease runs out.
 */
export async function takeOverSession(
  db: Db, sessionId: string, now: Date, previousNodeId: string | null, lease: { nodeId: string; until: Date },
): Promise<boolean> {
  const result = await db.updateTable('webcast_stream_sessions').set({ node_id: lease.nodeId, lease_until: lease.until })
    .where('session_id', '=', sessionId).where('ended_at', 'is', null)
    .where((eb) => eb.or([
      eb('lease_until', 'is', null), eb('lease_until', '<', now.toISOString()), ...(previousNodeId ? [eb('node_id', '=', previousNodeId)] : []),
    ]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Some node runs an ingest session of the webcast now: an open session whose node still vouches for
 * it (its lease runs). Any node's watch page can then offer WebRTC playback, the proxy taking the
 * offer to that node (docs/production.md "Topology").
 */
export async function hasRunningSession(db: Db, webcastId: number, now: Date): Promise<boolean> {
  const row = await db.selectFrom('webcast_stream_sessions').select('id')
    .where('webcast_id', '=', webcastId).where('ended_at', 'is', null).where('lease_until', '>', now.toISOString())
    .where('node_id', 'not like', `%${CLOSING_SUFFIX}`)
    .limit(1).executeTakeFirst();
  return row !== undefined;
}

/** The sessions that recorded something, oldest first. */
export async function recordedSessions(db: Db, webcastId: number): Promise<WebcastStreamSessionRow[]> {
  return db.selectFrom('webcast_stream_sessions').selectAll()
    .where('webcast_id', '=', webcastId).where('segments', '>', 0).orderBy('id').execute();
}

/**
 * The live playlist is what viewers play now; a new recording is under way (not yet saved). A
 * finished webcast streamed again is on air again: published until its new recording is saved
 * (learners would otherwise be told the video is converting while it is live).
 */
export async function markLive(db: Db, webcastId: number, livePlaylist: string): Promise<void> {
  await db.updateTable('webcasts').set((eb) => ({
    hls_path: livePlaylist,
    transmission_downloaded: false,
    status: eb.case().when('status', '=', WEBCAST_STATUS.finished).then(WEBCAST_STATUS.published).else(eb.ref('status')).end(),
    updated_at: new Date(),
  })).where('id', '=', webcastId).execute();
}

/** Nothing is live any more: viewers wait for the saved video (spec 2 §4.14 step 7). `livePrefix` is where live playlists are. */
export async function clearLive(db: Db, webcastId: number, livePrefix: string): Promise<void> {
  await db.updateTable('webcasts').set({ hls_path: null, updated_at: new Date() })
    .where('id', '=', webcastId).where('hls_path', 'like', `${livePrefix}%`).execute();
}

/**
 * As clearLive, unless the webcast has an open session still: a leftover closed late must not
 * withdraw the live link of the transmission its studio started again on another node.
 */
export async function clearLiveUnlessOpen(db: Db, webcastId: number, livePrefix: string): Promise<void> {
  await db.updateTable('webcasts').set({ hls_path: null, updated_at: new Date() })
    .where('id', '=', webcastId).where('hls_path', 'like', `${livePrefix}%`)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('webcast_stream_sessions').select('id')
      .where('webcast_stream_sessions.webcast_id', '=', webcastId).where('webcast_stream_sessions.ended_at', 'is', null))))
    .execute();
}

/** spec 2 §4.14 step 2: a transmission starts (again). */
export async function reopenTransmission(db: Db, webcastId: number): Promise<void> {
  await db.updateTable('webcasts').set({ transmission_completed: false, updated_at: new Date() }).where('id', '=', webcastId).execute();
}

/** spec 2 §4.14 step 6: "the transmission is completed". */
export async function completeTransmission(db: Db, webcastId: number, livePrefix: string): Promise<void> {
  await db.updateTable('webcasts').set({ transmission_completed: true, updated_at: new Date() }).where('id', '=', webcastId).execute();
  await clearLive(db, webcastId, livePrefix);
}

/** spec 2 §4.14 step 7: status 5 while the recording is converted. */
export async function markConverting(db: Db, webcastId: number): Promise<void> {
  await db.updateTable('webcasts').set({ status: WEBCAST_STATUS.converting, transmission_downloaded: false, updated_at: new Date() })
    .where('id', '=', webcastId).execute();
}

/** The saved video is ready: downloaded, finished (status 4), playing the VOD playlist. */
export async function markSaved(db: Db, webcastId: number, vodPlaylist: string): Promise<void> {
  await db.updateTable('webcasts').set({
    hls_path: vodPlaylist, transmission_downloaded: true, status: WEBCAST_STATUS.finished, updated_at: new Date(),
  }).where('id', '=', webcastId).execute();
}

/** A conversion that found nothing to save gives the webcast back as finished, not downloaded. */
export async function markSaveFailed(db: Db, webcastId: number): Promise<void> {
  await db.updateTable('webcasts').set({ status: WEBCAST_STATUS.finished, transmission_downloaded: false, updated_at: new Date() })
    .where('id', '=', webcastId).where('status', '=', WEBCAST_STATUS.converting).execute();
}

export interface WebcastStreamFlags {
  status: number;
  transmission_completed: boolean;
  transmission_downloaded: boolean;
}

export async function streamFlags(db: Db, webcastId: number): Promise<WebcastStreamFlags> {
  const row = await db.selectFrom('webcasts').select(['status', 'transmission_completed', 'transmission_downloaded'])
    .where('id', '=', webcastId).executeTakeFirstOrThrow();
  return { status: row.status, transmission_completed: row.transmission_completed, transmission_downloaded: row.transmission_downloaded };
}
