/**
 * Which publisher time is on screen now: the wall-clock time the ingest stamped on the frame
 * being shown (HLS EXT-X-PROGRAM-DATE-TIME). The chat holds a live message until its sender's
 * picture is on screen here too (shared chatReleased). Each way of delivering the picture
 * implements it; a player that cannot tell (a recording, no program date time) answers null.
 */
export interface PlaybackClock {
  /** ms since the epoch by the publisher's clock, or null when unknown right now */
  publisherTime(): number | null;
}

/** hls.js: its `playingDate` maps the media element's current time through the playing segment's program date time. */
export function hlsJsClock(hls: { readonly playingDate: Date | null }): PlaybackClock {
  return {
    publisherTime: () => {
      const date = hls.playingDate;
      const ms = date ? date.getTime() : NaN;
      return Number.isFinite(ms) ? ms : null;
    },
  };
}

/** The browser's own HLS player (Safari): `getStartDate()` is the program date time of media time 0. */
export function nativeHlsClock(media: HTMLMediaElement & { getStartDate?: () => Date }): PlaybackClock {
  return {
    publisherTime: () => {
      const start = media.getStartDate?.().getTime() ?? NaN;
      return Number.isFinite(start) && Number.isFinite(media.currentTime) ? start + media.currentTime * 1000 : null;
    },
  };
}
