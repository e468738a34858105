import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { LiveStreamState, SignallingAnswer, SignallingOffer } from '@lp/shared/contract';
import { ffmpegAvailable, FFMPEG_PLAYLIST, type Transcoder } from './ffmpeg.ts';
import { HlsPublisher } from './hlsPublisher.ts';
import type { HlsStore } from './hlsStore.ts';
import { LivePlaylists } from './livePlaylists.ts';
import type { PlaylistSegment } from './playlist.ts';
import { UdpPortPool } from './ports.ts';
import { PublishSession, UnsupportedOfferError, type EndReason, type Logger, type SessionSummary } from './session.ts';
import { atMostEvery } from './keyframe.ts';
import { LocalViewers, type ViewerHandle, type ViewerHost } from './viewerHost.ts';
import { ViewerRelay } from './viewerRelay.ts';

/**
 * The streaming server (DESIGN "Files and media"), run by the API on its event loop or in a child
 * process of its own (server/src/webcasts/ingestProcess.ts): per webcast, a channel that is
 * started and stopped by the API, takes one publisher at a time over the Wowza-style
 * signalling socket, and keeps the live HLS playlist of the webcast at a fixed address.
 *
 * Media layout under the media root:
 *   webcasts/{id}/live/{key}.m3u8            the viewers' live playlist (ours; a random key per process,
 *                                            as every media path holds one: nothing under /media/ is guessable)
 *   webcasts/{id}/live/{session}/seg_*.ts    one publish session's segments
 *   webcasts/{id}/live/{session}/stream.m3u8 ffmpeg's complete list (the session's recording)
 *   webcasts/{id}/vod/{random}/index.m3u8    the saved video (see vod.ts)
 */

export interface EngineOptions {
  /** $DATA_DIR/media */
  mediaRoot: string;
  /** a private folder for ffmpeg's input files */
  workRoot: string;
  ffmpegPath: string;
  /** even first port, last port: ffmpeg's RTP inputs */
  rtpPorts: [number, number];
  /** werift's ICE ports (any when absent) */
  icePorts?: [number, number];
  /** extra host addresses announced as ICE candidates (the public address behind NAT) */
  iceAddresses?: string[];
  segmentSeconds: number;
  /** segments in the viewers' playlist */
  liveWindow: number;
  frameRate: number;
  x264Preset: string;
  inactivityMs: number;
  /**
   * Object storage (docs/production.md "Object storage"): ffmpeg still writes under `mediaRoot`
   * on this node, and every segment and playlist is published to this store as it is completed
   * (the viewers' playlist after the segments it names); a session's recording moves there when
   * it ends. Absent: the files under `mediaRoot` are what /media/ serves.
   */
  store?: HlsStore;
  /** WebRTC viewers one node holds per webcast; more are refused (they play HLS) */
  webrtcViewers: number;
  /** WebRTC viewers still negotiating on this node, across webcasts; more are refused for now (HLS) */
  webrtcJoining: number;
  /**
   * no new WebRTC viewer while the event loop its peer would run on runs this late (ms,
   * loopPressure.ts); absent or 0: no such limit
   */
  webrtcMaxLoopDelayMs?: number;
  /**
   * relay processes the WebRTC viewers' peers run in (viewerRelay.ts), each fed every packet
   * once; absent or 0: they run on the engine's own event loop, beside the publisher
   */
  viewerProcesses?: number;
  log: Logger;
  hooks: EngineHooks;
  /**
   * What a channel shows changed (state, stream name, publishing, WebRTC viewers): a host running
   * the engine in another process mirrors them, so the API reads them without asking.
   */
  onChannelChanged?(webcastId: number): void;
}

export interface RecordedSession extends SessionSummary {
  webcastId: number;
  /** ffmpeg's playlist of the session, a media resource */
  playlist: string;
}

