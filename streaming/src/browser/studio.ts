import {
  STREAMING_TIMINGS, presetTranscoderFields, type DownloadStreamingAnswer, type RecordingPresetId, type StreamingStateAnswer,
} from '@lp/shared/contract';
import { WEBCAST_STATUS } from '@lp/shared/rules';
import { listDevices, supportsMediaDevices, type DeviceOption } from './devices.ts';
import { StudioCapture, requestSource, stopTracks, type CaptureHost } from './studioCapture.ts';
import { StudioLive, type LiveHost } from './studioLive.ts';
import {
  browserMediaEnv, initialSnapshot, statusOf,
  type CaptureSource, type MediaEnv, type StudioApi, type StudioBase, type StudioNotice, type StudioOptions, type StudioSnapshot,
} from './studioState.ts';
import { StudioTimers } from './studioTimers.ts';

/**
 * The stream studio (spec 2 §2.6, §4.14, §5.10): devices, the recording preset, the streaming
 * server's state with its poll, the capture source, going live, switching sources while live,
 * ending, and saving the recording. UI-free: the admin's stream tab renders its snapshot and
 * calls its actions; tests drive it with fake timers, a fake API and fake media.
 * The tracks are held by studioCapture.ts, the publisher by studioLive.ts, the clocks by
 * studioTimers.ts.
 */

export class StreamStudio {
  private state: StudioSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly env: MediaEnv;
  private readonly api: StudioApi;
  private readonly capture: StudioCapture;
  private readonly timers = new StudioTimers();
  private readonly live: StudioLive;
  private disposed = false;

  constructor(private readonly options: StudioOptions) {
    this.env = options.env ?? browserMediaEnv();
    this.api = options.api;
    this.state = initialSnapshot(options.webcast, supportsMediaDevices(this.env.mediaDevices));
    // what the capture and going live read from the studio, and how they update its snapshot
    const studio = () => this;
    const host: CaptureHost & LiveHost = {
      get disposed() {
        return studio().disposed;
      },
      get publisher() {
        return studio().live.publisher;
      },
      get state() {
        return studio().state;
      },
      set: (patch) => this.set(patch),
      notify: (notice) => this.notify(notice),
      log: (message, error) => this.log(message, error),
    };
    this.capture = new StudioCapture(this.env, host);
    this.live = new StudioLive(this.env, this.api, this.capture, this.timers, host);
  }

  // ---- store (useSyncExternalStore) ----

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getSnapshot = (): StudioSnapshot => this.state;

  private set(patch: Partial<StudioBase>) {
    if (this.disposed) return;
    const next = { ...this.state, ...patch };
    this.state = { ...next, status: statusOf(next) };
    for (const listener of this.listeners) listener();
  }

  private log(message: string, error?: unknown) {
    this.options.log?.(message, error);
  }

  private notify(notice: StudioNotice) {
    if (!this.disposed) this.options.notify(notice);
  }

  // ---- on open (spec 2 §2.6) ----

  /** Lists cameras and microphones and starts audio capture. */
  async open(): Promise<void> {
    if (!this.state.supported) return;
    await this.refreshDevices();
    const { audioDevices, videoDevices } = this.state;
    if (audioDevices.length === 0) this.notify({ key: 'no_audio_input_device_found', type: 'error' });
    if (videoDevices.length === 0) this.notify({ key: 'no_video_input_device_found', type: 'warning' });
    if (audioDevices.length > 0) {
      await this.startMicrophone();
      // labels are readable once capture is allowed
      await this.refreshDevices();
    }
    if (this.state.converting) this.watchConversion();
  }

  private async refreshDevices() {
    try {
      const lists = await listDevices(this.env.mediaDevices!);
      const keep = (id: string | null, options: DeviceOption[]) => (id && options.some((o) => o.value === id) ? id : options[0]?.value ?? null);
      this.set({
        ready: true,
        audioDevices: lists.audio,
        videoDevices: lists.video,
        audioDeviceId: keep(this.state.audioDeviceId, lists.audio),
        videoDeviceId: keep(this.state.videoDeviceId, lists.video),
      });
    } catch (error) {
      this.log('device list failed', error);
      this.set({ ready: true });
    }
  }

