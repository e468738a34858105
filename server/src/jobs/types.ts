import type { FastifyBaseLogger } from 'fastify';

export interface JobContext {
  /** 1 on the first run; handlers that resume work read it to know they may be repeating */
  attempt: number;
  log: FastifyBaseLogger;
  /** a long job calls this now and then so no other worker takes it for dead */
  heartbeat(): Promise<void>;
}

/**
 * A job handler. Throwing means "try again later" (up to max attempts): handlers record
 * domain failures (a bad spreadsheet row) themselves and throw only for infrastructure ones.
 * Because a job may run again after a crash, handlers must be idempotent.
 */
export type JobHandler<P> = (payload: P, ctx: JobContext) => Promise<void>;

export interface EnqueueOptions {
  /** while a job with this key waits or runs, enqueueing another is a no-op */
  dedupeKey?: string;
  maxAttempts?: number;
  delayMs?: number;
}

export interface JobQueue {
  readonly kind: 'database' | 'redis';
  define<P extends object>(name: string, handler: JobHandler<P>): void;
  enqueue(name: string, payload: object, options?: EnqueueOptions): Promise<void>;
  /** starts consuming; handlers must be defined first */
  start(): void;
  /** resolves once nothing runnable is queued or running (tests, graceful shutdown) */
  idle(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
  /** what waits and runs now, cluster-wide (the metrics' queue depth and age) */
  stats(): Promise<QueueStats>;
}

export interface QueueStats {
  /** runnable jobs not yet taken */
  waiting: number;
  running: number;
  /** seconds the longest-waiting runnable job has waited; 0 when none waits */
  oldestWaitingSeconds: number;
}

export const DEFAULT_MAX_ATTEMPTS = 3;

/** base, 4×base, 16×base … between attempts (2 s, 8 s, 32 s by default) */
export function retryDelayMs(attempt: number, baseMs = 2000): number {
  return baseMs * 4 ** (attempt - 1);
}