/** What the API does with the engine's events (the webcast's row lives in its database). */
export interface EngineHooks {
  /** a session started (its recording will be at `playlist`) */
  sessionStarted?(webcastId: number, session: { sessionId: string; playlist: string; startedAt: Date }): Promise<void> | void;
  /** the first segment of a session is in the live playlist: viewers can play it */
  live?(webcastId: number, livePlaylist: string): Promise<void> | void;
  sessionEnded?(record: RecordedSession): Promise<void> | void;
  /** the channel went offline by itself (the publisher disappeared, ffmpeg failed) */
  offline?(webcastId: number, reason: EndReason): Promise<void> | void;
}

/** A socket the signalling arrives on (the API adapts its WebSocket to this). */
export interface SignallingPeer {
  send(text: string): void;
  close(): void;
  onMessage(listener: (text: string) => void): void;
  onClose(listener: () => void): void;
}

export class StreamingUnavailableError extends Error {}
/** Nobody is publishing the webcast: there is nothing to forward to a WebRTC viewer. */
export class NotLiveError extends Error {}
/**
 * The node takes no WebRTC viewer now: it holds as many of the webcast as it takes ('full'), as
 * many are negotiating at once as it lets ('joining', a seat soon free), or the event loop a
 * viewer's peer would run on runs late ('busy', loopPressure.ts).
 */
export class ViewerLimitError extends Error {
  constructor(readonly reason: 'full' | 'joining' | 'busy', message: string) {
    super(message);
  }
}

/** Keyframe requests of joining viewers, at most one this often (a crowd joining asks once). */
const VIEWER_PLI_MS = 500;

interface Channel {
  webcastId: number;
  applicationName: string;
  streamName: string;
  transcoder: Transcoder;
  session: PublishSession | null;
  /** a publish request is being answered */
  pending: Promise<unknown> | null;
  /** WebRTC viewers of the current session */
  viewers: Map<string, ViewerHandle>;
  /** a keyframe from the publisher for joining viewers (VIEWER_PLI_MS apart at most) */
  keyframeForViewers: () => void;
}

export const sessionResource = (webcastId: number, sessionId: string) => `webcasts/${webcastId}/live/${sessionId}`;

export class StreamingEngine {
  private readonly channels = new Map<number, Channel>();
  private readonly playlists: LivePlaylists;
  readonly ports: UdpPortPool;
  private ffmpegChecked = false;
  private closed = false;
  /** offers being answered right now (their viewer is not in a channel yet) */
  private answering = 0;
  /** where the WebRTC viewers' peers run: relay processes, or this loop */
  private readonly viewerHosts: ViewerHost[];

  constructor(private readonly options: EngineOptions) {
    this.playlists = new LivePlaylists(options);
    this.ports = new UdpPortPool(options.rtpPorts[0], options.rtpPorts[1]);
    this.viewerHosts = options.viewerProcesses
      ? Array.from({ length: options.viewerProcesses }, () => new ViewerRelay(options.log))
      : [new LocalViewers(!!options.webrtcMaxLoopDelayMs)];
  }

  /** The viewer relays' process ids (none started yet, or viewers on this loop): tests and the bench look at them. */
  get viewerRelayPids(): number[] {
    return this.viewerHosts.flatMap((host) => (host instanceof ViewerRelay && host.pid ? [host.pid] : []));
  }

  private get log() {
    return this.options.log;
  }

  /** spec 2 §4.14: 'stopped' (offline) or 'started' (online); starting takes no time here. */
  state(webcastId: number): LiveStreamState {
    return this.channels.has(webcastId) ? 'started' : 'stopped';
  }

  isPublishing(webcastId: number): boolean {
    return !!this.channels.get(webcastId)?.session?.receiving;
  }

  streamName(webcastId: number): string | null {
    return this.channels.get(webcastId)?.streamName ?? null;
  }

