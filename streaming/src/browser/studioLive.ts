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

/**
 * Waits before each attempt to publish again after the connection dropped: soon at first (a
 * network that blinked), then further apart (an ingest restarting); about two minutes in all: an
 * API process restarting with a deploy (or on a busy machine, 75 s in the resilience e2e) takes
 * longer than the 45 s this was, and an instructor would rather wait than start over.
 */
export const RECONNECT_DELAYS_MS: readonly number[] = [1000, 2000, 4000, ...Array<number>(14).fill(8000)];

/** publish() was stopped meanwhile (the transmission ended, the tab closed) */
const STOPPED = Symbol('stopped');

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
    if (this.host.state.server !== 'online' || this.current || this.host.state.ending || this.host.state.reconnecting) return;
    let sdp: WebcastSdp;
    try {
      sdp = await this.api.sdp();
    } catch (error) {
      this.host.log('signalling coordinates not available', error);
      return;
    }
    const error = await this.publish(sdp);
    if (error === null || error === STOPPED) return;
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

  /**
   * One publisher sending the capture: null once the answer is applied, STOPPED when publishing
   * was stopped meanwhile, else why it failed (a SignallingError, a media error).
   */
  private async publish(sdp: WebcastSdp): Promise<unknown> {
    const video = this.capture.videoTrack;
    if (!video) return new Error('no capture');
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
      await publisher.publish({ video, audio, stream: this.env.createStream(audio ? [video, audio] : [video]) });
      return null;
    } catch (error) {
      if (this.current !== publisher) return STOPPED;
      this.current = null;
      publisher.stop();
      return error;
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

  /**
   * The connection dropped (the publisher's network, or the ingest restarting): the studio
   * publishes again after RECONNECT_DELAYS_MS, and the ingest takes the new session into the
   * same live playlist after a discontinuity. A channel the ingest no longer knows (404: it
   * restarted, or gave the session up) is opened again first. Past the last delay it gives up.
   */
  private publisherLost(publisher: Publisher) {
    if (this.current !== publisher || this.host.state.ending) return;
    this.timers.cancelLive();
    this.current = null;
    this.host.log('the connection to the streaming server dropped; publishing again');
    this.host.set({ reconnecting: true });
    this.retry(0);
  }

  private retry(attempt: number) {
    const delay = RECONNECT_DELAYS_MS[attempt];
    if (delay === undefined) {
      this.giveUp();
      return;
    }
    this.timers.reconnect(delay, () => void this.reconnect(attempt));
  }

  private async reconnect(attempt: number) {
    if (!this.host.state.reconnecting || this.host.state.ending) return;
    let error: unknown;
    try {
      error = await this.publish(await this.api.sdp());
    } catch (failure) {
      // the API itself is not back yet
      error = failure;
    }
    if (error === STOPPED || !this.host.state.reconnecting) return;
    if (error === null) {
      this.host.set({ reconnecting: false });
      return;
    }
    this.host.log(`publishing again failed (attempt ${attempt + 1})`, error);
    if (error instanceof SignallingError && error.kind === 'status' && error.status === 404) {
      // the channel is gone (a restarted ingest): a new one, under a new stream name the next sdp() returns
      await this.api.startStreaming().catch((failure: unknown) => this.host.log('start_streaming failed', failure));
    }
    this.retry(attempt + 1);
  }

  /** Every attempt failed: the transmission is interrupted (spec 2 §4.14 "The server starts offline"). */
  private giveUp() {
    this.stop();
    this.host.set({ publishing: false, live: false, server: 'offline' });
    this.host.notify({ key: 'transmission_interrupted', type: 'error' });
  }

  /** Publishing stops (the live confirmation too). */
  stop(): void {
    this.timers.cancelLive();
    this.timers.cancelReconnect();
    if (this.host.state.reconnecting) this.host.set({ reconnecting: false });
    this.current?.stop();
    this.current = null;
  }
}
