import path from 'node:path';
import fp from 'fastify-plugin';
import { StreamingEngine, livePrefix } from '@lp/streaming/server';
import { mediaRoot } from '../../lib/mediaStore.ts';
import { hlsStoreOf } from '../../webcasts/hlsStore.ts';
import { IngestLease, closeLeftoverSessions, defineLeaseSweep, scheduleLeaseSweep } from '../../webcasts/ingestLease.ts';
import { addSession, clearLive, endSession, markLive } from '../../repositories/streaming.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** the browser-streaming ingest of this process (routes/webcasts/streaming.ts drives it) */
    streaming: StreamingEngine;
    /** the lease this process holds on the ingest sessions it runs (webcasts/ingestLease.ts) */
    ingestLease: IngestLease;
  }
}

/**
 * Browser streaming (spec 2 §2.6, §4.14): one @lp/streaming/server engine per process,
 * configured from config.streaming (STREAMING_*, FFMPEG_PATH); its events land in the
 * webcast's row, and each session it runs is leased to this process (docs/production.md "Topology").
 */
export default fp(async (app) => {
  const log = app.log.child({ area: 'streaming' });
  const lease = new IngestLease(app.db, app.config.nodeId, app.config.streamingLeaseMs, log);
  const engine = new StreamingEngine({
    ...app.config.streaming,
    mediaRoot: mediaRoot(app.config.dataDir),
    // with a bucket, ffmpeg's output on this disk is published there as it is written
    ...(app.storage.kind === 's3' ? { store: hlsStoreOf(app.storage) } : {}),
    workRoot: path.join(app.config.dataDir, 'streaming'),
    log,
    hooks: {
      sessionStarted: (webcastId, session) => addSession(app.db, webcastId, session, { nodeId: lease.nodeId, until: lease.until() }),
      live: (webcastId, playlist) => markLive(app.db, webcastId, playlist),
      sessionEnded: async (record) => {
        await endSession(app.db, record.sessionId, { endedAt: record.endedAt, duration: record.duration, segments: record.segments, reason: record.reason });
        // a publisher that takes over goes live again at once; otherwise nothing is live now
        if (record.reason !== 'replaced') await clearLive(app.db, record.webcastId, livePrefix(record.webcastId));
      },
      offline: (webcastId, reason) => log.warn({ webcastId, reason }, 'transmission went offline by itself'),
    },
  });
  app.decorate('streaming', engine);
  app.decorate('ingestLease', lease);
  defineLeaseSweep(app, lease);
  app.addHook('onClose', async () => {
    await engine.close();
    lease.stop();
  });
  // a process that died mid-transmission left sessions open and a live playlist nobody feeds;
  // only those nobody vouches for are closed: another node's running sessions hold a live lease
  app.addHook('onReady', async () => {
    await closeLeftoverSessions(app, lease, app.config.nodeId);
    lease.start();
    // and the sessions of a node that dies for good, once their lease runs out
    if (app.config.runJobs) await scheduleLeaseSweep(app, new Date());
  });
}, { name: 'streaming', dependencies: ['db', 'jobs', 'storage'] });