  /** Opens the channel; false when it was open already (the API answers meta then). */
  async start(webcastId: number, channel: { applicationName: string; transcoder: Transcoder }): Promise<{ started: boolean; streamName: string }> {
    if (this.closed) throw new StreamingUnavailableError('the streaming server is shutting down');
    const open = this.channels.get(webcastId);
    if (open) {
      open.transcoder = channel.transcoder;
      return { started: false, streamName: open.streamName };
    }
    if (!this.ffmpegChecked) {
      if (!(await ffmpegAvailable(this.options.ffmpegPath))) throw new StreamingUnavailableError(`ffmpeg not found at ${this.options.ffmpegPath}`);
      this.ffmpegChecked = true;
    }
    // a race with another start for the same webcast keeps the first
    const again = this.channels.get(webcastId);
    if (again) return { started: false, streamName: again.streamName };
    // the stream name is the publish secret: a new one for every transmission
    const streamName = `webcast_${webcastId}_${randomBytes(16).toString('hex')}`;
    const opened: Channel = {
      webcastId, applicationName: channel.applicationName, streamName, transcoder: channel.transcoder, session: null, pending: null, viewers: new Map(),
      keyframeForViewers: atMostEvery(VIEWER_PLI_MS, () => opened.session?.requestKeyframe()),
    };
    this.channels.set(webcastId, opened);
    this.changed(webcastId);
    this.log.info({ webcastId }, 'streaming channel started');
    return { started: true, streamName };
  }

  /** The transcoder configuration for the next session (spec 2 §7.3 config_streaming). */
  configure(webcastId: number, transcoder: Transcoder): void {
    const channel = this.channels.get(webcastId);
    if (channel) channel.transcoder = transcoder;
  }

  /** Ends the publisher's session (ffmpeg gone, ports free) and closes the channel. */
  async stop(webcastId: number, reason: EndReason = 'stopped'): Promise<void> {
    const channel = this.channels.get(webcastId);
    if (!channel) return;
    this.channels.delete(webcastId);
    this.changed(webcastId);
    await channel.pending?.catch(() => undefined);
    await this.endSession(channel, reason);
    this.log.info({ webcastId, reason }, 'streaming channel stopped');
  }

  private async endSession(channel: Channel, reason: EndReason) {
    const session = channel.session;
    if (!session) return;
    channel.session = null;
    // the viewers' players reconnect (to the next session, or to HLS)
    const viewers = [...channel.viewers.values()];
    channel.viewers.clear();
    this.changed(channel.webcastId);
    await Promise.all(viewers.map((viewer) => viewer.close()));
    const summary = await session.stop(reason);
    this.playlists.playlistOf(channel.webcastId).end();
    await this.playlists.write(channel.webcastId);
    await this.hook(() => this.options.hooks.sessionEnded?.({
      ...summary, webcastId: channel.webcastId, playlist: `${sessionResource(channel.webcastId, summary.sessionId)}/${FFMPEG_PLAYLIST}`,
    }));
  }

  private changed(webcastId: number) {
    this.options.onChannelChanged?.(webcastId);
  }

  private async hook(run: () => Promise<void> | void | undefined) {
    try {
      await run();
    } catch (error) {
      this.log.error({ err: error }, 'streaming hook failed');
    }
  }

  /** The viewers' live playlist of the webcast, a media resource (next to the session folders). */
  liveResource(webcastId: number): string {
    return this.playlists.resource(webcastId);
  }

  // ---- signalling (spec 2 §7.3) ----

  acceptSignalling(peer: SignallingPeer): void {
    peer.onMessage((text) => {
      void this.onSignallingMessage(peer, text).catch((error) => {
        this.log.error({ err: error }, 'signalling failed');
        this.reply(peer, { status: 500, statusDescription: 'Streaming server error' });
      });
    });
  }

  private reply(peer: SignallingPeer, answer: SignallingAnswer) {
    try {
      peer.send(JSON.stringify(answer));
    } catch {
      // the socket went away: nothing to tell
    }
  }

