import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
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

/** `sessions`: ffmpeg's playlists of the webcast's sessions (media resources), oldest first. */
export async function saveRecording(mediaRoot: string, webcastId: number, sessions: readonly string[]): Promise<SavedVideo | null> {
  const dir = `webcasts/${webcastId}/vod/${randomBytes(12).toString('hex')}`;
  const lists: PlaylistSegment[][] = [];
  for (const resource of sessions) {
    let text: string;
    try {
      text = await fs.readFile(path.join(mediaRoot, resource), 'utf8');
    } catch {
      // a session that never produced a segment has no playlist
      continue;
    }
    const relative = path.posix.relative(dir, path.posix.dirname(resource));
    const segments: PlaylistSegment[] = [];
    for (const segment of parseMediaPlaylist(text).segments) {
      // only segments that are on disk (a crash can leave the last one out)
      try {
        await fs.access(path.join(mediaRoot, path.posix.dirname(resource), segment.uri));
      } catch {
        continue;
      }
      segments.push({ uri: `${relative}/${segment.uri}`, duration: segment.duration });
    }
    if (segments.length) lists.push(segments);
  }
  if (lists.length === 0) return null;
  const playlist = `${dir}/index.m3u8`;
  const file = path.join(mediaRoot, playlist);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(`${file}.tmp`, vodPlaylist(lists));
  await fs.rename(`${file}.tmp`, file);
  const all = lists.flat();
  return { playlist, duration: totalDuration(all), segments: all.length };
}

/** What a session's playlist holds: for sessions a crash left open (counted when the API starts again). */
export async function recordingSummary(mediaRoot: string, playlist: string): Promise<{ segments: number; duration: number }> {
  try {
    const { segments } = parseMediaPlaylist(await fs.readFile(path.join(mediaRoot, playlist), 'utf8'));
    return { segments: segments.length, duration: totalDuration(segments) };
  } catch {
    return { segments: 0, duration: 0 };
  }
}
