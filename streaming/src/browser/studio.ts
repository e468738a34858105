import {
  DEFAULT_RECORDING_PRESET, MEDIA_SETTINGS, RECORDING_PRESETS, STREAMING_TIMINGS, WEBCAST_STATUS, presetTranscoderFields,
  type ConfigStreamingBody, type DownloadStreamingAnswer, type RecordingPresetId, type StreamingStateAnswer, type WebcastSdp,
} from '@lp/shared';
import {
  cameraConstraints, displayConstraints, listDevices, microphoneConstraints, supportsMediaDevices,
  type DeviceOption, type MediaDevicesLike,
} from './devices.ts';
import { Publisher, type PeerConnectionLike } from './publisher.ts';
import { SignallingError } from './signalling.ts';
import {
  browserMediaEnv, statusOf,
  type CaptureSource, type MediaEnv, type StudioApi, type StudioBase, type StudioNotice, type StudioOptions, type StudioSnapshot,
} from './studioState.ts';

/**
 * The stream studio (spec 2 §2.6, §4.14, §5.10): devices, the recording preset, the streaming
 * server's state with its poll, the capture source, going live, switching sources while live,
 * ending, and saving the recording. UI-free: the admin's stream tab renders its snapshot and
 * calls its actions; tests drive it with fake timers, a fake API and fake media.
 */

export class StreamStudio {
  private state: StudioSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly env: MediaEnv;
  private readonly api: StudioApi;
  private microphone: MediaStreamTrack | null = null;
  private videoTrack: MediaStreamTrack | null = null;
  /** the screen share's own audio, when the browser gave one */
  private displayAudio: MediaStreamTrack | null = null;
  private publisher: Publisher | null = null;
  private statePoll: ReturnType<typeof setInterval> | null = null;
  private conversionPoll: ReturnType<typeof setInterval> | null = null;
  private timers: Array<ReturnType<typeof setTimeout>> = [];
  private liveTimer: ReturnType<typeof setTimeout> | null = null;
  private disposed = false;

  constructor(private readonly options: StudioOptions) {
    this.env = options.env ?? browserMediaEnv();
    this.api = options.api;
    const { webcast } = options;
    const base: StudioBase = {
      supported: supportsMediaDevices(this.env.mediaDevices),
      ready: false,
      audioDevices: [],
      videoDevices: [],
      audioDeviceId: null,
      videoDeviceId: null,
      preset: DEFAULT_RECORDING_PRESET,
      cameraActive: false,
      displayActive: false,
      localVideoPlaying: false,
      microphoneEnabled: false,
      transcoderConfigured: false,
      server: 'offline',
      publishing: false,
      live: false,
      ending: false,
      completed: !!webcast.transmission_completed,
      downloaded: !!webcast.transmission_downloaded,
      converting: webcast.status === WEBCAST_STATUS.converting,
      saving: false,
      preview: null,
    };
    this.state = { ...base, status: statusOf(base) };
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

  private later(ms: number, run: () => void) {
    const timer = setTimeout(() => {
      this.timers = this.timers.filter((t) => t !== timer);
      run();
    }, ms);
    this.timers.push(timer);
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
      const stream = await this.env.mediaDevices!.getUserMedia({ audio: microphoneConstraints(this.state.audioDeviceId), video: false });
      if (this.released(stream)) return false;
      const track = stream.getAudioTracks()[0] ?? null;
      if (!track) throw new Error('no audio track');
      const previous = this.microphone;
      this.microphone = track;
      if (this.publisher && !this.displayAudio) await this.publisher.replaceAudio(track);
      previous?.stop();
      this.set({ microphoneEnabled: true });
      return true;
    } catch (error) {
      // spec 2 §8 "Media access failure: logged, and streaming is reset"
      this.log('microphone access failed', error);
      this.resetLocal();
      return false;
    }
  }

  /** A capture that arrives after the tab closed is stopped at once (no camera light left on). */
  private released(stream: MediaStream): boolean {
    if (!this.disposed) return false;
    for (const track of stream.getTracks()) track.stop();
    return true;
  }

