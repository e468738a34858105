import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamingStateAnswer } from '@lp/shared';
import { StreamStudio } from './studio.ts';
import type { StudioApi, StudioNotice } from './studioState.ts';
import { DEVICES, fakeEnv, type FakeEnv, type FakeTrack } from './testFakes.ts';

const SDP = { sdp_url: 'ws://127.0.0.1:3000/api/streaming/webrtc-session.json', application_name: 'webcasts', stream_name: 'webcast-7-secret' };

const state = (s: 'stopped' | 'starting' | 'started', extra: Partial<StreamingStateAnswer> = {}): StreamingStateAnswer => ({
  live_stream: { state: s, publishing: false }, status: 1, transmission_completed: false, transmission_downloaded: false, ...extra,
});

function fakeApi() {
  return {
    startStreaming: vi.fn<StudioApi['startStreaming']>(async () => state('starting')),
    streamingState: vi.fn<StudioApi['streamingState']>(async () => state('started')),
    streamingIsLive: vi.fn<StudioApi['streamingIsLive']>(async () => ({ is_live: true })),
    stopStreaming: vi.fn<StudioApi['stopStreaming']>(async () => state('stopped', { transmission_completed: true })),
    downloadStreaming: vi.fn<StudioApi['downloadStreaming']>(async () => ({ status: 202, body: { status: 5, transmission_downloaded: false } })),
    configStreaming: vi.fn<StudioApi['configStreaming']>(async () => {}),
    sdp: vi.fn<StudioApi['sdp']>(async () => SDP),
  };
}

/** runs pending promise callbacks (the fake socket answers in microtasks) */
const flush = () => vi.advanceTimersByTimeAsync(0);