  private async startMicrophone(): Promise<boolean> {
    try {
      if (!(await this.capture.startMicrophone(this.state.audioDeviceId))) return false;
      this.set({ microphoneEnabled: true });
      return true;
    } catch (error) {
      // spec 2 §8 "Media access failure: logged, and streaming is reset"
      this.log('microphone access failed', error);
      this.resetLocal();
      return false;
    }
  }

  /** spec 2 §4.14 "If no video track is obtained, all of these flags are reset." */
  private resetLocal() {
    this.capture.stop();
    this.set({ cameraActive: false, displayActive: false, localVideoPlaying: false, microphoneEnabled: false, transcoderConfigured: false, preview: null });
  }

  // ---- configure_streaming and device_options ----

  /**
   * spec 2 §2.6 configure_streaming: the devices and the recording quality. Saving the quality
   * sets the resolution and bitrate and stores the transcoder configuration (config_streaming);
   * 'transcoder configured' is set only when that succeeds.
   */
  async configure(choice: { audioDeviceId: string | null; videoDeviceId: string | null; preset: RecordingPresetId }): Promise<boolean> {
    const devicesChanged = choice.audioDeviceId !== this.state.audioDeviceId || choice.videoDeviceId !== this.state.videoDeviceId;
    const presetChanged = choice.preset !== this.state.preset;
    this.set({ audioDeviceId: choice.audioDeviceId, videoDeviceId: choice.videoDeviceId, preset: choice.preset });
    let saved: boolean;
    try {
      await this.api.configStreaming(presetTranscoderFields(choice.preset));
      this.set({ transcoderConfigured: true });
      this.notify({ key: 'config_save_ok', type: 'success' });
      saved = true;
    } catch (error) {
      this.log('config_streaming failed', error);
      this.set({ transcoderConfigured: false });
      this.notify({ key: 'config_save_error', type: 'error' });
      saved = false;
    }
    if (devicesChanged || presetChanged) await this.reacquire(devicesChanged);
    return saved;
  }

  /** spec 2 §2.6 device_options: "Applying it requests the devices again with the chosen ids." */
  async applyDeviceOptions(choice: { audioDeviceId: string | null; videoDeviceId: string | null }): Promise<void> {
    this.set({ audioDeviceId: choice.audioDeviceId, videoDeviceId: choice.videoDeviceId });
    await this.reacquire(true);
  }

  private async reacquire(microphoneToo: boolean) {
    if (microphoneToo && this.state.audioDevices.length > 0) await this.startMicrophone();
    if (this.state.cameraActive) await this.selectSource('camera');
  }

  // ---- create_transmission (spec 2 §4.14 step 2) ----

  async createTransmission(): Promise<void> {
    if (this.state.server !== 'offline' || this.state.ending) return;
    const wasCompleted = this.state.completed;
    // a new transmission of a completed webcast records on (the server appends to its recording)
    this.set({ server: 'starting', completed: false });
    let answer: StreamingStateAnswer;
    try {
      answer = await this.api.startStreaming();
    } catch (error) {
      // spec 2 §8: webcast server errors are only logged
      this.log('start_streaming failed', error);
      this.set({ server: 'offline', completed: wasCompleted });
      return;
    }
    if (answer.meta) {
      this.set({ server: 'online' });
      return;
    }
    this.applyState(answer);
    if (answer.live_stream.state === 'starting') this.pollState();
  }

  /** 'stopped' means offline; 'starting' means starting; any other state means started. */
  private applyState(answer: StreamingStateAnswer) {
    const state = answer.live_stream?.state;
    if (state === 'stopped') {
      this.timers.stopStatePoll();
      this.set({ server: 'offline' });
    } else if (state === 'starting') {
      this.set({ server: 'starting' });
    } else {
      this.timers.stopStatePoll();
      this.set({ server: 'online' });
    }
  }

  private pollState() {
    this.timers.pollState(() => {
      this.api.streamingState().then((answer) => {
        if (this.timers.pollingState) this.applyState(answer);
      }, (error) => this.log('streaming_state failed', error));
    });
  }

  // ---- capture source (steps 3 and 5) ----

  startWithCamera = () => this.selectSource('camera');
  startWithDisplay = () => this.selectSource('display');
  shareCamera = () => this.selectSource('camera');
  shareScreen = () => this.selectSource('display');

