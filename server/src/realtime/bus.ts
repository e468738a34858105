/**
 * The realtime bus (DESIGN "Realtime"): what one node publishes reaches the subscribers of
 * every node. In-process by default; Redis pub/sub with REDIS_URL, so N API nodes behind a load
 * balancer fan out the same messages. Payloads travel as JSON text, serialised once.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

export type BusHandler = (channel: string, json: string) => void;

export interface Bus {
  readonly kind: 'memory' | 'redis';
  publish(channel: string, json: string): Promise<void>;
  /** resolves once messages of the channel will be delivered to this node */
  subscribe(channel: string): Promise<void>;
  unsubscribe(channel: string): Promise<void>;
  onMessage(handler: BusHandler): void;
  close(): Promise<void>;
}

/** One process: a publish is delivered to this node's handler on the next microtask. */
export function createMemoryBus(): Bus {
  const handlers: BusHandler[] = [];
  const subscribed = new Set<string>();
  return {
    kind: 'memory',
    async publish(channel, json) {
      if (!subscribed.has(channel)) return;
      queueMicrotask(() => {
        for (const handler of handlers) handler(channel, json);
      });
    },
    async subscribe(channel) {
      subscribed.add(channel);
    },
    async unsubscribe(channel) {
      subscribed.delete(channel);
    },
    onMessage(handler) {
      handlers.push(handler);
    },
    async close() {
      subscribed.clear();
    },
  };
}

/** Closes an ioredis connection, politely when it is up, at once otherwise. */
export async function quitRedis(redis: Redis): Promise<void> {
  try {
    if (redis.status === 'ready') await redis.quit();
    else redis.disconnect();
  } catch {
    redis.disconnect();
  }
}

/**
 * Redis pub/sub: one connection publishes, a second one (a subscribed connection can do nothing
 * else) listens. Channels are prefixed so that several deployments, or test runs, can share a
 * Redis. ioredis reconnects by itself and subscribes again to what it had.
 */
export function createRedisBus(redisUrl: string, prefix: string, log: FastifyBaseLogger): Bus {
  const pub = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  const sub = pub.duplicate();
  const head = `${prefix}:rt:`;
  const handlers: BusHandler[] = [];
  for (const [name, connection] of [['publish', pub], ['subscribe', sub]] as const) {
    connection.on('error', (err: Error) => log.warn({ err, connection: name }, 'realtime redis connection error'));
  }
  sub.on('message', (channel: string, json: string) => {
    if (!channel.startsWith(head)) return;
    const name = channel.slice(head.length);
    for (const handler of handlers) handler(name, json);
  });
  return {
    kind: 'redis',
    async publish(channel, json) {
      await pub.publish(head + channel, json);
    },
    async subscribe(channel) {
      await sub.subscribe(head + channel);
    },
    async unsubscribe(channel) {
      await sub.unsubscribe(head + channel);
    },
    onMessage(handler) {
      handlers.push(handler);
    },
    async close() {
      await Promise.all([quitRedis(sub), quitRedis(pub)]);
    },
  };
}