describe('stream studio (spec 2 §2.6, §4.14, §5.10)', () => {
  let env: FakeEnv;
  let api: ReturnType<typeof fakeApi>;
  let notices: StudioNotice[];
  let studio: StreamStudio;
  const make = (webcast = { status: 1, transmission_completed: false, transmission_downloaded: false }, e: FakeEnv = env) => {
    studio = new StreamStudio({ api, env: e, webcast, notify: (n) => notices.push(n) });
    return studio;
  };
  const keys = () => notices.map((n) => ('key' in n ? n.key : n.text));
  const s = () => studio.getSnapshot();

  /** an opened studio with its server online */
  async function online() {
    make();
    await studio.open();
    api.startStreaming.mockResolvedValueOnce(state('started'));
    await studio.createTransmission();
    expect(s().server).toBe('online');
  }

  beforeEach(() => {
    vi.useFakeTimers();
    env = fakeEnv();
    api = fakeApi();
    notices = [];
  });
  afterEach(() => {
    studio?.dispose();
    vi.useRealTimers();
  });

  describe('on open', () => {
    it("shows 'app_requirements_not_met' when the browser has no media devices", async () => {
      env.mediaDevices = undefined;
      make();
      expect(s().supported).toBe(false);
      expect(s().status).toBe('app_requirements_not_met');
      await studio.open();
      expect(env.devices.userMediaCalls).toEqual([]);
    });

    it("lists microphones and cameras, naming unlabelled ones 'default_device', and starts audio capture", async () => {
      make();
      await studio.open();
      expect(s().audioDevices).toEqual([
        { value: 'mic-1', kind: 'audioinput', label: 'default_device' },
        { value: 'mic-2', kind: 'audioinput', label: 'USB microphone' },
      ]);
      expect(s().videoDevices).toEqual([{ value: 'cam-1', kind: 'videoinput', label: 'HD camera' }]);
      // spec 4 "Media settings": echo cancellation and noise suppression
      expect(env.devices.userMediaCalls[0]).toEqual({ audio: { deviceId: { exact: 'mic-1' }, echoCancellation: true, noiseSuppression: true }, video: false });
      expect(s().microphoneEnabled).toBe(true);
      expect(s().status).toBeNull();
      expect(notices).toEqual([]);
    });

    it("requires a microphone: 'you_need_at_least_a_microphone_to_stream' and no capture", async () => {
      make(undefined, fakeEnv(DEVICES.filter((d) => d.kind !== 'audioinput')));
      await studio.open();
      expect(s().status).toBe('you_need_at_least_a_microphone_to_stream');
      expect(keys()).toEqual(['no_audio_input_device_found']);
      expect(s().microphoneEnabled).toBe(false);
    });

    it("warns 'no_video_input_device_found' without a camera", async () => {
      make(undefined, fakeEnv(DEVICES.filter((d) => d.kind !== 'videoinput')));
      await studio.open();
      expect(notices).toEqual([{ key: 'no_video_input_device_found', type: 'warning' }]);
      expect(s().status).toBeNull();
    });

    it('logs a refused microphone and resets the local state', async () => {
      env.devices.failNext = true;
      make();
      await studio.open();
      expect(s().microphoneEnabled).toBe(false);
      expect(s().cameraActive || s().displayActive || s().localVideoPlaying).toBe(false);
    });

    it('shows what happened after an earlier transmission (step 7)', () => {
      expect(make({ status: 4, transmission_completed: true, transmission_downloaded: false }).getSnapshot().status).toBe('transmission_ended_ready_to_download');
      expect(make({ status: 5, transmission_completed: true, transmission_downloaded: true }).getSnapshot().status).toBe('transmission_ended_saving_video');
      expect(make({ status: 4, transmission_completed: true, transmission_downloaded: true }).getSnapshot().status).toBe('transmission_ended_ready_to_watch');
    });
  });

  describe('configure_streaming (recording presets of spec 4)', () => {
    it.each([
      [1, { bitrate_video: 3500, aspect_ratio_width: 854, aspect_ratio_height: 480, aspect_h264_profile: 'main' }],
      [2, { bitrate_video: 5000, aspect_ratio_width: 1280, aspect_ratio_height: 720, aspect_h264_profile: 'high' }],
      [3, { bitrate_video: 6500, aspect_ratio_width: 1920, aspect_ratio_height: 1080, aspect_h264_profile: 'high' }],
    ] as const)('preset %i stores its transcoder configuration', async (preset, fields) => {
      make();
      await studio.open();
      expect(s().preset).toBe(2);
      expect(await studio.configure({ audioDeviceId: 'mic-1', videoDeviceId: 'cam-1', preset })).toBe(true);
      expect(api.configStreaming).toHaveBeenCalledWith(fields);
      expect(s().transcoderConfigured).toBe(true);
      expect(s().preset).toBe(preset);
      expect(keys()).toEqual(['config_save_ok']);
    });

    it("marks the transcoder not configured when saving fails ('config_save_error')", async () => {
      make();
      await studio.open();
      await studio.configure({ audioDeviceId: 'mic-1', videoDeviceId: 'cam-1', preset: 2 });
      api.configStreaming.mockRejectedValueOnce(new Error('500'));
      expect(await studio.configure({ audioDeviceId: 'mic-1', videoDeviceId: 'cam-1', preset: 3 })).toBe(false);
      expect(s().transcoderConfigured).toBe(false);
      expect(keys()).toEqual(['config_save_ok', 'config_save_error']);
    });

    it('captures again with the chosen devices and the preset size', async () => {
      make();
      await studio.open();
      await studio.startWithCamera();
      const camera = env.devices.tracks.find((t) => t.kind === 'video')!;
      await studio.configure({ audioDeviceId: 'mic-2', videoDeviceId: 'cam-1', preset: 1 });
      expect(env.devices.userMediaCalls.at(-2)!.audio).toMatchObject({ deviceId: { exact: 'mic-2' } });
      expect(env.devices.userMediaCalls.at(-1)!.video).toMatchObject({ deviceId: { exact: 'cam-1' }, width: { ideal: 854, min: 640, max: 1920 }, height: { ideal: 480, min: 360, max: 1080 } });
      expect(camera.stopped).toBe(true);
    });

    it('device_options requests the devices again with the chosen ids', async () => {
      make();
      await studio.open();
      const before = env.devices.userMediaCalls.length;
      await studio.applyDeviceOptions({ audioDeviceId: 'mic-2', videoDeviceId: 'cam-1' });
      expect(env.devices.userMediaCalls.slice(before)).toEqual([{ audio: { deviceId: { exact: 'mic-2' }, echoCancellation: true, noiseSuppression: true }, video: false }]);
      expect(s().audioDeviceId).toBe('mic-2');
    });
  });

  describe('create_transmission (step 2)', () => {
    it("shows 'please_wait_streaming_server_starting' and polls streaming_state every 7.5 s until started", async () => {
      make();
      await studio.open();
      api.streamingState.mockResolvedValueOnce(state('starting')).mockResolvedValueOnce(state('started'));
      await studio.createTransmission();
      expect(api.startStreaming).toHaveBeenCalledTimes(1);
      expect(s().server).toBe('starting');
      expect(s().status).toBe('please_wait_streaming_server_starting');
      await vi.advanceTimersByTimeAsync(7499);
      expect(api.streamingState).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(api.streamingState).toHaveBeenCalledTimes(1);
      expect(s().server).toBe('starting');
      await vi.advanceTimersByTimeAsync(7500);
      expect(api.streamingState).toHaveBeenCalledTimes(2);
      expect(s().server).toBe('online');
      expect(s().status).toBe('transmission_started_ready_to_go_live');
      // polling stops once started
      await vi.advanceTimersByTimeAsync(30_000);
      expect(api.streamingState).toHaveBeenCalledTimes(2);
    });

    it("treats 'stopped' as offline and stops polling", async () => {
      make();
      await studio.open();
      api.streamingState.mockResolvedValueOnce(state('stopped'));
      await studio.createTransmission();
      await vi.advanceTimersByTimeAsync(7500);
      expect(s().server).toBe('offline');
      await vi.advanceTimersByTimeAsync(15_000);
      expect(api.streamingState).toHaveBeenCalledTimes(1);
    });

    it('is online at once when the answer has meta (the stream was already running)', async () => {
      make();
      await studio.open();
      api.startStreaming.mockResolvedValueOnce({ ...state('started'), meta: { status: 422, code: 'already_started', message: 'running' } });
      await studio.createTransmission();
      expect(s().server).toBe('online');
      await vi.advanceTimersByTimeAsync(15_000);
      expect(api.streamingState).not.toHaveBeenCalled();
    });

    it('keeps polling through a failed poll, and a failed start is only logged', async () => {
      make();
      await studio.open();
      api.streamingState.mockRejectedValueOnce(new Error('502'));
      await studio.createTransmission();
      await vi.advanceTimersByTimeAsync(15_000);
      expect(s().server).toBe('online');
      const other = make();
      api.startStreaming.mockRejectedValueOnce(new Error('500'));
      await other.createTransmission();
      expect(other.getSnapshot().server).toBe('offline');
      expect(notices).toEqual([]);
    });
  });

  describe('capture source and go_live (steps 3–5)', () => {
    it("refuses to go live without a capture source ('select_capture_device_first')", async () => {
      await online();
      await studio.goLive();
      expect(keys()).toEqual(['select_capture_device_first']);
      expect(env.sockets).toEqual([]);
      expect(s().publishing).toBe(false);
    });

    it('starts with the camera at the preset size (spec 4 camera constraints)', async () => {
      make();
      await studio.open();
      await studio.startWithCamera();
      expect(env.devices.userMediaCalls.at(-1)).toEqual({
        video: { deviceId: { exact: 'cam-1' }, width: { ideal: 1280, min: 640, max: 1920 }, height: { ideal: 720, min: 360, max: 1080 }, frameRate: { ideal: 29.97 } },
        audio: false,
      });
      expect(s()).toMatchObject({ cameraActive: true, displayActive: false, localVideoPlaying: true });
      expect((s().preview as unknown as { tracks: FakeTrack[] }).tracks.map((t) => t.kind)).toEqual(['video']);
    });

    it('resets the local flags when no video track is obtained', async () => {
      make();
      await studio.open();
      await studio.startWithCamera();
      env.devices.displayWithoutVideo = true;
      await studio.startWithDisplay();
      expect(s()).toMatchObject({ cameraActive: false, displayActive: false, localVideoPlaying: false, microphoneEnabled: false, transcoderConfigured: false, preview: null });
      expect(env.devices.tracks.every((t) => t.stopped)).toBe(true);
      // the next source brings the microphone back
      env.devices.displayWithoutVideo = false;
      await studio.startWithCamera();
      expect(s()).toMatchObject({ cameraActive: true, microphoneEnabled: true });
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

    it('switches to the screen while live by replacing the track, adding the microphone when the share has no audio', async () => {
      await online();
      await studio.startWithCamera();
      await studio.goLive();
      await vi.advanceTimersByTimeAsync(2500);
      const pc = env.peers[0]!;
      const camera = pc.senders.video!.track!;
      const microphone = pc.senders.audio!.track!;
      expect(microphone.kind).toBe('audio');
      await studio.shareScreen();
      expect(pc.senders.video!.track!.label).toBe('screen');
      expect(pc.senders.audio!.replaced.at(-1)).toBe(microphone);
      expect(camera.stopped).toBe(true);
      expect(s()).toMatchObject({ cameraActive: false, displayActive: true, live: true });
      // a share with its own audio sends that audio; back on the camera the microphone returns
      env.devices.displayHasAudio = true;
      await studio.shareScreen();
      expect(pc.senders.audio!.track!.label).toBe('screen audio');
      await studio.shareCamera();
      expect(pc.senders.video!.track!.label).toBe('camera');
      expect(pc.senders.audio!.track).toBe(microphone);
      expect(s()).toMatchObject({ cameraActive: true, displayActive: false });
      // still one peer connection: no renegotiation
      expect(env.peers).toHaveLength(1);
    });

    it('goes back to the camera when the browser ends the screen share while live', async () => {
      await online();
      await studio.startWithDisplay();
      await studio.goLive();
      const screen = env.peers[0]!.senders.video!.track!;
      screen.end();
      await flush();
      expect(env.peers[0]!.senders.video!.track!.label).toBe('camera');
      expect(s().cameraActive).toBe(true);
    });

    it('goes offline when the connection is lost', async () => {
      await online();
      await studio.startWithCamera();
      await studio.goLive();
      await vi.advanceTimersByTimeAsync(2500);
      env.peers[0]!.emitConnectionState('failed');
      expect(s()).toMatchObject({ publishing: false, live: false, server: 'offline' });
      expect(keys()).toEqual(['live', 'transmission_interrupted']);
    });

    it('goes offline when the server closes the signalling socket', async () => {
      await online();
      await studio.startWithCamera();
      await studio.goLive();
      env.sockets[0]!.serverClose();
      expect(s()).toMatchObject({ publishing: false, server: 'offline' });
      expect(env.peers[0]!.closed).toBe(true);
    });
  });

  describe('end_transmission (step 6) and save_webinar_video (step 7)', () => {
    async function live() {
      await online();
      await studio.startWithCamera();
      await studio.goLive();
      await vi.advanceTimersByTimeAsync(2500);
    }

    it("stops the tracks at 7 s, the publisher and stop_streaming at 7.1 s, then notifies 'transmission_ended'", async () => {
      await live();
      const pc = env.peers[0]!;
      const tracks = env.devices.tracks.filter((t) => !t.stopped);
      expect(tracks.length).toBe(2);
      studio.endTransmission();
      expect(s().status).toBe('ending_transmission');
      await vi.advanceTimersByTimeAsync(6999);
      expect(tracks.some((t) => t.stopped)).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(tracks.every((t) => t.stopped)).toBe(true);
      expect(s()).toMatchObject({ localVideoPlaying: false, cameraActive: false, microphoneEnabled: false });
      expect(pc.closed).toBe(false);
      expect(api.stopStreaming).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(99);
      expect(api.stopStreaming).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(pc.closed).toBe(true);
      expect(api.stopStreaming).toHaveBeenCalledTimes(1);
      expect(keys()).toEqual(['live', 'transmission_ended']);
      expect(s()).toMatchObject({ server: 'offline', live: false, publishing: false, completed: true, ending: false });
      expect(s().status).toBe('transmission_ended_ready_to_download');
    });

    it('streamed again after its video was saved: the new recording is to be saved, as stop_streaming says', async () => {
      make({ status: 4, transmission_completed: true, transmission_downloaded: true });
      await studio.open();
      expect(s().status).toBe('transmission_ended_ready_to_watch');
      api.startStreaming.mockResolvedValueOnce(state('started', { status: 4, transmission_downloaded: true }));
      await studio.createTransmission();
      expect(s().server).toBe('online');
      await studio.startWithCamera();
      await studio.goLive();
      await vi.advanceTimersByTimeAsync(2500);
      studio.endTransmission();
      await vi.advanceTimersByTimeAsync(7100);
      expect(s().status).toBe('transmission_ended_ready_to_download');
    });

    it('saves the video: 202 marks it downloaded, status 5 shows saving, and the poll shows it ready to watch', async () => {
      await live();
      studio.endTransmission();
      await vi.advanceTimersByTimeAsync(7100);
      api.streamingState.mockResolvedValueOnce(state('stopped', { status: 5, transmission_completed: true }))
        .mockResolvedValueOnce(state('stopped', { status: 4, transmission_completed: true, transmission_downloaded: true }));
      await studio.saveVideo();
      expect(api.downloadStreaming).toHaveBeenCalledTimes(1);
      expect(keys()).toContain('transmission_download_ok');
      expect(s()).toMatchObject({ downloaded: true, converting: true, status: 'transmission_ended_saving_video' });
      await vi.advanceTimersByTimeAsync(7500);
      expect(s().status).toBe('transmission_ended_saving_video');
      await vi.advanceTimersByTimeAsync(7500);
      expect(s()).toMatchObject({ converting: false, downloaded: true, status: 'transmission_ended_ready_to_watch' });
    });

    it('shows it ready to watch at once when the conversion was already done', async () => {
      make({ status: 4, transmission_completed: true, transmission_downloaded: false });
      api.downloadStreaming.mockResolvedValueOnce({ status: 202, body: { status: 4, transmission_downloaded: true } });
      await studio.saveVideo();
      expect(s().status).toBe('transmission_ended_ready_to_watch');
    });

    it("warns 'transmission_download_error' on any other answer and resets downloaded", async () => {
      make({ status: 4, transmission_completed: true, transmission_downloaded: false });
      api.downloadStreaming.mockResolvedValueOnce({ status: 409 });
      await studio.saveVideo();
      expect(notices).toEqual([{ key: 'transmission_download_error', type: 'warning' }]);
      expect(s()).toMatchObject({ downloaded: false, status: 'transmission_ended_ready_to_download' });
      api.downloadStreaming.mockRejectedValueOnce(new Error('network'));
      await studio.saveVideo();
      expect(keys()).toEqual(['transmission_download_error', 'transmission_download_error']);
    });

    it('keeps watching a conversion that was under way when the tab opened', async () => {
      make({ status: 5, transmission_completed: true, transmission_downloaded: true });
      api.streamingState.mockResolvedValueOnce(state('stopped', { status: 4, transmission_completed: true, transmission_downloaded: true }));
      await studio.open();
      await vi.advanceTimersByTimeAsync(7500);
      expect(s().status).toBe('transmission_ended_ready_to_watch');
    });

    it('stops a capture that arrives after the tab closed', async () => {
      make();
      let allow: () => void = () => undefined;
      env.devices.gate = new Promise((resolve) => { allow = resolve; });
      const opening = studio.open();
      await flush();
      expect(env.devices.userMediaCalls).toHaveLength(1);
      studio.dispose();
      allow();
      await opening;
      expect(env.devices.tracks.length).toBeGreaterThan(0);
      expect(env.devices.tracks.every((t) => t.stopped)).toBe(true);
    });

    it('stops everything when the tab closes', async () => {
      await live();
      studio.dispose();
      expect(env.peers[0]!.closed).toBe(true);
      expect(env.devices.tracks.every((t) => t.stopped)).toBe(true);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(api.stopStreaming).not.toHaveBeenCalled();
    });
  });
});
