import fp from 'fastify-plugin';
import { saveRecording } from '@lp/streaming/server';
import { mediaRoot } from '../../../lib/mediaStore.ts';
import { markSaveFailed, markSaved, recordedSessions } from '../../../repositories/streaming.ts';

export const SAVE_RECORDING_JOB = 'webcast_save_recording';

export default fp(async (app) => {
  const media = mediaRoot(app.config.dataDir);
  // spec 2 §4.14 step 7: the recording becomes a video on demand, playable as soon as it is written
  app.jobs.define<{ webcast_id: number }>(SAVE_RECORDING_JOB, async ({ webcast_id: webcastId }, ctx) => {
    const sessions = await recordedSessions(app.db, webcastId);
    const saved = await saveRecording(media, webcastId, sessions.map((s) => s.playlist));
    if (!saved) {
      ctx.log.warn({ webcastId }, 'nothing recorded to save');
      await markSaveFailed(app.db, webcastId);
      return;
    }
    await markSaved(app.db, webcastId, saved.playlist);
    ctx.log.info({ webcastId, ...saved }, 'recording saved');
  });
}, { name: 'job-recording-save', dependencies: ['jobs'] });
