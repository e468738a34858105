import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { ErrorCode } from '@lp/shared/contract';
import type { RateLimitName } from '../../config.ts';
import { RateLimited } from '../../lib/httpError.ts';
import { quitRedis } from '../../realtime/bus.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts one request of `key` against the named limit (config.rateLimits); past it, throws
     * 429 `code` (too_many_requests by default) with Retry-After. A null key is not counted.
     */
    limit(name: RateLimitName, request: FastifyRequest, key: string | number | null, code?: ErrorCode): Promise<void>;
  }
}

type Check = (request: FastifyRequest) => Promise<{ isAllowed: boolean; isExceeded?: boolean; ttlInSeconds?: number }>;

/**
 * Rate limits (docs/security.md "Rate limits") with @fastify/rate-limit: a counter per window
 * and key, in Redis when REDIS_URL is set (one count for every node: the plugin's Lua script
 * increments and expires atomically), in this process's memory otherwise. Routes call
 * `app.limit` with the key they limit by — the client address (request.ip, see TRUST_PROXY), an
 * e-mail, a user — so one route may count several keys. A store that fails lets the request
 * through (logged): the login lock, in the database, does not depend on it.
 */
export default fp(async (app) => {
  const { config } = app;
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: false }) : null;
  redis?.on('error', (err: Error) => app.log.warn({ err }, 'rate limit redis connection error'));
  await app.register(rateLimit, {
    global: false,
    skipOnError: false,
    // one LRU per limit in memory; past this many keys the least recent start again
    cache: 10_000,
    ...(redis ? { redis, nameSpace: `${config.redisPrefix}:rl:` } : {}),
  });

  const keys = new WeakMap<FastifyRequest, string>();
  const checks = new Map<RateLimitName, Check>();
  for (const [name, { max, seconds }] of Object.entries(config.rateLimits) as Array<[RateLimitName, { max: number; seconds: number }]>) {
    if (max <= 0) continue;
    checks.set(name, app.createRateLimit({ max, timeWindow: seconds * 1000, keyGenerator: (request) => keys.get(request)! }) as Check);
  }

  app.decorate('limit', async (name: RateLimitName, request: FastifyRequest, key: string | number | null, code: ErrorCode = 'too_many_requests') => {
    const check = checks.get(name);
    if (!check || key === null || key === '') return;
    // addresses and e-mails are kept hashed: a Redis dump lists no one
    keys.set(request, `${name}:${createHash('sha256').update(String(key)).digest('base64url').slice(0, 24)}`);
    let result: Awaited<ReturnType<Check>>;
    try {
      result = await check(request);
    } catch (err) {
      request.log.warn({ err, limit: name }, 'rate limit store failed; request let through');
      return;
    } finally {
      keys.delete(request);
    }
    if (!result.isAllowed && result.isExceeded) {
      throw new RateLimited(code, 'Too many requests; try again later', Math.max(1, result.ttlInSeconds ?? 1));
    }
  });

  if (redis) app.addHook('onClose', async () => quitRedis(redis));
}, { name: 'rate-limits' });
