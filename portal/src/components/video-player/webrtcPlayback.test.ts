import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountWebrtc } from './webrtcPlayback.ts';
import { WhepRefused } from './webrtcRetry.ts';

/** Enough of a browser peer connection to make an offer (jsdom has none). */
class FakePeerConnection {
  iceGatheringState = 'complete';
  localDescription: { sdp: string } | null = null;
  closed = false;
  addTransceiver() {}
  addEventListener() {}
  async createOffer() {
    return { type: 'offer', sdp: 'v=0\r\n' };
  }
  async setLocalDescription(description: { sdp: string }) {
    this.localDescription = description;
  }
  close() {
    this.closed = true;
  }
}

describe('WebRTC playback: a refused offer', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("rejects with the WHEP status and the server's Retry-After, and leaves nothing behind", async () => {
    vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
    vi.stubGlobal('MediaStream', class {});
    const fetchMock = vi.fn(async () => new Response('{"code":"webrtc_viewers_full"}', { status: 503, headers: { 'retry-after': '4' } }));
    vi.stubGlobal('fetch', fetchMock);
    const container = document.createElement('div');
    const refused = await mountWebrtc(container, { url: 'http://localhost/api/streaming/whep/g.m', title: 'Ao vivo', onFailed: () => undefined })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WhepRefused);
    expect(refused).toMatchObject({ status: 503, retryAfterMs: 4000 });
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(container.children).toHaveLength(0);
  });
});
