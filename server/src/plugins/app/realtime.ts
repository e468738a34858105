import fp from 'fastify-plugin';
import type { PresenceCount } from '@lp/shared/contract';
import { createMemoryBus, createRedisBus } from '../../realtime/bus.ts';
import { RealtimeHub, type ChannelDefinition, type SessionFilter } from '../../realtime/hub.ts';
import { createMemoryPresence, createRedisPresence } from '../../realtime/presence.ts';
import { consumeTicket, liveFamilies } from '../../repositories/realtimeTickets.ts';

export interface Realtime {
  /** to every subscriber of the channel on every node; never throws (a lost publish is logged, the change is already saved) */
  publish(channel: string, data: unknown): Promise<void>;
  /** distinct users online in a presence channel (e.g. webcast_user_online/{id}) */
  presenceCount(channel: string): Promise<PresenceCount>;
  /** a channel kind: who may subscribe, what a subscriber starts from */
  define<P>(kind: string, definition: ChannelDefinition<P>): void;
  /**
   * Closes the sockets of ended sessions on every node (docs/security.md "Realtime"): call it
   * once the revocation (logout, password change, block, deletion request) is committed. Never
   * throws; the sweep closes them anyway within a heartbeat.
   */
  endSessions(filter: SessionFilter): Promise<void>;
  readonly hub: RealtimeHub;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

/**
 * Realtime (DESIGN "Realtime"): the hub of this node over an in-process bus and presence, or
 * Redis pub/sub and Redis presence with REDIS_URL so that several API nodes serve one audience.
 * The socket and ticket routes are in routes/realtime; areas define their channel kinds.
 */
export default fp(async (app) => {
  const { config } = app;
  const redis = config.redisUrl;
  const hub = new RealtimeHub({
    bus: redis ? createRedisBus(redis, config.redisPrefix, app.log) : createMemoryBus(),
    presence: redis ? createRedisPresence(redis, config.redisPrefix, app.log) : createMemoryPresence(),
    log: app.log,
    heartbeatMs: config.realtimeHeartbeatMs,
    async resolveTicket(ticket) {
      const holder = await consumeTicket(app.db, ticket);
      return holder && {
        userId: holder.userId, familyId: holder.familyId, clientId: holder.clientId, subject: holder.subject, expiresAt: holder.sessionExpiresAt.getTime(),
      };
    },
    liveSessions: (familyIds) => liveFamilies(app.db, familyIds),
  });

  // notifications/{user}: only one's own
  hub.define<number>('notifications', {
    parse: (segments) => (segments.length === 1 && /^\d{1,10}$/.test(segments[0]!) ? Number(segments[0]) : null),
    authorize: async (auth, userId) => (auth.userId === userId ? null : 'permission_denied'),
  });

  app.decorate('realtime', {
    async publish(channel, data) {
      try {
        await hub.publish(channel, data);
      } catch (err) {
        app.log.error({ err, channel }, 'realtime publish failed');
      }
    },
    presenceCount: (channel) => hub.presenceCount(channel),
    define: (kind, definition) => hub.define(kind, definition),
    async endSessions(filter) {
      try {
        await hub.endSessions(filter);
      } catch (err) {
        app.log.error({ err, filter }, 'realtime session end not published; the sweep closes the sockets');
      }
    },
    hub,
  } satisfies Realtime);

  // before the database closes: presences are left and the counts published while it all still works
  app.addHook('preClose', async () => hub.close());
}, { name: 'realtime', dependencies: ['db', 'websocket'] });
