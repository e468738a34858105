// Loaded only when a live webcast offers WebRTC playback (dynamic import in ./index.tsx).
import type { PlaybackClock } from './playbackClock.ts';
import { parseRetryAfter, WhepRefused } from './webrtcRetry.ts';

export interface MountedWebrtc extends PlaybackClock {
  media: HTMLVideoElement;
  dispose(): void;
}

export interface WebrtcSource {
  /** the WHEP address (a signed grant in its path) */
  url: string;
  title: string;
  /** the connection failed or dropped after it played: the caller falls back to HLS */
  onFailed(): void;
}

/** No picture this long after asking: WebRTC cannot reach this viewer (a firewall), HLS plays instead. */
export const FIRST_FRAME_TIMEOUT_MS = 6000;
/** A dropped connection may come back by itself (ICE restarts); after this long, HLS takes over. */
const DISCONNECTED_GRACE_MS = 3000;
/** Candidates gathered so far go with the offer after this long (WHEP sends no trickle here). */
const GATHER_MS = 1000;

interface FrameMetadata {
  captureTime?: number;
  receiveTime?: number;
}
type FrameVideo = HTMLVideoElement & { requestVideoFrameCallback?(callback: (now: number, metadata: FrameMetadata) => void): number };

function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      pc.removeEventListener('icegatheringstatechange', check);
      resolve();
    };
    const check = () => {
      if (pc.iceGatheringState === 'complete') done();
    };
    const timer = setTimeout(done, GATHER_MS);
    pc.addEventListener('icegatheringstatechange', check);
  });
}

/**
 * WebRTC playback of a live webcast (WHEP, RFC 9725; streaming/README "Low-latency playback"):
 * a receive-only peer connection, the offer POSTed to the grant's address, the answer applied,
 * and a plain <video> (muted autoplay as browsers allow, the browser's controls). Resolves once
 * the first frame shows; rejects when WebRTC cannot play here (WhepRefused when the server
 * refused the offer), so the caller plays HLS.
 */
export async function mountWebrtc(container: HTMLElement, source: WebrtcSource): Promise<MountedWebrtc> {
  if (typeof RTCPeerConnection === 'undefined') throw new Error('WebRTC is not available');
  const media = document.createElement('video') as FrameVideo;
  media.className = 'video-webrtc';
  media.muted = true;
  media.autoplay = true;
  media.controls = true;
  media.setAttribute('playsinline', '');
  media.setAttribute('aria-label', source.title);
  const pc = new RTCPeerConnection({ bundlePolicy: 'max-bundle' });
  let location: string | null = null;
  let disposed = false;
  let playing = false;
  let lost: ReturnType<typeof setTimeout> | undefined;
  let lastFrame: FrameMetadata | null = null;

  const dispose = () => {
    if (disposed) return;
    disposed = true;
    clearTimeout(lost);
    pc.close();
    media.srcObject = null;
    media.remove();
    // hang up, so the node gives the seat back at once (it would notice the silence anyway)
    if (location) void fetch(new URL(location, source.url), { method: 'DELETE', keepalive: true }).catch(() => undefined);
  };
  const failed = () => {
    if (disposed) return;
    dispose();
    source.onFailed();
  };

  try {
    pc.addTransceiver('video', { direction: 'recvonly' });
    pc.addTransceiver('audio', { direction: 'recvonly' });
    const stream = new MediaStream();
    pc.addEventListener('track', (event) => {
      stream.addTrack(event.track);
      media.srcObject = stream;
    });
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    const res = await fetch(source.url, { method: 'POST', headers: { 'content-type': 'application/sdp' }, body: pc.localDescription!.sdp });
    if (res.status !== 201) throw new WhepRefused(res.status, parseRetryAfter(res.headers.get('retry-after')));
    location = res.headers.get('location');
    await pc.setRemoteDescription({ type: 'answer', sdp: await res.text() });
    container.append(media);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no picture over WebRTC')), FIRST_FRAME_TIMEOUT_MS);
      media.addEventListener('playing', () => {
        clearTimeout(timer);
        resolve();
      }, { once: true });
      pc.addEventListener('connectionstatechange', () => {
        if (pc.connectionState === 'failed') {
          clearTimeout(timer);
          reject(new Error('the WebRTC connection failed'));
        }
      });
      void media.play().catch(() => undefined);
    });
    playing = true;
  } catch (error) {
    dispose();
    throw error;
  }

  pc.addEventListener('connectionstatechange', () => {
    if (!playing) return;
    clearTimeout(lost);
    if (pc.connectionState === 'failed' || pc.connectionState === 'closed') failed();
    else if (pc.connectionState === 'disconnected') lost = setTimeout(failed, DISCONNECTED_GRACE_MS);
  });
  // the publisher's session ended (a take-over, a stop): the tracks end, HLS says what comes next
  for (const track of (media.srcObject as MediaStream).getTracks()) track.addEventListener('ended', failed);

  const onFrame = (_now: number, metadata: FrameMetadata) => {
    lastFrame = metadata;
    if (!disposed) media.requestVideoFrameCallback?.(onFrame);
  };
  media.requestVideoFrameCallback?.(onFrame);

  return {
    media,
    dispose,
    publisherTime() {
      // captureTime: the frame's capture estimated by the browser from the sender reports (this
      // server's clock when it forwarded the frame), in this page's clock
      const at = lastFrame?.captureTime ?? lastFrame?.receiveTime;
      if (disposed || at === undefined) return null;
      // a frozen picture still shows the last frame's moment
      return Math.round(performance.timeOrigin + at);
    },
  };
}