  /** spec 2 §4.14 "If no video track is obtained, all of these flags are reset." */
  private resetLocal() {
    for (const track of [this.videoTrack, this.displayAudio, this.microphone]) track?.stop();
    this.videoTrack = null;
    this.displayAudio = null;
    this.microphone = null;
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
      this.stopStatePoll();
      this.set({ server: 'offline' });
    } else if (state === 'starting') {
      this.set({ server: 'starting' });
    } else {
      this.stopStatePoll();
      this.set({ server: 'online' });
    }
  }

  private pollState() {
    this.stopStatePoll();
    this.statePoll = setInterval(() => {
      this.api.streamingState().then((answer) => {
        if (this.statePoll) this.applyState(answer);
      }, (error) => this.log('streaming_state failed', error));
    }, STREAMING_TIMINGS.statePollMs);
  }

  private stopStatePoll() {
    if (this.statePoll) clearInterval(this.statePoll);
    this.statePoll = null;
  }

  // ---- capture source (steps 3 and 5) ----

  startWithCamera = () => this.selectSource('camera');
  startWithDisplay = () => this.selectSource('display');
  shareCamera = () => this.selectSource('camera');
  shareScreen = () => this.selectSource('display');

  /** The audio that goes out: the screen share's own, otherwise the microphone. */
  private outgoingAudio(): MediaStreamTrack | null {
    return this.displayAudio ?? this.microphone;
  }

  async selectSource(source: CaptureSource): Promise<void> {
    const devices = this.env.mediaDevices;
    if (!devices) return;
    let stream: MediaStream;
    try {
      if (source === 'camera') {
        stream = await devices.getUserMedia({ video: cameraConstraints(this.state.videoDeviceId, this.state.preset), audio: false });
      } else {
        if (!devices.getDisplayMedia) throw new Error('screen capture is not supported');
        stream = await devices.getDisplayMedia(displayConstraints(this.state.preset));
      }
    } catch (error) {
      this.log(`${source} access failed`, error);
      // a cancelled screen picker keeps the source that was on
      if (!this.videoTrack) this.resetLocal();
      return;
    }
    if (this.released(stream)) return;
    const video = stream.getVideoTracks()[0];
    if (!video) {
      for (const track of stream.getTracks()) track.stop();
      this.resetLocal();
      return;
    }
    // the microphone comes back with a source after a reset (spec 2 §2.6 "starts audio capture")
    if (!this.microphone && this.state.audioDevices.length > 0 && !(await this.startMicrophone())) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    const previousVideo = this.videoTrack;
    const previousDisplayAudio = this.displayAudio;
    this.videoTrack = video;
    // spec 2 §2.6: "With a screen share that has no audio track, the microphone audio is added."
    this.displayAudio = source === 'display' ? stream.getAudioTracks()[0] ?? null : null;
    if (this.publisher) {
      try {
        await this.publisher.replaceVideo(video);
        await this.publisher.replaceAudio(this.outgoingAudio());
      } catch (error) {
        this.log('source switch failed', error);
      }
    }
    if (previousVideo && previousVideo !== video) previousVideo.stop();
    if (previousDisplayAudio && previousDisplayAudio !== this.displayAudio) previousDisplayAudio.stop();
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
    if (track !== this.videoTrack || this.state.ending) return;
    if (this.publisher && this.state.displayActive && this.state.videoDevices.length > 0) {
      void this.selectSource('camera');
      return;
    }
    this.resetLocal();
  }

  // ---- go_live (step 4) ----

  async goLive(): Promise<void> {
    // spec 2 §5.10 "Going live without a chosen capture device shows 'select_capture_device_first'."
    if (!this.videoTrack || !(this.state.cameraActive || this.state.displayActive)) {
      this.notify({ key: 'select_capture_device_first', type: 'warning' });
      return;
    }
    if (this.state.server !== 'online' || this.publisher || this.state.ending) return;
    let sdp: WebcastSdp;
    try {
      sdp = await this.api.sdp();
    } catch (error) {
      this.log('signalling coordinates not available', error);
      return;
    }
    const preset = RECORDING_PRESETS[this.state.preset];
    const publisher = new Publisher({
      sdp,
      munge: {
        videoBitrate: this.state.transcoderConfigured ? preset.bitRate : MEDIA_SETTINGS.video.bitrate,
        audioBitrate: MEDIA_SETTINGS.audio.bitrate,
        videoFrameRate: MEDIA_SETTINGS.video.frameRate,
      },
      createPeerConnection: this.env.createPeerConnection,
      openSocket: this.env.openSocket,
      onOfferSent: () => this.scheduleLive(publisher),
      onDisconnected: () => this.publisherLost(publisher),
    });
    this.publisher = publisher;
    this.set({ publishing: true });
    const audio = this.outgoingAudio();
    try {
      await publisher.publish({
        video: this.videoTrack,
        audio,
        stream: this.env.createStream(audio ? [this.videoTrack, audio] : [this.videoTrack]),
      });
    } catch (error) {
      if (this.publisher !== publisher) return;
      this.stopPublisher();
      this.set({ publishing: false, live: false });
      if (error instanceof SignallingError) {
        // spec 2 §8: the server's statusDescription, or 'WebSocket connection failed: {url}'; publishing stops
        this.notify(error.kind === 'status'
          ? { text: error.message, type: 'error' }
          : { key: 'websocket_connection_failed', type: 'error', args: { url: error.url } });
      } else {
        this.log('publishing failed', error);
      }
    }
  }

  /** spec 2 §4.14: "2.5 s after the offer, the product marks the stream live, calls streaming_is_live and notifies 'live'." */
  private scheduleLive(publisher: Publisher) {
    if (this.liveTimer) clearTimeout(this.liveTimer);
    this.liveTimer = setTimeout(() => {
      this.liveTimer = null;
      if (this.publisher !== publisher || this.state.ending) return;
      this.set({ live: true });
      this.api.streamingIsLive().catch((error) => this.log('streaming_is_live failed', error));
      this.notify({ key: 'live', type: 'success' });
    }, STREAMING_TIMINGS.liveConfirmationMs);
  }

  /** The connection dropped: the ingest ends the session on its side and goes offline. */
  private publisherLost(publisher: Publisher) {
    if (this.publisher !== publisher || this.state.ending) return;
    this.stopPublisher();
    this.set({ publishing: false, live: false, server: 'offline' });
    this.notify({ key: 'transmission_interrupted', type: 'error' });
  }

  private stopPublisher() {
    if (this.liveTimer) clearTimeout(this.liveTimer);
    this.liveTimer = null;
    this.publisher?.stop();
    this.publisher = null;
  }

  // ---- end_transmission (step 6) ----

  /** Call after the user confirmed. */
  endTransmission(): void {
    if (this.state.ending) return;
    this.stopStatePoll();
    this.set({ ending: true });
    this.later(STREAMING_TIMINGS.tracksStopMs, () => {
      for (const track of [this.videoTrack, this.displayAudio, this.microphone]) track?.stop();
      this.videoTrack = null;
      this.displayAudio = null;
      this.microphone = null;
      this.set({ cameraActive: false, displayActive: false, localVideoPlaying: false, microphoneEnabled: false, preview: null });
    });
    this.later(STREAMING_TIMINGS.stopCallMs, () => {
      this.stopPublisher();
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
    if (this.conversionPoll) return;
    this.conversionPoll = setInterval(() => {
      this.api.streamingState().then((answer) => {
        if (answer.status === WEBCAST_STATUS.converting) return;
        if (this.conversionPoll) clearInterval(this.conversionPoll);
        this.conversionPoll = null;
        this.set({ converting: false, downloaded: answer.transmission_downloaded });
      }, (error) => this.log('streaming_state failed', error));
    }, STREAMING_TIMINGS.statePollMs);
  }

  /** The tab closes: timers stop, capture stops, the publisher disconnects. */
  dispose(): void {
    this.stopStatePoll();
    if (this.conversionPoll) clearInterval(this.conversionPoll);
    this.conversionPoll = null;
    for (const timer of this.timers.splice(0)) clearTimeout(timer);
    this.stopPublisher();
    for (const track of [this.videoTrack, this.displayAudio, this.microphone]) track?.stop();
    this.videoTrack = null;
    this.displayAudio = null;
    this.microphone = null;
    this.disposed = true;
    this.listeners.clear();
  }
}
