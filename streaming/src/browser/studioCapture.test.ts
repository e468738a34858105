import { describe, expect, it, vi } from 'vitest';
import { env, flush, make, online, s, studio, useStudioTestBed } from './studio.fixture.ts';
import type { FakeTrack } from './testFakes.ts';

// The capture (studioCapture.ts), through the studio: the microphone, the camera and the screen
// share, switching them while live, and captures that arrive after the tab closed.
describe('stream studio (spec 2 §2.6, §4.14, §5.10)', () => {
  useStudioTestBed();

  describe('on open', () => {
    it('logs a refused microphone and resets the local state', async () => {
      env.devices.failNext = true;
      make();
      await studio.open();
      expect(s().microphoneEnabled).toBe(false);
      expect(s().cameraActive || s().displayActive || s().localVideoPlaying).toBe(false);
    });
  });

  describe('configure_streaming (recording presets of spec 4)', () => {
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

  describe('capture source and go_live (steps 3–5)', () => {
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
  });

  describe('end_transmission (step 6) and save_webinar_video (step 7)', () => {
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
  });
});
