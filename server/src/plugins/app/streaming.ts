import path from 'node:path';
import fp from 'fastify-plugin';
import { StreamingEngine, livePrefix, recordingSummary } from '@lp/streaming/server';
import { mediaRoot } from '../../lib/mediaStore.ts';
import { addSession, clearLive, endSession, markLive, openSessions } from '../../repositories/streaming.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** the browser-streaming ingest of this process (routes/webcasts/streaming.ts drives it) */
    streaming: StreamingEngine;
  }
}

/**
 * Browser streaming (spec 2 §2.6, §4.14): one @lp/streaming/server engine per process,
 * configured from config.streaming (STREAMING_*, FFMPEG_PATH); its events land in the
 * webcast's row.
 */
export default fp(async (app) => {
  const media = mediaRoot(app.config.dataDir);
  const log = app.log.child({ area: 'streaming' });
  const engine = new StreamingEngine({
    ...app.config.streaming,
    mediaRoot: media,
    workRoot: path.join(app.config.dataDir, 'streaming'),
    log,
    hooks: {
      sessionStarted: (webcastId, session) => addSession(app.db, webcastId, session),
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
  app.addHook('onClose', async () => engine.close());
  // a process that died mid-transmission left sessions open and a live playlist nobody feeds:
  // their segments stay part of the recording, and viewers stop waiting for more
  app.addHook('onReady', async () => {
    for (const session of await openSessions(app.db)) {
      const recorded = await recordingSummary(media, session.playlist);
      await endSession(app.db, session.session_id, { endedAt: new Date(), ...recorded, reason: 'shutdown' });
      await clearLive(app.db, session.webcast_id, livePrefix(session.webcast_id));
      log.warn({ webcastId: session.webcast_id, sessionId: session.session_id, ...recorded }, 'closed a session left open by a previous process');
    }
  });
}, { name: 'streaming', dependencies: ['db'] });
