import fp from 'fastify-plugin';
import { livePrefix } from '@lp/streaming/server';
import { buildEngine, type Ingest } from '../../webcasts/ingestEngine.ts';
import { IngestProcess } from '../../webcasts/ingestProcess.ts';
import type { IngestHooks } from '../../webcasts/ingestProtocol.ts';
import { IngestLease, closeLeftoverSessions, defineLeaseSweep, scheduleLeaseSweep } from '../../webcasts/ingestLease.ts';
import { addSession, clearLive, endSession, markLive } from '../../repositories/streaming.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** the browser-streaming ingest of this node (routes/webcasts/streaming.ts drives it) */
    streaming: Ingest;
    /** the lease this process holds on the ingest sessions it runs (webcasts/ingestLease.ts) */
    ingestLease: IngestLease;
  }
}

/**
 * Browser streaming (spec 2 §2.6, §4.14): one @lp/streaming/server engine per node, configured
 * from config.streaming (STREAMING_*, FFMPEG_PATH), in a child process of its own
 * (STREAMING_ENGINE=process, webcasts/ingestProcess.ts) or on this event loop (inline); its events
 * land in the webcast's row here, and each session it runs is leased to this process
 * (docs/production.md "Topology").
 */
export default fp(async (app) => {
  const log = app.log.child({ area: 'streaming' });
  const lease = new IngestLease(app.db, app.config.nodeId, app.config.streamingLeaseMs, log);
  const hooks: IngestHooks = {
    sessionStarted: (webcastId, session) => addSession(app.db, webcastId, session, { nodeId: lease.nodeId, until: lease.until() }),
    live: (webcastId, playlist) => markLive(app.db, webcastId, playlist),
    sessionEnded: async (record) => {
      await endSession(app.db, record.sessionId, { endedAt: record.endedAt, duration: record.duration, segments: record.segments, reason: record.reason });
      // a publisher that takes over goes live again at once; otherwise nothing is live now
      if (record.reason !== 'replaced') await clearLive(app.db, record.webcastId, livePrefix(record.webcastId));
    },
    offline: (webcastId, reason) => log.warn({ webcastId, reason }, 'transmission went offline by itself'),
  };
  const engine: Ingest = app.config.streamingEngine === 'inline'
    ? buildEngine(app.config, log, hooks)
    : new IngestProcess({
      settings: app.config,
      hooks,
      log,
      // the sessions the dead process ran are this node's open ones: closed as at a restart
      lost: async () => {
        await closeLeftoverSessions(app, lease, lease.nodeId);
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
