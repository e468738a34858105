/**
 * HLS playlists of a webcast. ffmpeg writes one complete playlist per publish session (its
 * recording). Viewers read a playlist of ours at a fixed address, a sliding window over the
 * sessions' segments that carries on across sessions (a publisher that reconnects) with a
 * discontinuity between them; the saved video (VOD) lists every session's segments at once.
 */

export interface PlaylistSegment {
  /** as written in the playlist (relative to it) */
  uri: string;
  /** seconds */
  duration: number;
  /**
   * EXT-X-PROGRAM-DATE-TIME as ffmpeg wrote it: the wall clock of the segment's first frame. The
   * players map playback to it (the chat's media time; hls.js `playingDate`).
   */
  programDateTime?: string;
}

export interface ParsedPlaylist {
  targetDuration: number;
  mediaSequence: number;
  segments: PlaylistSegment[];
  ended: boolean;
}

/** A media playlist (what ffmpeg's hls muxer writes). */
export function parseMediaPlaylist(text: string): ParsedPlaylist {
  const result: ParsedPlaylist = { targetDuration: 0, mediaSequence: 0, segments: [], ended: false };
  let duration: number | null = null;
  let programDateTime: string | null = null;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#EXT-X-TARGETDURATION:')) result.targetDuration = Number(line.slice(22)) || 0;
    else if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) result.mediaSequence = Number(line.slice(22)) || 0;
    else if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8));
    else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) programDateTime = line.slice(25);
    else if (line === '#EXT-X-ENDLIST') result.ended = true;
    else if (!line.startsWith('#') && duration !== null && Number.isFinite(duration)) {
      result.segments.push(programDateTime ? { uri: line, duration, programDateTime } : { uri: line, duration });
      duration = null;
      programDateTime = null;
    }
  }
  return result;
}

interface Entry extends PlaylistSegment {
  /** first segment of a session that follows another */
  discontinuity: boolean;
}

const extinf = (duration: number) => `#EXTINF:${duration.toFixed(6)},`;

/**
 * The live playlist of one webcast: the last `windowSize` segments, media and discontinuity
 * sequence numbers counted from the first session, the target duration never lowered.
 */
export class LivePlaylist {
  private readonly entries: Entry[] = [];
  private dropped = 0;
  private droppedDiscontinuities = 0;
  private targetDuration: number;
  private pendingDiscontinuity = false;
  private ended = false;

  constructor(private readonly windowSize: number, segmentSeconds: number) {
    this.targetDuration = Math.ceil(segmentSeconds);
  }

  /** The next segment starts a new session (a break in timestamps and codec state). */
  startSession(): void {
    this.ended = false;
    if (this.entries.length > 0 || this.dropped > 0) this.pendingDiscontinuity = true;
  }

  add(segment: PlaylistSegment): void {
    this.ended = false;
    this.entries.push({ ...segment, discontinuity: this.pendingDiscontinuity });
    this.pendingDiscontinuity = false;
    this.targetDuration = Math.max(this.targetDuration, Math.ceil(segment.duration));
    while (this.entries.length > this.windowSize) {
      const gone = this.entries.shift()!;
      this.dropped += 1;
      if (gone.discontinuity) this.droppedDiscontinuities += 1;
    }
  }

  /** The transmission stopped: players stop at the last segment instead of waiting for more. */
  end(): void {
    this.ended = true;
  }

  get segmentCount(): number {
    return this.entries.length;
  }

  render(): string {
    const lines = [
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      `#EXT-X-TARGETDURATION:${this.targetDuration}`,
      `#EXT-X-MEDIA-SEQUENCE:${this.dropped}`,
      `#EXT-X-DISCONTINUITY-SEQUENCE:${this.droppedDiscontinuities}`,
      '#EXT-X-INDEPENDENT-SEGMENTS',
    ];
    for (const entry of this.entries) {
      if (entry.discontinuity) lines.push('#EXT-X-DISCONTINUITY');
      // on every segment: each session has its own clock origin, and a player may join anywhere
      if (entry.programDateTime) lines.push(`#EXT-X-PROGRAM-DATE-TIME:${entry.programDateTime}`);
      lines.push(extinf(entry.duration), entry.uri);
    }
    if (this.ended) lines.push('#EXT-X-ENDLIST');
    return `${lines.join('\n')}\n`;
  }
}

/** A finished playlist of every session's segments, playable from the first second (the saved video). */
export function vodPlaylist(sessions: readonly PlaylistSegment[][]): string {
  const all = sessions.filter((segments) => segments.length > 0);
  const target = Math.max(1, ...all.flat().map((s) => Math.ceil(s.duration)));
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${target}`, '#EXT-X-MEDIA-SEQUENCE:0', '#EXT-X-PLAYLIST-TYPE:VOD', '#EXT-X-INDEPENDENT-SEGMENTS'];
  all.forEach((segments, index) => {
    if (index > 0) lines.push('#EXT-X-DISCONTINUITY');
    for (const segment of segments) lines.push(extinf(segment.duration), segment.uri);
  });
  lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

export const totalDuration = (segments: readonly PlaylistSegment[]) => segments.reduce((sum, s) => sum + s.duration, 0);
