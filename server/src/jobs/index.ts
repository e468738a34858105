export type { JobContext, JobHandler, JobQueue, EnqueueOptions, QueueStats } from './types.ts';
export { createDatabaseQueue } from './databaseQueue.ts';
export { createRedisQueue } from './redisQueue.ts';