  private async onSignallingMessage(peer: SignallingPeer, text: string) {
    let message: Partial<SignallingOffer>;
    try {
      message = JSON.parse(text) as Partial<SignallingOffer>;
    } catch {
      this.reply(peer, { status: 400, statusDescription: 'Invalid message' });
      return;
    }
    if (message.direction !== 'publish' || message.command !== 'sendOffer') {
      this.reply(peer, { status: 501, statusDescription: `Command not supported: ${String(message.direction)}/${String(message.command)}` });
      return;
    }
    const info = message.streamInfo;
    const channel = [...this.channels.values()].find((c) => c.streamName === info?.streamName && c.applicationName === info?.applicationName);
    if (!channel || !info) {
      this.reply(peer, { status: 404, statusDescription: 'Stream not found: start the transmission first' });
      return;
    }
    const offer = message.sdp?.sdp;
    if (typeof offer !== 'string' || !offer.startsWith('v=0')) {
      this.reply(peer, { status: 400, statusDescription: 'The offer has no session description' });
      return;
    }
    const publishing = this.publish(channel, offer);
    channel.pending = publishing;
    try {
      const { sessionId, answer } = await publishing;
      this.reply(peer, {
        status: 200,
        statusDescription: 'OK',
        direction: 'publish',
        command: 'sendOffer',
        streamInfo: { applicationName: info.applicationName, streamName: info.streamName, sessionId },
        sdp: { type: 'answer', sdp: answer },
        // werift gathers before answering: the candidates are in the answer itself
        iceCandidates: [],
      });
    } catch (error) {
      if (error instanceof UnsupportedOfferError) this.reply(peer, { status: 415, statusDescription: error.message });
      else throw error;
    } finally {
      if (channel.pending === publishing) channel.pending = null;
    }
  }

  private async publish(channel: Channel, offer: string): Promise<{ sessionId: string; answer: string }> {
    // a second publisher takes over (the same admin reloading the page)
    await channel.pending?.catch(() => undefined);
    if (channel.session) await this.endSession(channel, 'replaced');
    const { webcastId } = channel;
    const sessionId = randomBytes(8).toString('hex');
    const resource = sessionResource(webcastId, sessionId);
    const playlist = this.playlists.playlistOf(webcastId);
    let announced = false;
    const dir = path.join(this.options.mediaRoot, resource);
    const { store } = this.options;
    const { session, answer } = await PublishSession.create(offer, {
      webcastId,
      sessionId,
      dir,
      ...(store ? { publisher: new HlsPublisher({ dir, resource, playlist: FFMPEG_PLAYLIST, store, log: this.log }) } : {}),
      workDir: path.join(this.options.workRoot, String(webcastId)),
      transcoder: channel.transcoder,
      ffmpegPath: this.options.ffmpegPath,
      segmentSeconds: this.options.segmentSeconds,
      frameRate: this.options.frameRate,
      x264Preset: this.options.x264Preset,
      ports: this.ports,
      ...(this.options.icePorts ? { icePortRange: this.options.icePorts } : {}),
      ...(this.options.iceAddresses ? { iceAddresses: this.options.iceAddresses } : {}),
      inactivityMs: this.options.inactivityMs,
      pliIntervalMs: this.options.segmentSeconds * 1000,
      log: this.log,
      onSegments: (segments: PlaylistSegment[]) => {
        if (channel.session?.id !== sessionId) return;
        for (const segment of segments) playlist.add({ ...segment, uri: `${sessionId}/${segment.uri}` });
        const written = this.playlists.write(webcastId);
        if (!announced) {
          announced = true;
          // viewers are told once the playlist is there to read
          void written.then(() => this.hook(() => this.options.hooks.live?.(webcastId, this.liveResource(webcastId))));
        }
      },
      onMedia: (kind, packet) => {
        for (const host of this.viewerHosts) host.forward(webcastId, kind, packet);
      },
      onReceivingChanged: () => {
        if (channel.session?.id === sessionId) this.changed(webcastId);
      },
      onEnded: (reason: EndReason) => {
        if (channel.session?.id !== sessionId) return;
        // the publisher is gone: the channel goes offline (spec 2 §4.14 "The server starts offline")
        void this.stop(webcastId, reason).then(() => this.hook(() => this.options.hooks.offline?.(webcastId, reason)));
      },
    });
    if (this.channels.get(webcastId) !== channel) {
      // stopped while answering
      await session.stop('stopped');
      throw new Error('the transmission was stopped');
    }
    playlist.startSession();
    channel.session = session;
    this.changed(webcastId);
    await this.hook(() => this.options.hooks.sessionStarted?.(webcastId, { sessionId, playlist: `${resource}/${FFMPEG_PLAYLIST}`, startedAt: session.startedAt }));
    return { sessionId, answer };
  }

