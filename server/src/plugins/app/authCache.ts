import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { WriteKind } from '../../db/writeWatch.ts';
import { clusterDrops } from '../../lib/clusterDrops.ts';
import type { AuthContext } from './auth.ts';
import { deepFreeze } from '../../lib/deepFreeze.ts';

/**
 * The session cache (docs/security.md "Session cache"): what every authenticated request looks
 * up — the token and its family, the user, their clients and module items — kept per access-token
 * hash for AUTH_CACHE_SECONDS. Any write to the tables it is read from drops every entry on this
 * node at once, and on every other node over Redis pub/sub: a logout, a password change, a block,
 * a permission or client-membership edit take effect on the next request, not after the TTL.
 */
export interface AuthCache {
  get(tokenHash: string): Readonly<AuthContext> | undefined;
  /** taken before a lookup: `set` stores its result only if nothing was dropped meanwhile */
  generation(): number;
  set(tokenHash: string, context: AuthContext, validUntil: Date, generation: number): void;
  /** drops every entry here and on every node */
  drop(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    authCache: AuthCache;
  }
}

/** Writes that can end or change a session; inserting a user, a token or a family changes none that exists. */
export const SESSION_TABLES: Readonly<Record<string, readonly WriteKind[]>> = {
  users: ['update', 'delete'],
  user_clients: ['insert', 'update', 'delete'],
  user_module_items: ['insert', 'update', 'delete'],
  // a client's name orders the clients of a session (the first is selected by default)
  clients: ['update', 'delete'],
  token_families: ['update', 'delete'],
  // an access token's row is never updated (refresh tokens get used_at); deleting one ends it
  oauth_tokens: ['delete'],
};

/** The bus channel of drops; no realtime channel kind is spelled like it. */
const CHANNEL = '#auth-cache';
/** Sessions held at most: an entry is a few kilobytes; past this the least recent go. */
const MAX_ENTRIES = 10_000;

export default fp(async (app) => {
  const ttlMs = app.config.authCacheSeconds * 1000;
  const entries = new LRUCache<string, AuthContext>({ max: MAX_ENTRIES, ttl: Math.max(ttlMs, 1), ttlAutopurge: false });
  let generation = 0;
  const dropHere = () => {
    generation++;
    entries.clear();
  };

  const drop = await clusterDrops(app, CHANNEL, dropHere, 'session cache');
  app.dbWrites.on(SESSION_TABLES, drop);

  app.decorate('authCache', {
    get: (tokenHash) => (ttlMs > 0 ? entries.get(tokenHash) : undefined),
    generation: () => generation,
    set(tokenHash, context, validUntil, at) {
      if (ttlMs <= 0 || at !== generation) return;
      const left = validUntil.getTime() - Date.now();
      if (left <= 0) return;
      // shared by every request of the session: frozen, so that no handler can change another's
      entries.set(tokenHash, deepFreeze(context), { ttl: Math.min(ttlMs, left) });
    },
    drop,
  } satisfies AuthCache);
}, { name: 'auth-cache', dependencies: ['db'] });
