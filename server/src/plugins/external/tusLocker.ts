/**
 * The tus upload lock across API nodes (docs/production.md "Topology", issue #23). @tus/server's
 * own MemoryLocker holds its locks in one process, so a client retrying a PATCH through the proxy
 * to another node would write the same upload twice at once. This one keeps the lock in Redis:
 *
 * - a lock is a key set with SET NX PX and a token of its holder; the holder renews its TTL every
 *   third of it, so a node that dies lets go within one TTL;
 * - release is a compare-and-delete script, so a holder whose lock ran out never deletes the next
 *   holder's;
 * - a waiter asks the holder to let go over pub/sub (the holder's `requestRelease`: how a new
 *   PATCH takes over from a stalled one in tus, whose handler then ends the old request after its
 *   `lockDrainTimeout`), and is woken over pub/sub when the lock is released, polling as a fallback
 *   for a lost message;
 * - the semantics otherwise follow MemoryLocker: ERR_LOCK_TIMEOUT when the request's signal stops
 *   the wait or the acquire timeout passes.
 *
 * No maintained package did this for @tus/server 2.4.5 (an upstream pull request adding a Redis
 * locker was still open), hence our own.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import { quitRedis } from '../../realtime/bus.ts';

/** deletes the key only when it still holds the caller's token */
const RELEASE_SCRIPT = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0";
/** extends the key's TTL only when it still holds the caller's token */
const RENEW_SCRIPT = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) end return 0";

export interface RedisLockerOptions {
  /** how long a lock outlives its holder's last renewal (a dead node's lock expires after it) */
  ttlMs?: number;
  /** a waiter's retry when no "released" message came (a lost message, a Redis reconnect) */
  pollMs?: number;
  /** as MemoryLocker's acquireLockTimeout: the wait after which lock() fails with ERR_LOCK_TIMEOUT */
  acquireTimeoutMs?: number;
}

export interface RedisLocker extends Locker {
  /** stops the renewals and closes the connections; locks still held expire after their TTL */
  close(): Promise<void>;
}

type Log = Pick<FastifyBaseLogger, 'warn'>;

interface Shared {
  redis: Redis;
  log: Log;
  key(id: string): string;
  releaseChannel: string;
  unlockedChannel: string;
  ttlMs: number;
  pollMs: number;
  acquireTimeoutMs: number;
  /** resolves once this node hears release requests and releases */
  subscribed: Promise<void>;
  /** the release callbacks of the locks this node holds, by upload id */
  holders: Map<string, Set<RequestRelease>>;
  /** the wake-ups of this node's waiters, by upload id */
  waiters: Map<string, Set<() => void>>;
  /** the renewal timers running, stopped on close */
  renewals: Set<NodeJS.Timeout>;
}

function addTo<T>(map: Map<string, Set<T>>, id: string, value: T): void {
  const set = map.get(id) ?? new Set<T>();
  set.add(value);
  map.set(id, set);
}

function removeFrom<T>(map: Map<string, Set<T>>, id: string, value: T): void {
  const set = map.get(id);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(id);
}

/** A wait that ends on a "released" message for `id`, after `ms`, or when `signal` aborts. */
function wakeOrTimeout(shared: Shared, id: string, ms: number, signal: AbortSignal): { done: Promise<void>; cancel(): void } {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(() => finish(), ms);
    finish = () => {
      clearTimeout(timer);
      removeFrom(shared.waiters, id, finish);
      signal.removeEventListener('abort', finish);
      resolve();
    };
    addTo(shared.waiters, id, finish);
    signal.addEventListener('abort', finish, { once: true });
  });
  return { done, cancel: () => finish() };
}

class RedisLock implements Lock {
  private token: string | null = null;
  private renewal: NodeJS.Timeout | null = null;
  private release: RequestRelease | null = null;

  constructor(private readonly id: string, private readonly shared: Shared) {}

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { shared, id } = this;
    const key = shared.key(id);
    const token = randomUUID();
    const deadline = Date.now() + shared.acquireTimeoutMs;
    // a holder must hear the release requests of other nodes' waiters
    await shared.subscribed;
    for (;;) {
      if (stopSignal.aborted || Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      // listening before trying, so that a release between the attempt and the wait is not missed
      const wait = wakeOrTimeout(shared, id, Math.min(shared.pollMs, deadline - Date.now()), stopSignal);
      let acquired = false;
      try {
        acquired = (await shared.redis.set(key, token, 'PX', shared.ttlMs, 'NX')) === 'OK';
      } catch (err) {
        shared.log.warn({ err, uploadId: id }, 'tus lock: redis unavailable, trying again');
      }
      if (acquired) {
        wait.cancel();
        if (stopSignal.aborted) {
          // tus never unlocks a lock whose lock() failed: give it back before failing
          await this.deleteKey(key, token);
          throw ERRORS.ERR_LOCK_TIMEOUT;
        }
        this.hold(key, token, requestRelease);
        return;
      }
      shared.redis.publish(shared.releaseChannel, id).catch((err: unknown) => {
        shared.log.warn({ err, uploadId: id }, 'tus lock: release request not published');
      });
      await wait.done;
    }
  }

