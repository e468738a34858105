import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { createRedisBus } from '../realtime/bus.ts';

/**
 * A node-local cache's "drop everything" told to every node (docs/security.md "Session cache"):
 * `dropHere` runs at once on this node and, with REDIS_URL, on the others over Redis pub/sub on
 * `channel` (a name no realtime channel kind is spelled like). Answers the drop to call on a
 * write; a burst of writes sends one message, after this turn (so after the commit that caused it).
 */
export async function clusterDrops(app: FastifyInstance, channel: string, dropHere: () => void, what: string): Promise<() => void> {
  const { redisUrl, redisPrefix } = app.config;
  if (!redisUrl) return dropHere;
  const bus = createRedisBus(redisUrl, redisPrefix, app.log);
  const node = JSON.stringify(randomUUID());
  let queued = false;
  const publish = () => {
    if (queued) return;
    queued = true;
    setImmediate(() => {
      queued = false;
      bus.publish(channel, node).catch((err: unknown) => {
        app.log.error({ err }, `${what} drop not published; other nodes keep their entries until they expire`);
      });
    });
  };
  bus.onMessage((from, json) => {
    if (from === channel && json !== node) dropHere();
  });
  try {
    await bus.subscribe(channel);
  } catch (err) {
    app.log.error({ err }, `${what} drops from other nodes not subscribed`);
  }
  app.addHook('onClose', async () => bus.close());
  return () => {
    dropHere();
    publish();
  };
}
