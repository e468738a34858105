/**
 * The ingest process (started by IngestProcess, ingestProcess.ts; see there for why): the
 * streaming engine with its werift peers and ffmpeg children, driven by the API over IPC. Its
 * hooks are answered by the API, which owns the database; its logs go to the API's logger.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { LoopPressure, type SignallingPeer, type StreamingEngine } from '@lp/streaming/server';
import { buildEngine } from './ingestEngine.ts';
import { LOOP_REPORT_MS, fromWire, loggable, toWire, type FromIngest, type IngestHook, type IngestHooks, type ToIngest } from './ingestProtocol.ts';

if (!process.send) throw new Error('the ingest runs as a child process with an IPC channel');

function send(message: FromIngest): void {
  if (!process.connected) return;
  try {
    process.send!(message);
  } catch (error) {
    // a message the channel cannot take is lost, never the process
    if (message.type !== 'log') process.send!({ type: 'log', level: 'error', data: { err: loggable({ e: error }).e }, msg: `ingest message ${message.type} not sent` } satisfies FromIngest);
  }
}

const log = (level: 'info' | 'warn' | 'error' | 'debug') => (data: object, msg: string) => send({ type: 'log', level, data: loggable(data), msg });
const logger = { info: log('info'), warn: log('warn'), error: log('error'), debug: log('debug') };

// this loop carries the publisher's ICE consent (and, with no viewer relays, every viewer's
// handshakes): its delay is what a crowd costs the publisher. The histogram gives the p99; the
// longest stall comes from LoopPressure, since a histogram's reset also drops the tick in flight
// and a stall ending at a report's boundary would not be counted at all
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
const stalls = new LoopPressure();
setInterval(() => {
  send({ type: 'loopDelay', p99Ms: loopDelay.percentile(99) / 1e6, maxMs: Math.max(loopDelay.max / 1e6, stalls.delayMs()) });
  loopDelay.reset();
}, LOOP_REPORT_MS).unref();

let nextHook = 1;
const hooksWaiting = new Map<number, { resolve(): void; reject(error: Error): void }>();

/** A hook runs in the API; the engine goes on once it has answered (as it awaits its hooks in process). */
function hook<H extends IngestHook>(name: H) {
  return (...args: Parameters<IngestHooks[H]>) => new Promise<void>((resolve, reject) => {
    if (!process.connected) return reject(new Error('the API went away'));
    const id = nextHook++;
    hooksWaiting.set(id, { resolve, reject });
    send({ type: 'hook', id, hook: name, args } as FromIngest);
  });
}

let engine: StreamingEngine | null = null;
let closing: Promise<void> | null = null;

/** Every channel ends as 'shutdown'; once, whoever asks first (the API, its going away, a signal). */
function closeEngine(): Promise<void> {
  closing ??= engine?.close() ?? Promise.resolve();
  return closing;
}

function mirror(webcastId: number) {
  if (!engine) return;
  const streamName = engine.streamName(webcastId);
  send({
    type: 'channel', webcastId,
    channel: streamName === null ? null : {
      streamName, publishing: engine.isPublishing(webcastId), viewers: engine.viewerCount(webcastId), liveResource: engine.liveResource(webcastId),
    },
  });
}

/** The signalling sockets, each a peer the engine talks to as if it were the WebSocket. */
interface RelayedPeer extends SignallingPeer {
  deliver(text: string): void;
  closed(): void;
}
const peers = new Map<number, RelayedPeer>();

function relayedPeer(id: number): RelayedPeer {
  const onMessage: Array<(text: string) => void> = [];
  const onClose: Array<() => void> = [];
  return {
    send: (text) => send({ type: 'peerSend', peer: id, text }),
    close: () => send({ type: 'peerClose', peer: id }),
    onMessage: (listener) => onMessage.push(listener),
    onClose: (listener) => onClose.push(listener),
    deliver: (text) => onMessage.forEach((listener) => listener(text)),
    closed: () => onClose.forEach((listener) => listener()),
  };
}

async function call(engine: StreamingEngine, message: Extract<ToIngest, { type: 'call' }>): Promise<unknown> {
  switch (message.method) {
    case 'start': return engine.start(...message.args);
    case 'configure': return engine.configure(...message.args);
    case 'stop': return engine.stop(...message.args);
    case 'watch': return engine.watch(...message.args);
    case 'leave': return engine.leave(...message.args);
    case 'close': return closeEngine();
  }
}

process.on('message', (message: ToIngest) => {
  switch (message.type) {
    case 'settings':
      engine = buildEngine(message.settings, logger, {
        sessionStarted: hook('sessionStarted'), live: hook('live'), sessionEnded: hook('sessionEnded'), offline: hook('offline'),
      }, mirror);
      send({ type: 'ready' });
      break;
    case 'call': {
      const running = engine;
      if (!running) break;
      // the state a call changed reaches the API before its answer (IPC keeps the order)
      call(running, message).then(
        (value) => send({ type: 'callSettled', id: message.id, ok: true, value }),
        (error: unknown) => send({ type: 'callSettled', id: message.id, ok: false, error: toWire(error) }),
      );
      break;
    }
    case 'hookSettled': {
      const waiting = hooksWaiting.get(message.id);
      hooksWaiting.delete(message.id);
      if (message.ok) waiting?.resolve();
      else waiting?.reject(fromWire(message.error));
      break;
    }
    case 'peerMessage': {
      let peer = peers.get(message.peer);
      if (!peer && engine) {
        peer = relayedPeer(message.peer);
        peers.set(message.peer, peer);
        engine.acceptSignalling(peer);
      }
      peer?.deliver(message.text);
      break;
    }
    case 'peerClosed':
      peers.get(message.peer)?.closed();
      peers.delete(message.peer);
      break;
  }
});

/** The channels end as at the API's shutdown, so ffmpeg writes its last segment and no child of ours is left behind; then this process exits. */
function closeAndExit() {
  const hard = setTimeout(() => process.exit(1), 20_000);
  void closeEngine().finally(() => {
    clearTimeout(hard);
    process.exit(0);
  });
}

// the API closed us (after its 'close' call), or went away without doing so (it crashed or was killed)
process.on('disconnect', () => {
  for (const waiting of hooksWaiting.values()) waiting.reject(new Error('the API went away'));
  hooksWaiting.clear();
  closeAndExit();
});
// a service manager may signal every process of the service (systemd's control group), this one
// before the API's close reaches it: the sessions end as cleanly as when the API closes us (it is
// closing too, and still answers the hooks meanwhile). A terminal's Ctrl-C does not reach it (its
// own process group): the API's close, or its going away, does.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, closeAndExit);