  async unlock(): Promise<void> {
    const { token, shared, id } = this;
    if (token === null) throw new Error('Releasing an unlocked lock!');
    this.token = null;
    this.stopHolding();
    // never throws: the upload's bytes are written; a key left behind expires after its TTL
    const key = shared.key(id);
    if (!(await this.deleteKey(key, token))) shared.log.warn({ uploadId: id }, 'tus lock had expired before its release');
    await shared.redis.publish(shared.unlockedChannel, id).catch((err: unknown) => {
      shared.log.warn({ err, uploadId: id }, 'tus lock: release not published, waiters poll');
    });
  }

  private hold(key: string, token: string, requestRelease: RequestRelease): void {
    const { shared, id } = this;
    this.token = token;
    // a callback of this lock's own: two locks handed one function must not share an entry
    const release: RequestRelease = () => requestRelease();
    this.release = release;
    addTo(shared.holders, id, release);
    this.renewal = setInterval(() => {
      shared.redis.eval(RENEW_SCRIPT, 1, key, token, String(shared.ttlMs)).then((renewed) => {
        if (renewed === 1 || this.token !== token) return;
        // it ran out (this node stalled past the TTL): another request may be writing now, so stop
        shared.log.warn({ uploadId: id }, 'tus lock lost before its release; asking the request to stop');
        this.stopHolding();
        void Promise.resolve(requestRelease()).catch(() => {});
      }, (err: unknown) => shared.log.warn({ err, uploadId: id }, 'tus lock not renewed, retrying'));
    }, Math.max(1, Math.floor(shared.ttlMs / 3)));
    this.renewal.unref();
    shared.renewals.add(this.renewal);
  }

  private stopHolding(): void {
    const { shared, id } = this;
    if (this.renewal) {
      clearInterval(this.renewal);
      shared.renewals.delete(this.renewal);
      this.renewal = null;
    }
    if (this.release) removeFrom(shared.holders, id, this.release);
    this.release = null;
  }

  private async deleteKey(key: string, token: string): Promise<boolean> {
    try {
      return (await this.shared.redis.eval(RELEASE_SCRIPT, 1, key, token)) === 1;
    } catch (err) {
      this.shared.log.warn({ err, uploadId: this.id }, 'tus lock not released; it expires after its TTL');
      return true;
    }
  }
}

/** A Locker whose locks are Redis keys under `${prefix}:tus:lock:`, shared by every node on `prefix`. */
export function createRedisLocker(redisUrl: string, prefix: string, log: Log, options: RedisLockerOptions = {}): RedisLocker {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  const sub = redis.duplicate();
  for (const [name, connection] of [['command', redis], ['subscribe', sub]] as const) {
    connection.on('error', (err: Error) => log.warn({ err, connection: name }, 'tus locker redis connection error'));
  }
  const releaseChannel = `${prefix}:tus:release`;
  const unlockedChannel = `${prefix}:tus:released`;
  const shared: Shared = {
    redis,
    log,
    key: (id) => `${prefix}:tus:lock:${id}`,
    releaseChannel,
    unlockedChannel,
    ttlMs: options.ttlMs ?? 15_000,
    pollMs: options.pollMs ?? 250,
    acquireTimeoutMs: options.acquireTimeoutMs ?? 30_000,
    // a failed subscription leaves the waiters polling and the holders deaf (they finish their request)
    subscribed: sub.subscribe(releaseChannel, unlockedChannel).then(() => {}, (err: unknown) => {
      log.warn({ err }, 'tus locker not subscribed; waiters poll');
    }),
    holders: new Map(),
    waiters: new Map(),
    renewals: new Set(),
  };
  sub.on('message', (channel: string, id: string) => {
    if (channel === releaseChannel) {
      for (const release of shared.holders.get(id) ?? []) void Promise.resolve(release()).catch(() => {});
    } else if (channel === unlockedChannel) {
      for (const wake of shared.waiters.get(id) ?? []) wake();
    }
  });
  return {
    newLock: (id) => new RedisLock(id, shared),
    async close() {
      for (const timer of shared.renewals) clearInterval(timer);
      shared.renewals.clear();
      await Promise.all([quitRedis(sub), quitRedis(redis)]);
    },
  };
}
