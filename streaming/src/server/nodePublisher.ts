import { spawn, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import { MediaStreamTrack, RTCRtpCodecParameters, RtpPacket, useNACK, usePLI, type RTCPeerConnection } from 'werift';
import { mungePublishSdp, type SdpMungeOptions } from '../browser/sdp.ts';
import { SignallingSession, type PublishAnswer, type SocketFactory } from '../browser/signalling.ts';
import { newPeerConnection } from './peerConnection.ts';
import { payloadDigest } from './nodeViewer.ts';

/**
 * A publisher without a browser, for the ingest's tests and the benchmark: ffmpeg makes a test
 * picture and tone (H.264 + Opus over RTP), werift sends them as WebRTC, and the offer goes
 * through the same signalling client and §7.3 rewriting as the studio's.
 */
export interface NodePublisherOptions {
  sdpUrl: string;
  applicationName: string;
  streamName: string;
  openSocket: SocketFactory;
  ffmpegPath?: string;
  width?: number;
  height?: number;
  frameRate?: number;
  /** kbps */
  videoBitrate?: number;
  munge?: SdpMungeOptions;
  /** the picture carries the wall clock (ms) as text, for latency measurements */
  clock?: boolean;
}

/** About a minute of the test picture's video packets. */
const SENT_DIGESTS = 6000;

function boundSocket(): Promise<dgram.Socket> {
  return new Promise((resolve) => {
    const socket = dgram.createSocket('udp4');
    socket.bind(0, '127.0.0.1', () => resolve(socket));
  });
}

export class NodePublisher {
  private pc: RTCPeerConnection | null = null;
  private ffmpeg: ChildProcess | null = null;
  private sockets: dgram.Socket[] = [];
  private session: SignallingSession | null = null;
  answer: PublishAnswer | null = null;
  packetsSent = 0;
  /** digests of the latest video payloads sent (a viewer's must be among them: forwarded as is) */
  readonly sentVideoDigests = new Set<string>();
  /** keyframe requests (PLI) the ingest sent this publisher */
  keyframeRequests = 0;

  private constructor(private readonly options: NodePublisherOptions) {}

  static async start(options: NodePublisherOptions): Promise<NodePublisher> {
    const publisher = new NodePublisher(options);
    try {
      await publisher.connect();
      return publisher;
    } catch (error) {
      await publisher.close();
      throw error;
    }
  }

  private async connect() {
    const o = this.options;
    const video = new MediaStreamTrack({ kind: 'video' });
    const audio = new MediaStreamTrack({ kind: 'audio' });
    const pc = newPeerConnection({
      codecs: {
        video: [new RTCRtpCodecParameters({ mimeType: 'video/H264', clockRate: 90000, rtcpFeedback: [useNACK(), usePLI()], parameters: 'packetization-mode=1;profile-level-id=42e01f;level-asymmetry-allowed=1' })],
        audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2 })],
      },
      iceServers: [],
      iceUseIpv6: false,
      bundlePolicy: 'max-bundle',
    });
    this.pc = pc;
    const videoTransceiver = pc.addTransceiver(video, { direction: 'sendonly' });
    videoTransceiver.sender.onPictureLossIndication.subscribe(() => {
      this.keyframeRequests += 1;
    });
    pc.addTransceiver(audio, { direction: 'sendonly' });
    await pc.setLocalDescription(await pc.createOffer());
    const offer = pc.localDescription!.sdp;
    const { session, answer } = await SignallingSession.sendOffer(o.openSocket, {
      url: o.sdpUrl,
      streamInfo: { applicationName: o.applicationName, streamName: o.streamName, sessionId: '[empty]' },
      sdp: o.munge ? mungePublishSdp(offer, o.munge) : offer,
    });
    this.session = session;
    this.answer = answer;
    await pc.setRemoteDescription(answer.sdp);

    const [videoIn, audioIn] = [await boundSocket(), await boundSocket()];
    this.sockets.push(videoIn, audioIn);
    videoIn.on('message', (buffer) => {
      this.packetsSent += 1;
      this.sentVideoDigests.add(payloadDigest(RtpPacket.deSerialize(buffer).payload));
      if (this.sentVideoDigests.size > SENT_DIGESTS) this.sentVideoDigests.delete(this.sentVideoDigests.values().next().value!);
      video.writeRtp(buffer);
    });
    audioIn.on('message', (buffer) => audio.writeRtp(buffer));
    const width = o.width ?? 640;
    const height = o.height ?? 360;
    const fps = o.frameRate ?? 30;
    const picture = o.clock
      ? `testsrc2=size=${width}x${height}:rate=${fps},drawtext=text='%{eif\\:t*1000\\:d}':fontsize=${Math.round(height / 8)}:x=10:y=10:fontcolor=white:box=1:boxcolor=black`
      : `testsrc2=size=${width}x${height}:rate=${fps}`;
    this.ffmpeg = spawn(o.ffmpegPath ?? 'ffmpeg', [
      '-hide_banner', '-loglevel', 'error', '-nostdin', '-re',
      '-f', 'lavfi', '-i', picture,
      '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
      '-map', '0:v', '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-profile:v', 'baseline', '-pix_fmt', 'yuv420p',
      '-g', String(fps), '-b:v', `${o.videoBitrate ?? 800}k`,
      '-f', 'rtp', '-payload_type', '96', `rtp://127.0.0.1:${(videoIn.address()).port}?pkt_size=1200`,
      '-map', '1:a', '-c:a', 'libopus', '-b:a', '64k', '-ar', '48000', '-ac', '2',
      '-f', 'rtp', '-payload_type', '111', `rtp://127.0.0.1:${(audioIn.address()).port}?pkt_size=1200`,
    ], { stdio: 'ignore' });
  }

  get sessionId(): string | null {
    return this.answer?.streamInfo.sessionId ?? null;
  }

  /** The publisher vanishes without a goodbye (a closed laptop): media stops, nothing is signalled. */
  stopMedia(): void {
    this.ffmpeg?.kill('SIGKILL');
    this.ffmpeg = null;
  }

  async close(): Promise<void> {
    this.stopMedia();
    this.session?.close();
    for (const socket of this.sockets.splice(0)) socket.close();
    const pc = this.pc;
    this.pc = null;
    if (pc) await Promise.race([pc.close(), new Promise((resolve) => setTimeout(resolve, 2000))]);
  }
}
