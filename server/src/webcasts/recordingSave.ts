/**
 * spec 2 §4.14 step 7: the recording of a webcast's transmissions becomes a video on demand,
 * playable as soon as it is written — the job 'webcast_save_recording', enqueued by the studio's
 * "save the video" (routes/webcasts/streaming.ts), once per webcast while one waits.
 */
import type { FastifyInstance } from 'fastify';
import { saveRecording } from '@lp/streaming/server';
import type { JobContext } from '../jobs/index.ts';
import { hlsStoreOf } from './hlsStore.ts';
import { markSaveFailed, markSaved, recordedSessions } from '../repositories/streaming.ts';

export const SAVE_RECORDING_JOB = 'webcast_save_recording';

export interface SaveRecordingPayload {
  webcast_id: number;
}

export async function enqueueRecordingSave(app: FastifyInstance, webcastId: number): Promise<void> {
  await app.jobs.enqueue(SAVE_RECORDING_JOB, { webcast_id: webcastId } satisfies SaveRecordingPayload, { dedupeKey: `${SAVE_RECORDING_JOB}:${webcastId}` });
}

/** The job's work: joins the recorded sessions' playlists into the webcast's video, or marks the save failed. */
export async function saveWebcastRecording(app: FastifyInstance, webcastId: number, ctx: Pick<JobContext, 'log'>): Promise<void> {
  const sessions = await recordedSessions(app.db, webcastId);
  const saved = await saveRecording(hlsStoreOf(app.storage), webcastId, sessions.map((s) => s.playlist));
  if (!saved) {
    ctx.log.warn({ webcastId }, 'nothing recorded to save');
    await markSaveFailed(app.db, webcastId);
    return;
  }
  await markSaved(app.db, webcastId, saved.playlist);
  ctx.log.info({ webcastId, ...saved }, 'recording saved');
}
