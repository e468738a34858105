import fp from 'fastify-plugin';
import { SAVE_RECORDING_JOB, saveWebcastRecording, type SaveRecordingPayload } from '../../../webcasts/recordingSave.ts';

/** spec 2 §4.14 step 7: the saved recording of a webcast, as a video on demand. */
export default fp(async (app) => {
  app.jobs.define<SaveRecordingPayload>(SAVE_RECORDING_JOB, async ({ webcast_id: webcastId }, ctx) => {
    await saveWebcastRecording(app, webcastId, ctx);
  });
}, { name: 'job-recording-save', dependencies: ['jobs'] });
