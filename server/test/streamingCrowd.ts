/**
 * A publisher and a few WHEP viewers in a process of their own (forked by
 * streaming-process.test.ts), so the test's event loop measures the API's work alone, not the
 * werift peers of its clients. One run: publish, then on 'watch' join the viewers, answer how many
 * play, and end on 'stop'.
 */
import WebSocket from 'ws';
import { NodePublisher, NodeViewer, type SignallingSocket } from '@lp/streaming/server';

export type CrowdRequest =
  | { type: 'publish'; sdpUrl: string; applicationName: string; streamName: string }
  | { type: 'watch'; whepUrl: string; viewers: number }
  | { type: 'stop' };
export type CrowdAnswer = { type: 'publishing' } | { type: 'watching'; playing: number } | { type: 'failed'; message: string };

if (!process.send) throw new Error('the crowd runs as a child process with an IPC channel');
const answer = (message: CrowdAnswer) => process.send!(message);
let publisher: NodePublisher | null = null;
const viewers: NodeViewer[] = [];

async function joinViewers(whepUrl: string, count: number): Promise<number> {
  const joined = await Promise.all(Array.from({ length: count }, () => NodeViewer.start({
    exchange: async (offer) => {
      const res = await fetch(whepUrl, { method: 'POST', headers: { 'content-type': 'application/sdp' }, body: offer });
      if (res.status !== 201) throw new Error(`WHEP offer answered ${res.status}`);
      return res.text();
    },
  }).catch(() => null)));
  for (const viewer of joined) if (viewer) viewers.push(viewer);
  // a loaded machine (the full unit run) gives the crowd's werift peers their pictures slowly
  const until = Date.now() + 40_000;
  while (Date.now() < until && !viewers.every((v) => v.packets.video > 0)) await new Promise((resolve) => setTimeout(resolve, 100));
  return viewers.filter((v) => v.packets.video > 0).length;
}

process.on('message', (message: CrowdRequest) => {
  const run = async () => {
    switch (message.type) {
      case 'publish':
        publisher = await NodePublisher.start({
          sdpUrl: message.sdpUrl, applicationName: message.applicationName, streamName: message.streamName,
          openSocket: (url: string) => new WebSocket(url) as unknown as SignallingSocket,
          munge: { videoBitrate: 800, audioBitrate: 64, videoFrameRate: 30 },
        });
        answer({ type: 'publishing' });
        break;
      case 'watch':
        answer({ type: 'watching', playing: await joinViewers(message.whepUrl, message.viewers) });
        break;
      case 'stop':
        await Promise.all(viewers.map((v) => v.close()));
        await publisher?.close();
        process.exit(0);
    }
  };
  run().catch((error: unknown) => answer({ type: 'failed', message: String(error) }));
});
process.on('disconnect', () => process.exit(1));
