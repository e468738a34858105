import fp from 'fastify-plugin';
import { createDatabaseQueue, createRedisQueue, type JobHandler, type JobQueue } from '../../jobs/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

/**
 * The job queue: BullMQ with REDIS_URL, otherwise the jobs table. Areas define their
 * handlers while registering; the worker starts once every route and handler is in place.
 */
export default fp(async (app) => {
  const { config } = app;
  const queue = config.redisUrl
    ? createRedisQueue(config.redisUrl, config.redisPrefix, app.log, { retryBaseMs: config.jobRetryBaseMs, lockMs: config.jobLockMs })
    : createDatabaseQueue(app.db, app.log, { retryBaseMs: config.jobRetryBaseMs });
  // every handler's run is timed for /metrics (plugins/app/metrics.ts)
  const timed: JobQueue = {
    ...queue,
    define<P extends object>(name: string, handler: JobHandler<P>) {
      queue.define<P>(name, async (payload, ctx) => {
        const end = app.metrics.jobDuration.startTimer({ job: name });
        try {
          await handler(payload, ctx);
          end({ outcome: 'done' });
        } catch (error) {
          end({ outcome: 'failed' });
          throw error;
        }
      });
    },
  };
  app.decorate('jobs', timed);
  app.addHook('onReady', async () => {
    if (config.runJobs) queue.start();
  });
  app.addHook('onClose', async () => queue.close());
}, { name: 'jobs', dependencies: ['db', 'metrics'] });
