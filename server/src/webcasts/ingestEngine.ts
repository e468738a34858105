/**
 * The browser-streaming ingest as the API sees it, and the one way it is built from the server's
 * configuration — on the API's event loop (STREAMING_ENGINE=inline) or inside the ingest process
 * (ingestProcessEntry.ts), so both run exactly the same engine.
 */
import path from 'node:path';
import { StreamingEngine, type EngineHooks, type Logger } from '@lp/streaming/server';
import type { Config } from '../config.ts';
import { mediaRoot } from '../lib/mediaStore.ts';
import { storageOf } from '../storage/index.ts';
import { hlsStoreOf } from './hlsStore.ts';

/** What the ingest needs of the server's configuration (sent over IPC to its process, never through argv or env). */
export type IngestSettings = Pick<Config, 'dataDir' | 's3' | 'streaming'>;

/**
 * The engine's surface the API uses: the engine itself, or its proxy in the API process when it
 * runs in its own (ingestProcess.ts). The reads are synchronous in both.
 */
export type Ingest = Pick<StreamingEngine,
  'state' | 'isPublishing' | 'streamName' | 'viewerCount' | 'canWatch'
  | 'start' | 'configure' | 'stop' | 'acceptSignalling' | 'watch' | 'leave' | 'close'> & {
  /** the viewers' live playlist of the webcast; null when the ingest has none for it (yet) */
  liveResource(webcastId: number): string | null;
  /**
   * The ingest process's own event-loop delay in its last report (null inline: it is the API's,
   * which the default metrics show, or before the first report).
   */
  ingestLoopDelay?(): { p99Ms: number; maxMs: number } | null;
};

export function buildEngine(settings: IngestSettings, log: Logger, hooks: EngineHooks, onChannelChanged?: (webcastId: number) => void): StreamingEngine {
  const storage = storageOf(settings);
  return new StreamingEngine({
    ...settings.streaming,
    mediaRoot: mediaRoot(settings.dataDir),
    // with a bucket, ffmpeg's output on this disk is published there as it is written
    ...(storage.kind === 's3' ? { store: hlsStoreOf(storage) } : {}),
    workRoot: path.join(settings.dataDir, 'streaming'),
    log,
    hooks,
    ...(onChannelChanged ? { onChannelChanged } : {}),
  });
}
