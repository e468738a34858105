import { MEDIA_SETTINGS, RECORDING_PRESETS, type WebcastSdp } from '@lp/shared/contract';
import { Publisher } from './publisher.ts';
import { SignallingError } from './signalling.ts';
import type { StudioCapture } from './studioCapture.ts';
import type { MediaEnv, StudioApi, StudioBase, StudioNotice, StudioSnapshot } from './studioState.ts';
import type { StudioTimers } from './studioTimers.ts';

/**
 * The stream studio going live (spec 2 §4.14 step 4, §5.10, §8): the publisher that sends the
 * capture over the signalling socket, the live confirmation after the offer, a failed publish
 * and a dropped connection. The studio (studio.ts) owns it and shows what it sets.
 */

/** What going live reads from and tells the studio that owns it. */
export interface LiveHost {
  readonly state: StudioSnapshot;
  set(patch: Partial<StudioBase>): void;
  notify(notice: StudioNotice): void;
  log(message: string, error?: unknown): void;
}

export class StudioLive {
  private current: Publisher | null = null;

  constructor(
    private readonly env: MediaEnv,
    private readonly api: StudioApi,
    private readonly capture: StudioCapture,
    private readonly timers: StudioTimers,
    private readonly host: LiveHost,
  ) {}

  /** the publisher, from going live until publishing stops */
  get publisher(): Publisher | null {
    return this.current;
  }

  async goLive(): Promise<void> {
    // spec 2 §5.10 "Going live without a chosen capture device shows 'select_capture_device_first'."
    if (!this.capture.videoTrack || !(this.host.state.cameraActive || this.host.state.displayActive)) {
      this.host.notify({ key: 'select_capture_device_first', type: 'warning' });
      return;
    }
    if (this.host.state.server !== 'online' || this.current || this.host.state.ending) return;
    let sdp: WebcastSdp;
    try {
      sdp = await this.api.sdp();
    } catch (error) {
      this.host.log('signalling coordinates not available', error);
      return;
    }
    const preset = RECORDING_PRESETS[this.host.state.preset];
    const publisher = new Publisher({
      sdp,
      munge: {
        videoBitrate: this.host.state.transcoderConfigured ? preset.bitRate : MEDIA_SETTINGS.video.bitrate,
        audioBitrate: MEDIA_SETTINGS.audio.bitrate,
        videoFrameRate: MEDIA_SETTINGS.video.frameRate,
      },
      createPeerConnection: this.env.createPeerConnection,
      openSocket: this.env.openSocket,
      onOfferSent: () => this.scheduleLive(publisher),
      onDisconnected: () => this.publisherLost(publisher),
    });
    this.current = publisher;
    this.host.set({ publishing: true });
    const audio = this.capture.outgoingAudio();
    try {
      await publisher.publish({
        video: this.capture.videoTrack,
        audio,
        stream: this.env.createStream(audio ? [this.capture.videoTrack, audio] : [this.capture.videoTrack]),
      });
    } catch (error) {
      if (this.current !== publisher) return;
      this.stop();
      this.host.set({ publishing: false, live: false });
      if (error instanceof SignallingError) {
        // spec 2 §8: the server's statusDescription, or 'WebSocket connection failed: {url}'; publishing stops
        this.host.notify(error.kind === 'status'
          ? { text: error.message, type: 'error' }
          : { key: 'websocket_connection_failed', type: 'error', args: { url: error.url } });
      } else {
        this.host.log('publishing failed', error);
      }
    }
  }

  /** spec 2 §4.14: "2.5 s after the offer, the product marks the stream live, calls streaming_is_live and notifies 'live'." */
  private scheduleLive(publisher: Publisher) {
    this.timers.confirmLive(() => {
      if (this.current !== publisher || this.host.state.ending) return;
      this.host.set({ live: true });
      this.api.streamingIsLive().catch((error) => this.host.log('streaming_is_live failed', error));
      this.host.notify({ key: 'live', type: 'success' });
    });
  }

  /** The connection dropped: the ingest ends the session on its side and goes offline. */
  private publisherLost(publisher: Publisher) {
    if (this.current !== publisher || this.host.state.ending) return;
    this.stop();
    this.host.set({ publishing: false, live: false, server: 'offline' });
    this.host.notify({ key: 'transmission_interrupted', type: 'error' });
  }

  /** Publishing stops (the live confirmation too). */
  stop(): void {
    this.timers.cancelLive();
    this.current?.stop();
    this.current = null;
  }
}
