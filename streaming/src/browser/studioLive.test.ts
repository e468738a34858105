import { describe, expect, it, vi } from 'vitest';
import { SDP, api, env, keys, notices, online, s, studio, useStudioTestBed } from './studio.fixture.ts';
import { RECONNECT_DELAYS_MS } from './studioLive.ts';

// Going live (studioLive.ts), through the studio: the offer over the signalling socket, the live
// confirmation, a failed publish and a dropped connection.
describe('stream studio (spec 2 §2.6, §4.14, §5.10)', () => {
  useStudioTestBed();

  describe('capture source and go_live (steps 3–5)', () => {
    it("refuses to go live without a capture source ('select_capture_device_first')", async () => {
      await online();
      await studio.goLive();
      expect(keys()).toEqual(['select_capture_device_first']);
      expect(env.sockets).toEqual([]);
      expect(s().publishing).toBe(false);
    });

    it('goes live: sendOffer over the socket, the rewritten offer, the answer and its candidates, live 2.5 s after the offer', async () => {
      await online();
      await studio.startWithCamera();
      await studio.goLive();
      expect(env.sockets).toHaveLength(1);
      const socket = env.sockets[0]!;
      expect(socket.url).toBe(SDP.sdp_url);
      const offer = socket.sent[0]!;
      expect(offer).toMatchObject({
        direction: 'publish',
        command: 'sendOffer',
        streamInfo: { applicationName: 'webcasts', streamName: 'webcast-7-secret', sessionId: '[empty]' },
        sdp: { type: 'offer' },
        userData: {},
      });
      // §7.3 on the wire: spec 4 media settings before any configuration (video 6500, audio 256, 29.97 fps)
      expect(offer.sdp.sdp).toContain('b=AS:6500');
      expect(offer.sdp.sdp).toContain('b=AS:256');
      expect(offer.sdp.sdp).toContain('a=framerate:29.97');
      const pc = env.peers[0]!;
      expect(pc.transceiverInits.every((init) => init?.direction === 'sendonly')).toBe(true);
      expect(pc.remote).toEqual({ type: 'answer', sdp: expect.stringContaining('v=0') });
      expect(pc.candidates).toHaveLength(1);
      expect(s().publishing).toBe(true);
      expect(s().live).toBe(false);
      await vi.advanceTimersByTimeAsync(2499);
      expect(s().live).toBe(false);
      expect(api.streamingIsLive).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(s().live).toBe(true);
      expect(api.streamingIsLive).toHaveBeenCalledTimes(1);
      expect(keys()).toEqual(['live']);
      expect(s().status).toBeNull();
    });

    it('uses the configured preset bitrate once the transcoder is configured', async () => {
      await online();
      await studio.configure({ audioDeviceId: 'mic-1', videoDeviceId: 'cam-1', preset: 1 });
      await studio.startWithCamera();
      await studio.goLive();
      expect(env.sockets[0]!.sent[0]!.sdp.sdp).toContain('b=AS:3500');
      expect(env.sockets[0]!.sent[0]!.sdp.sdp).toContain('x-google-max-bitrate=3500');
    });

    it("shows the server's statusDescription on a status other than 200 and stops publishing", async () => {
      await online();
      await studio.startWithCamera();
      env.behaviour = { kind: 'status', status: 502, description: 'Stream name is not valid' };
      await studio.goLive();
      expect(notices).toEqual([{ text: 'Stream name is not valid', type: 'error' }]);
      expect(env.peers[0]!.closed).toBe(true);
      expect(env.sockets[0]!.closed).toBe(true);
      expect(s().publishing).toBe(false);
      await vi.advanceTimersByTimeAsync(5000);
      expect(s().live).toBe(false);
      expect(api.streamingIsLive).not.toHaveBeenCalled();
    });

    it("shows 'WebSocket connection failed: {url}' on a socket error and stops publishing", async () => {
      await online();
      await studio.startWithCamera();
      env.behaviour = { kind: 'error' };
      await studio.goLive();
      expect(notices).toEqual([{ key: 'websocket_connection_failed', type: 'error', args: { url: SDP.sdp_url } }]);
      expect(env.peers[0]!.closed).toBe(true);
      await vi.advanceTimersByTimeAsync(5000);
      expect(s().live).toBe(false);
    });

    it('gives up on a server that never answers', async () => {
      await online();
      await studio.startWithCamera();
      env.behaviour = { kind: 'silent' };
      const going = studio.goLive();
      await vi.advanceTimersByTimeAsync(15_000);
      await going;
      expect(keys()).toContain('websocket_connection_failed');
      expect(s().publishing).toBe(false);
      expect(s().live).toBe(false);
    });

  });

  // the publisher's network drops, or the ingest restarts: the studio publishes again, with back-off
  describe('a dropped connection', () => {
    /** live, with the live confirmation behind it */
    async function liveNow() {
      await online();
      await studio.startWithCamera();
      await studio.goLive();
      await vi.advanceTimersByTimeAsync(2500);
      expect(keys()).toEqual(['live']);
    }

    it('publishes again 1 s after the peer connection failed: a new offer on a new socket, live again 2.5 s later', async () => {
      await liveNow();
      env.peers[0]!.emitConnectionState('failed');
      expect(s()).toMatchObject({ publishing: true, reconnecting: true, server: 'online', status: 'transmission_reconnecting' });
      expect(env.peers[0]!.closed).toBe(true);
      await vi.advanceTimersByTimeAsync(999);
      expect(env.sockets).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(env.sockets).toHaveLength(2);
      expect(env.sockets[1]!.sent[0]).toMatchObject({ command: 'sendOffer', streamInfo: { streamName: 'webcast-7-secret' } });
      // the new peer sends the same capture
      expect(env.peers[1]!.transceiverInits.every((init) => init?.direction === 'sendonly')).toBe(true);
      expect(s()).toMatchObject({ publishing: true, reconnecting: false });
      await vi.advanceTimersByTimeAsync(2500);
      expect(api.streamingIsLive).toHaveBeenCalledTimes(2);
      expect(keys()).toEqual(['live', 'live']);
      expect(studio.getSnapshot().status).toBeNull();
    });

    it('publishes again when the signalling socket closes (the ingest went away)', async () => {
      await liveNow();
      env.sockets[0]!.serverClose();
      expect(env.peers[0]!.closed).toBe(true);
      expect(s().reconnecting).toBe(true);
      await vi.advanceTimersByTimeAsync(1000);
      expect(env.sockets).toHaveLength(2);
      expect(s().reconnecting).toBe(false);
    });

    it('backs off 1, 2, 4, 8 s while the ingest cannot be reached, and carries on once it is back', async () => {
      await liveNow();
      env.behaviour = { kind: 'error' };
      env.sockets[0]!.serverClose();
      const attemptsAt: number[] = [];
      for (const wait of RECONNECT_DELAYS_MS.slice(0, 4)) {
        await vi.advanceTimersByTimeAsync(wait - 1);
        attemptsAt.push(env.sockets.length);
        await vi.advanceTimersByTimeAsync(1);
      }
      expect(attemptsAt).toEqual([1, 2, 3, 4]);
      expect(env.sockets).toHaveLength(5);
      expect(s().reconnecting).toBe(true);
      // no error shown for a failed attempt: the status line says it is reconnecting
      expect(keys()).toEqual(['live']);
      env.behaviour = { kind: 'answer' };
      await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS[4]!);
      expect(env.sockets).toHaveLength(6);
      expect(s()).toMatchObject({ reconnecting: false, publishing: true, server: 'online' });
    });

    it('opens the channel again when the restarted ingest no longer knows the stream, and publishes under the new name', async () => {
      await liveNow();
      env.behaviour = { kind: 'status', status: 404, description: 'Stream not found: start the transmission first' };
      env.sockets[0]!.serverClose();
      await vi.advanceTimersByTimeAsync(1000);
      expect(api.startStreaming).toHaveBeenCalledTimes(2);
      api.sdp.mockResolvedValue({ ...SDP, stream_name: 'webcast-7-new' });
      env.behaviour = { kind: 'answer' };
      await vi.advanceTimersByTimeAsync(2000);
      expect(env.sockets.at(-1)!.sent[0]).toMatchObject({ streamInfo: { streamName: 'webcast-7-new' } });
      expect(s()).toMatchObject({ reconnecting: false, publishing: true });
      // the server's refusal during a reconnection is not shown as an error
      expect(notices.filter((n) => n.type === 'error')).toEqual([]);
    });

    it('gives up after the last delay: offline, transmission_interrupted', async () => {
      await liveNow();
      env.behaviour = { kind: 'error' };
      env.peers[0]!.emitConnectionState('failed');
      await vi.advanceTimersByTimeAsync(RECONNECT_DELAYS_MS.reduce((a, b) => a + b, 0));
      expect(env.sockets).toHaveLength(1 + RECONNECT_DELAYS_MS.length);
      expect(s()).toMatchObject({ publishing: false, live: false, reconnecting: false, server: 'offline' });
      expect(keys()).toEqual(['live', 'transmission_interrupted']);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(env.sockets).toHaveLength(1 + RECONNECT_DELAYS_MS.length);
    });

    it('ending the transmission while reconnecting stops the attempts', async () => {
      await liveNow();
      env.peers[0]!.emitConnectionState('failed');
      studio.dispose();
      await vi.advanceTimersByTimeAsync(30_000);
      expect(env.sockets).toHaveLength(1);
    });
  });
});
