import { describe, expect, it, vi } from 'vitest';
import { api, env, keys, make, notices, online, s, state, studio, useStudioTestBed } from './studio.fixture.ts';

// The clocks (studioTimers.ts), through the studio: the streaming_state poll while the server
// starts, the end_transmission steps, the conversion poll, and everything stopping with the tab.
describe('stream studio (spec 2 §2.6, §4.14, §5.10)', () => {
  useStudioTestBed();

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

    it('keeps watching a conversion that was under way when the tab opened', async () => {
      make({ status: 5, transmission_completed: true, transmission_downloaded: true });
      api.streamingState.mockResolvedValueOnce(state('stopped', { status: 4, transmission_completed: true, transmission_downloaded: true }));
      await studio.open();
      await vi.advanceTimersByTimeAsync(7500);
      expect(s().status).toBe('transmission_ended_ready_to_watch');
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
