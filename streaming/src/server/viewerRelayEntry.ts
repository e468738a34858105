/**
 * A viewer relay process (started by ViewerRelay, viewerRelay.ts; see there for why): WebRTC
 * viewers' peer connections, fed the publisher's RTP from the engine's datagrams.
 */
import dgram from 'node:dgram';
import { RtpPacket } from 'werift';
import { readRelayDatagram, RELAY_REPORT_MS, type FromRelay, type ToRelay } from './viewerRelayProtocol.ts';
import { UnplayableOfferError } from './viewer.ts';
import { LocalViewers, type ViewerHandle } from './viewerHost.ts';

if (!process.send) throw new Error('a viewer relay runs as a child process with an IPC channel');

function send(message: FromRelay): void {
  if (!process.connected) return;
  try {
    process.send!(message);
  } catch {
    // the engine went away: the disconnect below ends this process
  }
}

const log = (level: 'info' | 'warn' | 'error') => (data: object, msg: string) => {
  let plain: Record<string, unknown>;
  try {
    plain = JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
  } catch {
    plain = { data: String(data) };
  }
  send({ type: 'log', level, data: plain, msg });
};
const logger = { info: log('info'), warn: log('warn'), error: log('error') };

// the same fan-out as viewers on the engine's loop, here on this process's own
const host = new LocalViewers(true);
const viewers = new Map<string, ViewerHandle>();
setInterval(() => send({ type: 'pressure', delayMs: host.delayMs() }), RELAY_REPORT_MS).unref();

let senderPort = -1;
const socket = dgram.createSocket('udp4');
socket.on('message', (datagram, from) => {
  if (from.port !== senderPort || from.address !== '127.0.0.1') return;
  const read = readRelayDatagram(datagram);
  if (!read) return;
  let packet: RtpPacket;
  try {
    packet = RtpPacket.deSerialize(read.rtp);
  } catch {
    return;
  }
  host.forward(read.webcastId, read.kind, packet);
});
// a keyframe burst for a crowd arrives at once: room for it while the loop is busy
socket.bind(0, '127.0.0.1', () => {
  try {
    socket.setRecvBufferSize(8 * 1024 * 1024);
  } catch {
    // the system's limit stays
  }
  send({ type: 'ready', port: socket.address().port });
});

async function watch(message: Extract<ToRelay, { type: 'watch' }>) {
  const { id, webcastId } = message;
  let viewerId = '';
  try {
    const { viewer, answer } = await host.watch(message.offer, {
      webcastId,
      media: message.media,
      ...(message.icePortRange ? { icePortRange: message.icePortRange } : {}),
      ...(message.iceAddresses ? { iceAddresses: message.iceAddresses } : {}),
      // the engine asks the publisher, at most so often for a whole crowd
      requestKeyframe: () => {
        if (viewerId) send({ type: 'keyframe', viewerId });
      },
      onConnected: (connected) => send({ type: 'connected', viewerId: connected.id }),
      onClosed: (closed) => {
        if (viewers.delete(closed.id)) send({ type: 'closed', viewerId: closed.id });
      },
      log: logger,
    });
    viewerId = viewer.id;
    viewers.set(viewer.id, viewer);
    send({ type: 'watched', id, ok: true, viewerId: viewer.id, answer });
  } catch (error) {
    send({ type: 'watched', id, ok: false, unplayable: error instanceof UnplayableOfferError, message: error instanceof Error ? error.message : String(error) });
  }
}

function leave(viewerId: string) {
  const viewer = viewers.get(viewerId);
  viewers.delete(viewerId);
  void viewer?.close();
}

let closing = false;
async function close() {
  if (closing) return;
  closing = true;
  viewers.clear();
  await host.close();
  socket.close();
  process.exit(0);
}

process.on('message', (message: ToRelay) => {
  switch (message.type) {
    case 'init':
      senderPort = message.senderPort;
      break;
    case 'watch':
      void watch(message);
      break;
    case 'leave':
      leave(message.viewerId);
      break;
    case 'close':
      void close();
      break;
  }
});
// the engine's process is gone (killed with its group, or it crashed): nothing to relay for
process.on('disconnect', () => void close());
