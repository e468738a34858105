import type { RecordingPresetId } from '@lp/shared/contract';
import { cameraConstraints, displayConstraints, microphoneConstraints, type MediaDevicesLike } from './devices.ts';
import type { Publisher } from './publisher.ts';
import type { CaptureSource, MediaEnv } from './studioState.ts';

/**
 * The stream studio's local capture (spec 2 §2.6, §4.14 steps 3 and 5): the microphone, the
 * camera or screen track, and the screen share's own audio. While publishing, the tracks being
 * sent follow the capture by replacement (no renegotiation). The studio (studio.ts) decides when
 * to capture and what its snapshot shows; this holds the tracks.
 */

/** What the capture reads from the studio that owns it. */
export interface CaptureHost {
  /** the tab closed: a capture that arrives now is stopped at once */
  readonly disposed: boolean;
  /** the publisher while publishing, whose tracks follow the capture */
  readonly publisher: Publisher | null;
  log(message: string, error?: unknown): void;
}

/** Asks the browser for the camera (getUserMedia) or the screen (getDisplayMedia), sized by the recording preset. */
export async function requestSource(
  devices: MediaDevicesLike, source: CaptureSource, videoDeviceId: string | null, preset: RecordingPresetId,
): Promise<MediaStream> {
  if (source === 'camera') return devices.getUserMedia({ video: cameraConstraints(videoDeviceId, preset), audio: false });
  if (!devices.getDisplayMedia) throw new Error('screen capture is not supported');
  return devices.getDisplayMedia(displayConstraints(preset));
}

export function stopTracks(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

export class StudioCapture {
  private microphone: MediaStreamTrack | null = null;
  private video: MediaStreamTrack | null = null;
  /** the screen share's own audio, when the browser gave one */
  private displayAudio: MediaStreamTrack | null = null;

  constructor(private readonly env: MediaEnv, private readonly host: CaptureHost) {}

  /** the camera or screen track shown, and sent while publishing */
  get videoTrack(): MediaStreamTrack | null {
    return this.video;
  }

  get hasMicrophone(): boolean {
    return this.microphone !== null;
  }

  /** The audio that goes out: the screen share's own, otherwise the microphone. */
  outgoingAudio(): MediaStreamTrack | null {
    return this.displayAudio ?? this.microphone;
  }

  /**
   * Captures the microphone (again, with the chosen device); while publishing it replaces the
   * audio being sent unless a screen share sends its own. False when the tab closed meanwhile;
   * throws when access fails.
   */
  async startMicrophone(deviceId: string | null): Promise<boolean> {
    const stream = await this.env.mediaDevices!.getUserMedia({ audio: microphoneConstraints(deviceId), video: false });
    if (this.released(stream)) return false;
    const track = stream.getAudioTracks()[0] ?? null;
    if (!track) throw new Error('no audio track');
    const previous = this.microphone;
    this.microphone = track;
    if (this.host.publisher && !this.displayAudio) await this.host.publisher.replaceAudio(track);
    previous?.stop();
    return true;
  }

  /** A capture that arrives after the tab closed is stopped at once (no camera light left on). */
  released(stream: MediaStream): boolean {
    if (!this.host.disposed) return false;
    stopTracks(stream);
    return true;
  }

  /**
   * Makes `video` (from `stream`) the source. While publishing, the tracks being sent are
   * replaced; the tracks it takes over from are stopped.
   */
  async use(source: CaptureSource, stream: MediaStream, video: MediaStreamTrack): Promise<void> {
    const previousVideo = this.video;
    const previousDisplayAudio = this.displayAudio;
    this.video = video;
    // spec 2 §2.6: "With a screen share that has no audio track, the microphone audio is added."
    this.displayAudio = source === 'display' ? stream.getAudioTracks()[0] ?? null : null;
    if (this.host.publisher) {
      try {
        await this.host.publisher.replaceVideo(video);
        await this.host.publisher.replaceAudio(this.outgoingAudio());
      } catch (error) {
        this.host.log('source switch failed', error);
      }
    }
    if (previousVideo && previousVideo !== video) previousVideo.stop();
    if (previousDisplayAudio && previousDisplayAudio !== this.displayAudio) previousDisplayAudio.stop();
  }

  /** Stops and forgets every track: the source, the screen share's audio and the microphone. */
  stop(): void {
    for (const track of [this.video, this.displayAudio, this.microphone]) track?.stop();
    this.video = null;
    this.displayAudio = null;
    this.microphone = null;
  }
}
