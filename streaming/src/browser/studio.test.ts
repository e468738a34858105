import { describe, expect, it, vi } from 'vitest';
import { api, env, keys, make, notices, s, state, studio, useStudioTestBed } from './studio.fixture.ts';
import { DEVICES, fakeEnv } from './testFakes.ts';

// The stream studio's own state machine (studio.ts): opening, configure_streaming, and the
// webcast's flags after a transmission. The capture, going live and the clocks are tested beside
// their modules, in the same describe blocks.
describe('stream studio (spec 2 §2.6, §4.14, §5.10)', () => {
  useStudioTestBed();

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
  });

  describe('end_transmission (step 6) and save_webinar_video (step 7)', () => {
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
  });
});
