import fp from 'fastify-plugin';
import { scheduledMessages } from '../../../repositories/messages.ts';
import { SEND_MESSAGE_JOB, runMessageSend, scheduleMessageSend, type SendMessagePayload } from '../../../messages/sendJob.ts';

/** spec 3 §4: the message e-mails, sent by the job enqueued for each message's send date. */
export default fp(async (app) => {
  app.jobs.define<SendMessagePayload>(SEND_MESSAGE_JOB, async ({ message_id: id }, ctx) => {
    await runMessageSend(app, id, ctx);
  });
  // on start: a job for every message still waiting or interrupted (a queue that lost its jobs,
  // a send whose attempts ran out mid-way); the dedupe key makes this a no-op where one waits
  app.addHook('onReady', async () => {
    if (!app.config.runJobs) return;
    for (const message of await scheduledMessages(app.db)) await scheduleMessageSend(app, message.id, message.send_date);
  });
}, { name: 'job-message-send', dependencies: ['jobs'] });
