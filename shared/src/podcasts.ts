import type { ErrorCode } from './contract/errors.ts';
import { WATCHED_PERCENT } from './learning/player.ts';
import { isApiDate } from './dates/index.ts';
import { validateAudience, type AudienceValues } from './trainings/basicData.ts';
import { plainLength } from './trainings/html.ts';

/**
 * Podcasts (spec 3 §3 "Podcast", §4, §5 "Uploads in these modules"): audios with a duration,
 * published or not until an optional date, and ordered playlists. The rules the admin forms and
 * the server both apply, and the arithmetic the player and the server share.
 */
export const PODCAST_LIMITS = {
  titleMax: 256,
  descriptionMax: 1024,
  playlistTitleMax: 256,
  playlistMaxItems: 200,
} as const;

/** spec 3 §4: a podcast is published (1) or unpublished (2). */
export const PODCAST_STATUS = { published: 1, unpublished: 2 } as const;
export const PODCAST_STATUSES = [PODCAST_STATUS.published, PODCAST_STATUS.unpublished] as const;

/** spec 3 §5 "audio: mp3, wav". */
export const PODCAST_AUDIO_EXTENSIONS = ['mp3', 'wav'] as const;
/** spec 3 §5 "images: jpg, jpeg, png". */
export const PODCAST_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;

/**
 * Listened: the share of the audio heard that lets the learner comment, the same as a training's
 * audio module (spec 2 §4.10 "after finishing"; 90 %).
 */
export const PODCAST_LISTENED_PERCENT = WATCHED_PERCENT;

const REQUIRED: ErrorCode = 'make_sure_that_all_fields_are_filled_in';

export interface PodcastValues extends AudienceValues {
  title?: string | null;
  description?: string | null;
  status?: number | null;
  /** YYYY-MM-DD: from this day the podcast is no longer published (spec 3 §3 "date to unpublish (optional)") */
  date_to_unpublish?: string | null;
  /** a tus upload id, or the stored media path kept unchanged */
  resource?: string | null;
  tags?: readonly number[] | null;
}

export type PodcastFieldErrors = Record<string, ErrorCode>;

/** A podcast: title (≤ 256) and audio required, description ≤ 1024, a real day to unpublish, the training audience rule. */
export function validatePodcast(values: PodcastValues): PodcastFieldErrors {
  const errors: PodcastFieldErrors = {};
  const title = values.title?.trim() ?? '';
  if (!title) errors.title = REQUIRED;
  else if (plainLength(title) > PODCAST_LIMITS.titleMax) errors.title = 'title_too_long';
  if (plainLength(values.description?.trim() ?? '') > PODCAST_LIMITS.descriptionMax) errors.description = 'description_too_long';
  if (values.status !== null && values.status !== undefined && !(PODCAST_STATUSES as readonly number[]).includes(values.status)) {
    errors.status = 'validation_error';
  }
  if (values.date_to_unpublish && !isApiDate(values.date_to_unpublish)) errors.date_to_unpublish = 'validation_error';
  if (!values.resource?.trim()) errors.resource = REQUIRED;
  Object.assign(errors, validateAudience(values, false));
  return errors;
}

export interface PlaylistValues {
  title?: string | null;
  description?: string | null;
  /** podcast ids in playing order */
  podcasts?: readonly number[] | null;
}

/** A playlist: title (≤ 256) and at least one podcast, each once. */
export function validatePlaylist(values: PlaylistValues): PodcastFieldErrors {
  const errors: PodcastFieldErrors = {};
  const title = values.title?.trim() ?? '';
  if (!title) errors.title = REQUIRED;
  else if (plainLength(title) > PODCAST_LIMITS.playlistTitleMax) errors.title = 'title_too_long';
  if (plainLength(values.description?.trim() ?? '') > PODCAST_LIMITS.descriptionMax) errors.description = 'description_too_long';
  const podcasts = values.podcasts ?? [];
  if (podcasts.length === 0) errors.podcasts = REQUIRED;
  else if (new Set(podcasts).size !== podcasts.length || podcasts.length > PODCAST_LIMITS.playlistMaxItems) errors.podcasts = 'validation_error';
  return errors;
}

/** Whether a podcast is published on `today` (YYYY-MM-DD, UTC): status 1 and before its day to unpublish. */
export function podcastIsPublished(status: number, dateToUnpublish: string | null | undefined, today: string): boolean {
  return status === PODCAST_STATUS.published && (!dateToUnpublish || dateToUnpublish > today);
}

/** Share heard, 0–100, of a position in an audio of `duration` seconds. */
export function listenedPercent(positionSeconds: number, durationSeconds: number): number {
  if (!(durationSeconds > 0) || !(positionSeconds > 0)) return 0;
  return Math.min(100, Math.floor((positionSeconds / durationSeconds) * 100));
}

/** 75.4 → "1:15"; 3725 → "1:02:05" (durations in lists and the player). */
export function formatDuration(seconds: number | null | undefined): string {
  const total = Math.max(0, Math.round(seconds ?? 0));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}
