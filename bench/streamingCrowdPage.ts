// The many-viewers crowd of bench/streaming.ts as Chromium's own WebRTC stack: one page holds
// every member's RTCPeerConnection (ICE, DTLS and SRTP in Chromium's C++, as a learner's browser
// has them), so the clients cost a fraction of werift peers in Node and the figures describe the
// server rather than the bench. Nothing is decoded: each receiver's encoded frames are read through
// an encoded transform (encodedInsertableStreams) and dropped, which shows when a whole keyframe
// arrived. A refused member plays HLS meanwhile — the bench's Node process fetches for as many as
// play it, since a page's fetches share six connections per host — and offers again after the
// portal player's delay (webrtcRetry.ts). Bundled by esbuild into the page.
import { parseRetryAfter, retryDelay } from '../portal/src/components/video-player/webrtcRetry.ts';

export interface CrowdSnapshot {
  /** every member has made its first offer */
  joined: boolean;
  /** members with a WebRTC session (playing or connecting) */
  webrtc: number;
  /** of those, the ones a keyframe reached */
  playing: number;
  /** members playing HLS now (refused, or their session ended, and not back on WebRTC yet) */
  hls: number;
  drops: number;
  refused: Record<string, number>;
  retries: { offered: number; taken: number };
  /** ms from the first offer until the last first keyframe so far */
  allPlayingMs: number;
  /** encoded video frames received by all members */
  videoFrames: number;
  /** members whose session is neither playing nor over: still waiting for a picture */
  waiting: number;
}

interface Member {
  pc: RTCPeerConnection | null;
  onHls: boolean;
  retry: ReturnType<typeof setTimeout> | undefined;
  keyframeAt: number | null;
}

/** Chromium's legacy encoded-transform API (RTCRtpReceiver.createEncodedStreams). */
interface EncodedReceiver {
  createEncodedStreams(): { readable: ReadableStream<{ type?: string }>; writable: WritableStream };
}

export function startCrowd(options: { whepUrl: string; count: number; batch: number }) {
  const members: Member[] = [];
  const refused: Record<string, number> = {};
  const retries = { offered: 0, taken: 0 };
  const frames = { video: 0 };
  let drops = 0;
  let settled = false;
  const started = Date.now();

  function fallBack(member: Member, attempt: number, retryAfter: string | null) {
    member.onHls = true;
    if (settled) return;
    member.retry = setTimeout(() => {
      if (settled) return;
      retries.offered += 1;
      void offer(member, attempt + 1);
    }, retryDelay(attempt, parseRetryAfter(retryAfter)));
  }

  function hangUp(member: Member) {
    member.pc?.close();
    member.pc = null;
    member.keyframeAt = null;
  }

  async function offer(member: Member, attempt: number): Promise<void> {
    const pc = new RTCPeerConnection({ bundlePolicy: 'max-bundle', encodedInsertableStreams: true } as RTCConfiguration);
    member.pc = pc;
    pc.ontrack = ({ receiver, track }) => {
      const { readable } = (receiver as unknown as EncodedReceiver).createEncodedStreams();
      const video = track.kind === 'video';
      // frames read and dropped: never decoded
      void readable.pipeTo(new WritableStream({
        write(frame) {
          if (!video) return;
          frames.video += 1;
          if (member.keyframeAt === null && member.pc === pc && frame.type === 'key') member.keyframeAt = Date.now();
        },
      })).catch(() => undefined);
    };
    pc.onconnectionstatechange = () => {
      if (member.pc !== pc || (pc.connectionState !== 'failed' && pc.connectionState !== 'closed')) return;
      // the session ended (its publish session ended, or the network): HLS, then offer again, as the player does
      drops += 1;
      hangUp(member);
      fallBack(member, 0, null);
    };
    let retryAfter: string | null = null;
    try {
      pc.addTransceiver('video', { direction: 'recvonly' });
      pc.addTransceiver('audio', { direction: 'recvonly' });
      await pc.setLocalDescription(await pc.createOffer());
      await new Promise<void>((resolve) => {
        if (pc.iceGatheringState === 'complete') resolve();
        pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && resolve();
        setTimeout(resolve, 1000);
      });
      const res = await fetch(options.whepUrl, { method: 'POST', headers: { 'content-type': 'application/sdp' }, body: pc.localDescription!.sdp });
      retryAfter = res.headers.get('retry-after');
      // the wait asked tells the refusals apart (whep.ts: 3 s joining, 5 s busy, 30 s full)
      if (res.status !== 201) throw new Error(`WHEP ${res.status}${retryAfter ? ` Retry-After ${retryAfter}` : ''}`);
      await pc.setRemoteDescription({ type: 'answer', sdp: await res.text() });
      if (attempt > 0) retries.taken += 1;
      member.onHls = false;
    } catch (error) {
      if (attempt === 0) {
        const reason = error instanceof Error ? error.message : String(error);
        refused[reason] = (refused[reason] ?? 0) + 1;
      }
      if (member.pc === pc) hangUp(member);
      fallBack(member, attempt, retryAfter);
    }
  }

  let joined = false;
  void (async () => {
    for (let i = 0; i < options.count; i += options.batch) {
      const batch = Array.from({ length: Math.min(options.batch, options.count - i) }, (): Member => ({ pc: null, onHls: false, retry: undefined, keyframeAt: null }));
      members.push(...batch);
      await Promise.all(batch.map((member) => offer(member, 0)));
    }
    joined = true;
  })();

  return {
    snapshot(): CrowdSnapshot {
      const webrtc = members.filter((m) => m.pc);
      const playing = webrtc.filter((m) => m.keyframeAt !== null);
      return {
        joined,
        webrtc: webrtc.length,
        playing: playing.length,
        waiting: webrtc.length - playing.length,
        hls: members.filter((m) => m.onHls).length,
        drops,
        refused: { ...refused },
        retries: { ...retries },
        allPlayingMs: Math.max(0, ...playing.map((m) => m.keyframeAt! - started)),
        videoFrames: frames.video,
      };
    },
    settle() {
      settled = true;
      for (const member of members) clearTimeout(member.retry);
    },
    close() {
      settled = true;
      for (const member of members) {
        clearTimeout(member.retry);
        member.onHls = false;
        hangUp(member);
      }
    },
  };
}