  // ---- WebRTC playback (WHEP): the publisher's RTP forwarded as is ----

  /** WebRTC viewers connected or connecting to the webcast. */
  viewerCount(webcastId: number): number {
    return this.channels.get(webcastId)?.viewers.size ?? 0;
  }

  /** The webcast can be watched over WebRTC now: someone publishes and the node has a seat. */
  canWatch(webcastId: number): boolean {
    const channel = this.channels.get(webcastId);
    return !!channel?.session?.receiving && channel.viewers.size < this.options.webrtcViewers;
  }

  /** Viewers of every webcast on this node whose connection is not up yet. */
  private joiningViewers(): number {
    let joining = 0;
    for (const channel of this.channels.values()) {
      for (const viewer of channel.viewers.values()) if (!viewer.isConnected) joining += 1;
    }
    return joining + this.answering;
  }

  /**
   * A viewer's offer answered (SDP text); throws NotLiveError, ViewerLimitError or
   * UnplayableOfferError. The viewer's seat is given back when it leaves, its connection fails
   * or the publish session ends.
   */
  async watch(webcastId: number, offer: string): Promise<{ viewerId: string; answer: string }> {
    const channel = this.channels.get(webcastId);
    const session = channel?.session;
    if (!channel || !session?.receiving) throw new NotLiveError('Nobody is publishing this webcast');
    if (channel.viewers.size >= this.options.webrtcViewers) throw new ViewerLimitError('full', 'This node holds as many WebRTC viewers as it takes');
    if (this.joiningViewers() >= this.options.webrtcJoining) throw new ViewerLimitError('joining', 'Too many WebRTC viewers are joining this node at once: try again shortly');
    const host = this.hostFor();
    if (!host) throw new ViewerLimitError('busy', 'This node is too busy to take another WebRTC viewer now: try again shortly');
    this.answering += 1;
    const created = host.watch(offer, {
      webcastId,
      media: session.media,
      ...(this.options.icePorts ? { icePortRange: this.options.icePorts } : {}),
      ...(this.options.iceAddresses ? { iceAddresses: this.options.iceAddresses } : {}),
      requestKeyframe: channel.keyframeForViewers,
      onClosed: (closed) => {
        if (channel.viewers.get(closed.id) !== closed) return;
        channel.viewers.delete(closed.id);
        this.changed(webcastId);
      },
      log: this.log,
    }).finally(() => {
      this.answering -= 1;
    });
    const { viewer, answer } = await created;
    if (channel.session !== session || this.channels.get(webcastId) !== channel) {
      await viewer.close();
      throw new NotLiveError('The publish session ended while answering');
    }
    channel.viewers.set(viewer.id, viewer);
    this.changed(webcastId);
    return { viewerId: viewer.id, answer };
  }

  /** The viewer hung up (WHEP DELETE); false when it is not (or no longer) there. */
  async leave(webcastId: number, viewerId: string): Promise<boolean> {
    const channel = this.channels.get(webcastId);
    const viewer = channel?.viewers.get(viewerId);
    if (!channel || !viewer) return false;
    channel.viewers.delete(viewerId);
    this.changed(webcastId);
    await viewer.close();
    return true;
  }

  /** The host with the fewest viewers whose loop is not running late; null when every one is. */
  private hostFor(): ViewerHost | null {
    const limit = this.options.webrtcMaxLoopDelayMs;
    let best: ViewerHost | null = null;
    for (const host of this.viewerHosts) {
      if (limit && host.delayMs() >= limit) continue;
      if (!best || host.size < best.size) best = host;
    }
    return best;
  }

  /** Every channel stops (the API is closing). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.channels.keys()].map((id) => this.stop(id, 'shutdown')));
    await Promise.all(this.viewerHosts.map((host) => host.close()));
  }
}