  async selectSource(source: CaptureSource): Promise<void> {
    const devices = this.env.mediaDevices;
    if (!devices) return;
    let stream: MediaStream;
    try {
      stream = await requestSource(devices, source, this.state.videoDeviceId, this.state.preset);
    } catch (error) {
      this.log(`${source} access failed`, error);
      // a cancelled screen picker keeps the source that was on
      if (!this.capture.videoTrack) this.resetLocal();
      return;
    }
    if (this.capture.released(stream)) return;
    const video = stream.getVideoTracks()[0];
    if (!video) {
      stopTracks(stream);
      this.resetLocal();
      return;
    }
    // the microphone comes back with a source after a reset (spec 2 §2.6 "starts audio capture")
    if (!this.capture.hasMicrophone && this.state.audioDevices.length > 0 && !(await this.startMicrophone())) {
      stopTracks(stream);
      return;
    }
    await this.capture.use(source, stream, video);
    video.addEventListener('ended', () => this.sourceEnded(video));
    this.set({
      cameraActive: source === 'camera',
      displayActive: source === 'display',
      localVideoPlaying: true,
      preview: this.env.createStream([video]),
    });
  }

  /** The browser's own "stop sharing" ends the screen track: back to the camera while live. */
  private sourceEnded(track: MediaStreamTrack) {
    if (track !== this.capture.videoTrack || this.state.ending) return;
    if (this.live.publisher && this.state.displayActive && this.state.videoDevices.length > 0) {
      void this.selectSource('camera');
      return;
    }
    this.resetLocal();
  }

  // ---- go_live (step 4) ----

  goLive(): Promise<void> {
    return this.live.goLive();
  }

  // ---- end_transmission (step 6) ----

  /** Call after the user confirmed. */
  endTransmission(): void {
    if (this.state.ending) return;
    this.timers.stopStatePoll();
    this.set({ ending: true });
    this.timers.later(STREAMING_TIMINGS.tracksStopMs, () => {
      this.capture.stop();
      this.set({ cameraActive: false, displayActive: false, localVideoPlaying: false, microphoneEnabled: false, preview: null });
    });
    this.timers.later(STREAMING_TIMINGS.stopCallMs, () => {
      this.live.stop();
      const done = (answer?: StreamingStateAnswer) => {
        // streamed again after a saved video: the server says whether this recording still needs saving
        const flags = answer ? { downloaded: answer.transmission_downloaded } : {};
        this.set({ ending: false, publishing: false, live: false, server: 'offline', completed: true, ...flags });
        this.notify({ key: 'transmission_ended', type: 'success' });
      };
      this.api.stopStreaming().then((answer) => done(answer), (error) => {
        this.log('stop_streaming failed', error);
        done();
      });
    });
  }

  // ---- save_webinar_video (step 7) ----

  async saveVideo(): Promise<void> {
    if (this.state.saving) return;
    this.set({ saving: true });
    let answer: { status: number; body?: DownloadStreamingAnswer };
    try {
      answer = await this.api.downloadStreaming();
    } catch (error) {
      this.log('download_streaming failed', error);
      answer = { status: 0 };
    }
    if (answer.status === 202) {
      const converting = (answer.body?.status ?? WEBCAST_STATUS.converting) === WEBCAST_STATUS.converting;
      this.set({ saving: false, downloaded: true, converting });
      this.notify({ key: 'transmission_download_ok', type: 'success' });
      if (converting) this.watchConversion();
    } else {
      // spec 2 §8 transmission_download_error: a warning, and downloaded resets to false
      this.set({ saving: false, downloaded: false });
      this.notify({ key: 'transmission_download_error', type: 'warning' });
    }
  }

  /** While the webcast is converting (status 5), its state is read again every poll period. */
  private watchConversion() {
    this.timers.pollConversion(() => {
      this.api.streamingState().then((answer) => {
        if (answer.status === WEBCAST_STATUS.converting) return;
        this.timers.stopConversionPoll();
        this.set({ converting: false, downloaded: answer.transmission_downloaded });
      }, (error) => this.log('streaming_state failed', error));
    });
  }

  /** The tab closes: timers stop, capture stops, the publisher disconnects. */
  dispose(): void {
    this.timers.stopAll();
    this.live.stop();
    this.capture.stop();
    this.disposed = true;
    this.listeners.clear();
  }
}
