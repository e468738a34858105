import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import { FFMPEG_PLAYLIST, HlsPublisher, StreamingEngine, livePrefix, recordingSummary } from '@lp/streaming/server';
import { mediaRoot } from '../../lib/mediaStore.ts';
import { hlsStoreOf, sessionFolder } from '../../webcasts/hlsStore.ts';
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
  const store = hlsStoreOf(app.storage);
  const objectStorage = app.storage.kind === 's3';
  const engine = new StreamingEngine({
    ...app.config.streaming,
    mediaRoot: media,
    // with a bucket, ffmpeg's output on this disk is published there as it is written
    ...(objectStorage ? { store } : {}),
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
      const folder = sessionFolder(session.playlist);
      if (objectStorage && fs.existsSync(path.join(media, folder))) {
        // this node ran it: what ffmpeg wrote before the process died moves to the bucket now
        const published = await new HlsPublisher({ dir: path.join(media, folder), resource: folder, playlist: FFMPEG_PLAYLIST, store, log }).finish();
        log.warn({ sessionId: session.session_id, ...published }, 'published the recording of a session left open');
      }
      const recorded = await recordingSummary(store, session.playlist);
      await endSession(app.db, session.session_id, { endedAt: new Date(), ...recorded, reason: 'shutdown' });
      await clearLive(app.db, session.webcast_id, livePrefix(session.webcast_id));
      log.warn({ webcastId: session.webcast_id, sessionId: session.session_id, ...recorded }, 'closed a session left open by a previous process');
    }
  });
}, { name: 'streaming', dependencies: ['db'] });
