/**
 * Presence (spec 2 §3.12 webcast_user_online: st 'on', we = webcast id; DESIGN "Realtime"):
 * who is online in a presence channel. A member is one connection of one user; it expires
 * unless its connection keeps sending heartbeats, so a closed tab, a dead network or a crashed
 * node stops counting after the stale window. The count is of distinct users (two tabs of one
 * learner are one online user). Every change carries a version `v` that grows per channel, so
 * a count computed on one node is never overtaken by an older one from another.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { PresenceCount } from '@lp/shared/contract';
import { quitRedis } from './bus.ts';

export interface PresenceChange {
  channel: string;
  count: PresenceCount;
}

export interface PresenceStore {
  readonly kind: 'memory' | 'redis';
  /** adds (or renews) a member until `expiresAt` (epoch ms); the channel's count afterwards */
  join(channel: string, member: string, expiresAt: number, now: number): Promise<PresenceCount>;
  /** removes a member; the count afterwards, or null when it was not there */
  leave(channel: string, member: string, now: number): Promise<PresenceCount | null>;
  /** renews members that are still there (heartbeat) */
  touch(entries: ReadonlyArray<{ channel: string; member: string }>, expiresAt: number): Promise<void>;
  count(channel: string, now: number): Promise<PresenceCount>;
  /** drops the members that expired; the channels whose count changed */
  sweep(now: number): Promise<PresenceChange[]>;
  close(): Promise<void>;
}

/** `${userId}:${connectionId}`: distinct users are the distinct prefixes. */
export const presenceMember = (userId: number, connectionId: string) => `${userId}:${connectionId}`;

export function distinctUsers(members: Iterable<string>): number {
  const users = new Set<string>();
  for (const m of members) users.add(m.slice(0, m.indexOf(':')));
  return users.size;
}

export function createMemoryPresence(): PresenceStore {
  const channels = new Map<string, Map<string, number>>();
  const versions = new Map<string, number>();
  const bump = (channel: string) => {
    const v = (versions.get(channel) ?? 0) + 1;
    versions.set(channel, v);
    return v;
  };
  const live = (channel: string, now: number) => [...(channels.get(channel) ?? new Map<string, number>())]
    .filter(([, expires]) => expires > now).map(([member]) => member);
  const countOf = (channel: string, now: number, v: number): PresenceCount => ({ online: distinctUsers(live(channel, now)), v });

  return {
    kind: 'memory',
    async join(channel, member, expiresAt, now) {
      let members = channels.get(channel);
      if (!members) {
        members = new Map();
        channels.set(channel, members);
      }
      members.set(member, expiresAt);
      return countOf(channel, now, bump(channel));
    },
    async leave(channel, member, now) {
      const members = channels.get(channel);
      if (!members?.delete(member)) return null;
      if (members.size === 0) channels.delete(channel);
      return countOf(channel, now, bump(channel));
    },
    async touch(entries, expiresAt) {
      for (const { channel, member } of entries) {
        const members = channels.get(channel);
        if (members?.has(member)) members.set(member, expiresAt);
      }
    },
    async count(channel, now) {
      return countOf(channel, now, versions.get(channel) ?? 0);
    },
    async sweep(now) {
      const changed: PresenceChange[] = [];
      for (const [channel, members] of channels) {
        let removed = 0;
        for (const [member, expires] of members) {
          if (expires <= now) {
            members.delete(member);
            removed += 1;
          }
        }
        if (members.size === 0) channels.delete(channel);
        if (removed > 0) changed.push({ channel, count: countOf(channel, now, bump(channel)) });
      }
      return changed;
    },
    async close() {
      channels.clear();
    },
  };
}

// Each script works on one channel atomically: its sorted set (member → expiry), its version
// counter, and the set of channels that have members (what the sweep walks).
const JOIN = `
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('SADD', KEYS[3], ARGV[4])
local v = redis.call('INCR', KEYS[2])
redis.call('PEXPIRE', KEYS[2], 604800000)
return {v, redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. ARGV[3], '+inf')}`;

const LEAVE = `
if redis.call('ZREM', KEYS[1], ARGV[1]) == 0 then return {0} end
if redis.call('ZCARD', KEYS[1]) == 0 then redis.call('SREM', KEYS[3], ARGV[3]) end
local v = redis.call('INCR', KEYS[2])
return {v, redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. ARGV[2], '+inf')}`;

const COUNT = `
local v = tonumber(redis.call('GET', KEYS[2]) or '0')
return {v, redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. ARGV[1], '+inf')}`;

const SWEEP = `
local removed = redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) == 0 then redis.call('SREM', KEYS[3], ARGV[2]) end
if removed == 0 then return {0} end
local v = redis.call('INCR', KEYS[2])
return {v, redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. ARGV[1], '+inf')}`;

type ScriptAnswer = [number, string[]?];

/** Presence shared by every node through Redis (sorted sets scored by expiry). */
export function createRedisPresence(redisUrl: string, prefix: string, log: FastifyBaseLogger): PresenceStore {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  redis.on('error', (err: Error) => log.warn({ err }, 'realtime presence redis error'));
  const head = `${prefix}:rt:presence`;
  const keys = (channel: string) => [`${head}:members:${channel}`, `${head}:v:${channel}`, `${head}:channels`];
  const run = async (script: string, channel: string, ...args: Array<string | number>): Promise<ScriptAnswer> =>
    (await redis.eval(script, 3, ...keys(channel), ...args)) as ScriptAnswer;
  const toCount = ([v, members]: ScriptAnswer): PresenceCount => ({ online: distinctUsers(members ?? []), v: Number(v) });

  return {
    kind: 'redis',
    async join(channel, member, expiresAt, now) {
      return toCount(await run(JOIN, channel, member, expiresAt, now, channel));
    },
    async leave(channel, member, now) {
      const answer = await run(LEAVE, channel, member, now, channel);
      return Number(answer[0]) === 0 ? null : toCount(answer);
    },
    async touch(entries, expiresAt) {
      if (entries.length === 0) return;
      const pipeline = redis.pipeline();
      // XX: renew only; a member the sweep already dropped stays gone until it joins again
      for (const { channel, member } of entries) pipeline.zadd(keys(channel)[0]!, 'XX', expiresAt, member);
      await pipeline.exec();
    },
    async count(channel, now) {
      return toCount(await run(COUNT, channel, now));
    },
    async sweep(now) {
      const channels = await redis.smembers(`${head}:channels`);
      const changed: PresenceChange[] = [];
      for (const channel of channels) {
        const answer = await run(SWEEP, channel, now, channel);
        if (Number(answer[0]) !== 0) changed.push({ channel, count: toCount(answer) });
      }
      return changed;
    },
    async close() {
      await quitRedis(redis);
    },
  };
}
