import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { Redis } from 'ioredis';
import { quitRedis } from '../../realtime/bus.ts';
import { pingDatabase } from '../../repositories/health.ts';

const Check = Type.Union([Type.Literal('ok'), Type.Literal('error'), Type.Literal('off')]);
const Readiness = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  db: Check,
  redis: Check,
  storage: Check,
  dialect: Type.String(),
});
const Liveness = Type.Object({ status: Type.Literal('ok') });

/** A probe that has not answered in this time has failed: a proxy's health check must not hang. */
const PROBE_TIMEOUT_MS = 2000;

async function probe(check: () => Promise<unknown>): Promise<'ok' | 'error'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch {
    return 'error';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness and readiness (docs/production.md "Health"): `live` says the process answers (restart
 * it when it does not); `ready` says it can serve — the database, Redis when REDIS_URL is set, and
 * the file store (DATA_DIR writable, or the bucket answering) — and answers 503 otherwise, so a proxy sends traffic
 * elsewhere. `/api/health` is the readiness answer under its older name.
 */
const health: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app;
  // its own connection: the others belong to the bus, the presence and the limits, which retry on their own terms
  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false }) : null;
  app.addHook('onClose', async () => {
    if (redis) await quitRedis(redis);
  });

  async function readiness() {
    const [db, redisCheck, storage] = await Promise.all([
      probe(() => pingDatabase(app.db)),
      redis ? probe(async () => {
        if (redis.status === 'wait' || redis.status === 'end') await redis.connect();
        await redis.ping();
      }) : Promise.resolve('off' as const),
      probe(() => app.storage.probe()),
    ]);
    const status = [db, redisCheck, storage].includes('error') ? 'error' as const : 'ok' as const;
    if (status === 'error') app.log.error({ db, redis: redisCheck, storage }, 'readiness check failed');
    return { status, db, redis: redisCheck, storage, dialect: app.dialect };
  }

  const ready = { config: { access: 'public' as const }, schema: { response: { 200: Readiness, 503: Readiness } } };
  for (const url of ['/health', '/health/ready']) {
    app.get(url, ready, async (_request, reply) => {
      const answer = await readiness();
      return reply.status(answer.status === 'ok' ? 200 : 503).send(answer);
    });
  }
  app.get('/health/live', { config: { access: 'public' }, schema: { response: { 200: Liveness } } }, async () => ({ status: 'ok' as const }));
};
export default health;
