/**
 * Leases of the browser-streaming ingest sessions (docs/production.md "Topology"). Each session's
 * WebRTC ingest and ffmpeg run in one node; its row names that node and the time until which the
 * node vouches for it, renewed every third of STREAMING_LEASE_SECONDS while the node lives. A
 * session is closed by another process only once nobody vouches for it: when its lease ran out
 * (its node died or hung), or when the process starting is that node again (NODE_ID). A random
 * name per process otherwise: nodes may share DATA_DIR and a host, so nothing on the disk tells
 * "my previous process" from "the node beside me".
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { FFMPEG_PLAYLIST, HlsPublisher, livePrefix, recordingSummary } from '@lp/streaming/server';
import type { Db } from '../db/database.ts';
import { mediaRoot } from '../lib/mediaStore.ts';
import { clearLiveUnlessOpen, CLOSING_SUFFIX, endSession, leftoverSessions, renewLeases, takeOverSession } from '../repositories/streaming.ts';
import type { WebcastStreamSessionRow } from '../db/tables/streaming.table.ts';
import { hlsStoreOf, sessionFolder } from './hlsStore.ts';

export const LEASE_SWEEP_JOB = 'webcast_ingest_lease_sweep';
/** How often the cluster looks for sessions whose lease ran out (one run per minute across nodes). */
export const LEASE_SWEEP_MS = 60_000;

/** This process's claim on the sessions it runs. */
export class IngestLease {
  readonly nodeId: string;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly db: Db,
    /** NODE_ID, or null for a random name */
    configuredNodeId: string | null,
    readonly leaseMs: number,
    private readonly log: FastifyBaseLogger,
  ) {
    this.nodeId = configuredNodeId ?? `p-${randomBytes(8).toString('hex')}`;
  }

  /**
   * The name a leftover is taken over under while this node closes it: not renewed (renew() names
   * only sessions this node runs), so a close that fails or dies halfway is tried again by the next
   * sweep once this lease runs out.
   */
  get closingId(): string {
    return `${this.nodeId}${CLOSING_SUFFIX}`;
  }

  /** The lease a session taken or renewed now gets. */
  until(now = Date.now()): Date {
    return new Date(now + this.leaseMs);
  }

  /** Every open session of this node is vouched for one more lease; answers how many. */
  renew(): Promise<number> {
    return renewLeases(this.db, this.nodeId, this.until());
  }

  /** Renews every third of the lease, so two renewals may fail (a slow database) before it runs out. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      void this.renew().catch((error: unknown) => this.log.error({ err: error, nodeId: this.nodeId }, 'ingest leases not renewed'));
    }, Math.max(250, Math.floor(this.leaseMs / 3)));
    this.timer.unref();
  }

  /** No more renewals: this node's open sessions become leftovers when their lease runs out. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

/**
 * Closes the sessions nobody runs any more (repositories/streaming.ts leftoverSessions): their
 * segments stay part of the recording, and viewers stop waiting for more. `previousNodeId` is the
 * name this node's previous process ran under (NODE_ID at start-up; null for the sweep). Each is
 * taken over first, so of nodes closing at once one closes it. Answers how many it closed.
 */
export async function closeLeftoverSessions(app: FastifyInstance, lease: IngestLease, previousNodeId: string | null): Promise<number> {
  const log = app.log.child({ area: 'streaming' });
  let closed = 0;
  for (const session of await leftoverSessions(app.db, new Date(), previousNodeId)) {
    if (!(await takeOverSession(app.db, session.session_id, new Date(), previousNodeId, { nodeId: lease.closingId, until: lease.until() }))) continue;
    try {
      await closeSession(app, session, log);
      closed += 1;
    } catch (error) {
      log.error({ err: error, webcastId: session.webcast_id, sessionId: session.session_id }, 'a session nobody runs any more not closed; tried again when this lease runs out');
    }
  }
  return closed;
}

async function closeSession(app: FastifyInstance, session: WebcastStreamSessionRow, log: FastifyBaseLogger): Promise<void> {
  const store = hlsStoreOf(app.storage);
  const media = mediaRoot(app.config.dataDir);
  const folder = sessionFolder(session.playlist);
  if (app.storage.kind === 's3' && fs.existsSync(path.join(media, folder))) {
    // its files are on this disk (this node ran it, or the nodes share DATA_DIR): what ffmpeg
    // wrote before the process died moves to the bucket now
    const published = await new HlsPublisher({ dir: path.join(media, folder), resource: folder, playlist: FFMPEG_PLAYLIST, store, log }).finish();
    log.warn({ sessionId: session.session_id, ...published }, 'published the recording of a session left open');
  }
  const recorded = await recordingSummary(store, session.playlist);
  await endSession(app.db, session.session_id, { endedAt: new Date(), ...recorded, reason: 'shutdown' });
  await clearLiveUnlessOpen(app.db, session.webcast_id, livePrefix(session.webcast_id));
  log.warn({ webcastId: session.webcast_id, sessionId: session.session_id, nodeId: session.node_id, leaseUntil: session.lease_until, ...recorded },
    'closed a session nobody runs any more');
}

/** The sweep of the minute of `at`, deduplicated per minute across nodes (as trainings.unpublish_due per hour). */
export async function scheduleLeaseSweep(app: FastifyInstance, at: Date): Promise<void> {
  const slot = at.toISOString().slice(0, 16);
  await app.jobs.enqueue(LEASE_SWEEP_JOB, { slot }, { dedupeKey: `${LEASE_SWEEP_JOB}@${slot}`, delayMs: Math.max(0, at.getTime() - Date.now()) });
}

/** The sweep job: closes the sessions whose lease ran out, then schedules the next minute's. */
export function defineLeaseSweep(app: FastifyInstance, lease: IngestLease): void {
  app.jobs.define<{ slot?: string }>(LEASE_SWEEP_JOB, async (_payload, ctx) => {
    const closed = await closeLeftoverSessions(app, lease, null);
    if (closed > 0) ctx.log.warn({ closed }, 'ingest sessions whose lease ran out closed');
    await scheduleLeaseSweep(app, new Date(Math.floor(Date.now() / LEASE_SWEEP_MS) * LEASE_SWEEP_MS + LEASE_SWEEP_MS));
  });
}
