import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { PLAYLIST_HEADERS, type HlsStore } from './hlsStore.ts';
import { parseMediaPlaylist, totalDuration, vodPlaylist, type PlaylistSegment } from './playlist.ts';

/**
 * spec 2 §4.14 step 7 "save_webinar_video": the recording becomes a video on demand. The
 * segments stay where the live sessions wrote them; the saved video is a finished playlist of
 * all of them (a discontinuity between sessions), so it plays the moment it is written.
 */
export interface SavedVideo {
  /** the VOD playlist, a media resource */
  playlist: string;
  /** seconds */
  duration: number;
  segments: number;
}

/**
 * `sessions`: ffmpeg's playlists of the webcast's sessions (media resources), oldest first. The
 * saved video is written to `store` beside them (the disk, or the bucket the sessions were
 * published to), whichever node runs the job.
 */
export async function saveRecording(store: HlsStore, webcastId: number, sessions: readonly string[]): Promise<SavedVideo | null> {
  const dir = `webcasts/${webcastId}/vod/${randomBytes(12).toString('hex')}`;
  const lists: PlaylistSegment[][] = [];
  for (const resource of sessions) {
    // a session that never produced a segment has no playlist
    const text = await store.readText(resource);
    if (text === null) continue;
    const folder = path.posix.dirname(resource);
    const relative = path.posix.relative(dir, folder);
    // only segments that are stored (a crash can leave the last one out)
    const stored = await store.stored(folder);
    const segments: PlaylistSegment[] = [];
    for (const segment of parseMediaPlaylist(text).segments) {
      if (stored.has(segment.uri)) segments.push({ uri: `${relative}/${segment.uri}`, duration: segment.duration });
    }
    if (segments.length) lists.push(segments);
  }
  if (lists.length === 0) return null;
  const playlist = `${dir}/index.m3u8`;
  await store.putText(playlist, vodPlaylist(lists), PLAYLIST_HEADERS);
  const all = lists.flat();
  return { playlist, duration: totalDuration(all), segments: all.length };
}

/** What a session's playlist holds: for sessions a crash left open (counted when the API starts again). */
export async function recordingSummary(store: HlsStore, playlist: string): Promise<{ segments: number; duration: number }> {
  const text = await store.readText(playlist);
  if (text === null) return { segments: 0, duration: 0 };
  const { segments } = parseMediaPlaylist(text);
  return { segments: segments.length, duration: totalDuration(segments) };
}
