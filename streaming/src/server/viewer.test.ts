import { RtpHeader, RtpPacket } from 'werift';
import { afterEach, describe, expect, it } from 'vitest';
import { NodeViewer, payloadDigest } from './nodeViewer.ts';
import { UnplayableOfferError, ViewerSession } from './viewer.ts';

async function waitFor(what: string, check: () => boolean, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const SSRC = 0x1234abcd;
const packet = (sequenceNumber: number, payload: number[], marker = false, extensions: { id: number; payload: Buffer }[] = []) => new RtpPacket(
  new RtpHeader({ payloadType: 102, sequenceNumber, timestamp: 9000 * sequenceNumber, ssrc: SSRC, marker, extension: extensions.length > 0, extensions }),
  Buffer.from(payload),
);

const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** One ViewerSession answering a werift viewer's offer directly (no engine, no publisher). */
describe('WebRTC viewer session (WHEP)', () => {
  const open: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    for (const item of open.splice(0)) await item.close();
  });

  it('asks for a keyframe on connecting, forwards video from a keyframe on, and leaves the publisher\'s packet as it was', async () => {
    let keyframeRequests = 0;
    let session: ViewerSession | null = null;
    const viewer = await NodeViewer.start({
      exchange: async (offer) => {
        const created = await ViewerSession.create(offer, {
          webcastId: 1,
          media: { video: 'H264', audio: true },
          requestKeyframe: () => void (keyframeRequests += 1),
          onClosed: () => undefined,
          log: silentLog,
        });
        session = created.viewer;
        open.push(created.viewer);
        return created.answer;
      },
    });
    open.push(viewer);
    await waitFor('both ends connected', () => viewer.state === 'connected' && !!session?.isConnected);
    // the picture starts at once: the publisher is asked for a keyframe when the viewer connects
    expect(keyframeRequests).toBe(1);

    const viewerSession = session!;
    // a predicted slice before any keyframe: a decoder could not start on it
    viewerSession.write('video', packet(1, [0x41, 0x9a, 0x01], true));
    // an SPS and PPS in a STAP-A, then an IDR slice ending the picture; with the publisher's own header extension
    const publisherExtension = [{ id: 3, payload: Buffer.from([1, 2, 3]) }];
    const stapA = packet(2, [0x78, 0x00, 0x04, 0x67, 0x42, 0xe0, 0x1f, 0x00, 0x02, 0x68, 0xce], false, publisherExtension);
    const idr = packet(3, [0x65, 0x88, 0x84, 0x00, 0x33], true);
    viewerSession.write('video', stapA);
    viewerSession.write('video', idr);
    viewerSession.write('video', packet(4, [0x41, 0x9a, 0x02], true));
    await waitFor('three video packets', () => viewer.packets.video >= 3);
    expect(viewer.firstVideoPacketIsKeyframe).toBe(true);
    expect(viewer.videoDigests).toEqual([stapA.payload, idr.payload, Buffer.from([0x41, 0x9a, 0x02])].map(payloadDigest));
    // the same packet goes on to ffmpeg and the other viewers: this viewer's SSRC, payload type
    // and extensions must not end up in it
    expect(stapA.header).toMatchObject({ ssrc: SSRC, payloadType: 102, sequenceNumber: 2, extensions: publisherExtension });
    expect(idr.header).toMatchObject({ ssrc: SSRC, payloadType: 102, sequenceNumber: 3, extensions: [] });
  });

  it('refuses an offer that cannot receive the publisher\'s codecs', async () => {
    const vp8Only = await NodeViewer.start({
      exchange: async (offer) => {
        // a viewer offering VP8 and Opus, for a publisher sending H.264 without audio
        const created = await ViewerSession.create(offer.replace(/a=rtpmap:\d+ H264\/90000\r\n/g, ''), {
          webcastId: 1, media: { video: 'H264', audio: false }, requestKeyframe: () => undefined, onClosed: () => undefined, log: silentLog,
        });
        open.push(created.viewer);
        return created.answer;
      },
    }).catch((error: unknown) => error);
    expect(vp8Only).toBeInstanceOf(UnplayableOfferError);
  });
});
