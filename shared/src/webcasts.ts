/**
 * Webcast rules the event-data form and the server both apply (spec 2 §3.11, §4.12, §5.9,
 * spec 4 "Types", "Defaults", "Dates"): transmission dates in a zone, the embed, the score, the
 * watch state, and the §5.9 validation.
 */
import type { ErrorCode } from './contract/errors.ts';
import { isValidTimezone, parseDateTime, toApiDateTime } from './dates/index.ts';
import { htmlToPlainText, plainLength } from './trainings/html.ts';
import { validateAudience, type ContentLanguage } from './trainings/basicData.ts';

/** spec 4 "Text limits". */
export const WEBCAST_LIMITS = { titleMax: 256, descriptionMax: 1024, altTextMax: 170 } as const;

/** spec 4 "Types": 1, 3 and 5 need a URL; 2 is browser streaming, with no URL. */
export const WEBCAST_TYPE = { youtube: 1, browserStreaming: 2, vimeo: 3, externalEmbed: 5 } as const;
export const EMBED_WEBCAST_TYPES: readonly number[] = [1, 3, 5];
export const webcastUsesEmbed = (type: number | null | undefined): boolean => type != null && EMBED_WEBCAST_TYPES.includes(type);

/** spec 2 §4.12 webcast status. */
export const WEBCAST_STATUS = { published: 1, unpublished: 2, deleted: 3, finished: 4, converting: 5 } as const;
/** spec 2 §4.12: "The administrator may pick 1, 2 or 4 in the toggle." */
export const WEBCAST_ADMIN_STATUSES: readonly number[] = [1, 2, 4];

/** spec 4 "Defaults": new webcast. */
export const WEBCAST_DEFAULTS = {
  webcast_type: 1, status: 1, use_chat: true, chat_moderated: true, workload: 0, score: 0,
} as const;

/** spec 2 §5.9: the embed as sent — 'none' for browser streaming, otherwise https:// in front when it lacks 'http'. */
export function normalizeEmbed(type: number | null | undefined, embed: string | null | undefined): string {
  if (type === WEBCAST_TYPE.browserStreaming) return 'none';
  const text = (embed ?? '').trim();
  if (!text) return '';
  return text.toLowerCase().includes('http') ? text : `https://${text}`;
}

/** spec 2 §5.9: "A non-numeric value is parsed to an integer; empty is sent as 0." */
export function parseWebcastScore(value: string | number | null | undefined): number {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : 0;
  const parsed = Number.parseInt(String(value ?? '').trim(), 10);
  return Number.isNaN(parsed) ? 0 : parsed;
}

// ---- transmission dates (spec 2 §5.9, §7.3, spec 4 "Dates") ----

/**
 * spec 2 §7.3 transmission_date as sent: 'YYYY-MM-DDTHH:mm:ssZ' where Z is the chosen zone's
 * offset at that moment ('2026-11-23T19:00:00-03:00').
 */
export const formatTransmissionDate = (at: Date, zone: string): string => toApiDateTime(at, zone);

/**
 * Reads a transmission date: with an offset (the JSON body) it names that instant; without one
 * (the end-webcast form's 'YYYY-MM-DD HH:mm:ss') it is a wall-clock time in `zone`. Null when it
 * is not a real date and time.
 */
export const parseTransmissionDate = (text: string | null | undefined, zone: string): Date | null => parseDateTime(text, zone);

// ---- the watch page (spec 2 §2.1, §4.12) ----

/**
 * What the watch page shows: 'not_started' ("The transmission has not yet started"), 'live',
 * 'converting' (ended, the saved video not ready: "Video conversion not completed…") or
 * 'finished' (the recording, or the provider's embed).
 */
export type WebcastWatchState = 'not_started' | 'live' | 'converting' | 'finished';

export interface WatchStateInput {
  webcast_type: number;
  status: number;
  /** UTC */
  transmission_date: Date;
  transmission_completed: boolean;
  transmission_downloaded: boolean;
  /** the live playlist or the saved recording exists */
  has_hls: boolean;
}

export function webcastWatchState(w: WatchStateInput, now: Date): WebcastWatchState {
  if (w.status === WEBCAST_STATUS.converting) return 'converting';
  if (w.webcast_type === WEBCAST_TYPE.browserStreaming) {
    // spec 2 §4.14 step 7: "The video is not available until it is saved"
    if (w.transmission_downloaded && w.has_hls) return 'finished';
    if (w.status === WEBCAST_STATUS.finished || w.transmission_completed) return 'converting';
    return w.has_hls ? 'live' : 'not_started';
  }
  if (w.status === WEBCAST_STATUS.finished) return 'finished';
  return now.getTime() >= w.transmission_date.getTime() ? 'live' : 'not_started';
}

/**
 * There is something to watch: the transmission live, or its recording (or the provider's embed)
 * ready. Opening the webcast then counts as watching it (a done trail module, spec 2 §2.4).
 */
export const webcastIsWatchable = (state: WebcastWatchState): boolean => state === 'live' || state === 'finished';

/** spec 2 §2.1, §4.12: "Tests become available only after the webcast is finished." */
export const webcastTestsOpen = (status: number): boolean => status === WEBCAST_STATUS.finished;

// ---- event data validation (spec 2 §5.9) ----

export interface WebcastValues {
  title?: string | null;
  /** HTML */
  description?: string | null;
  webcast_type?: number | null;
  embed?: string | null;
  /** null when missing or unreadable */
  transmission_date?: Date | null;
  timezone?: string | null;
  workload?: number | null;
  score?: number | null;
  status?: number | null;
  areas?: readonly number[] | null;
  profiles?: readonly number[] | null;
  user_groups?: readonly number[] | null;
  webcast_image_alt_texts?: Partial<Record<ContentLanguage, string | null>> | null;
}

export interface WebcastValidationContext {
  /** the client's webcast_use_score and the user's webcast_set_score (spec 2 §6) */
  scoreEditable: boolean;
  /** webcast_use_static_score: the score is one of these (the webcast_scores list) */
  staticScores: readonly number[] | null;
}

export type WebcastFieldErrors = Record<string, ErrorCode>;

const REQUIRED: ErrorCode = 'make_sure_that_all_fields_are_filled_in';

/** spec 2 §5.9. Every failing field; empty when the event data is valid. */
export function validateWebcast(values: WebcastValues, ctx: WebcastValidationContext): WebcastFieldErrors {
  const errors: WebcastFieldErrors = {};
  const title = values.title?.trim() ?? '';
  if (!title) errors.title = REQUIRED;
  else if (plainLength(title) > WEBCAST_LIMITS.titleMax) errors.title = 'title_too_long';

  if (plainLength(htmlToPlainText(values.description)) > WEBCAST_LIMITS.descriptionMax) errors.description = 'description_too_long';

  const type = values.webcast_type;
  if (type === null || type === undefined || Number.isNaN(type)) errors.webcast_type = REQUIRED;
  else if (webcastUsesEmbed(type)) {
    const embed = values.embed?.trim() ?? '';
    if (!embed) errors.embed = REQUIRED;
    else if (!isHttpUrl(embed)) errors.embed = 'invalid_embed';
  }

  if (!values.transmission_date) errors.transmission_date = REQUIRED;
  if (!values.timezone?.trim()) errors.timezone = REQUIRED;
  else if (!isValidTimezone(values.timezone)) errors.timezone = 'invalid_timezone';
  const workload = values.workload;
  if (workload === null || workload === undefined || Number.isNaN(workload)) errors.workload = REQUIRED;
  else if (workload < 0) errors.workload = 'validation_error';

  if (ctx.scoreEditable && values.score !== null && values.score !== undefined) {
    const score = values.score;
    if (!Number.isInteger(score) || score < 0) errors.score = 'validation_error';
    else if (ctx.staticScores && score !== 0 && !ctx.staticScores.includes(score)) errors.score = 'validation_error';
  }

  if (values.status !== null && values.status !== undefined && !WEBCAST_ADMIN_STATUSES.includes(values.status)) errors.status = 'validation_error';

  for (const [language, text] of Object.entries(values.webcast_image_alt_texts ?? {})) {
    if (text && plainLength(text) > WEBCAST_LIMITS.altTextMax) errors[`webcast_image_alt_texts.${language}`] = 'alt_text_too_long';
  }
  // spec 2 §5.9 "Audience: as for trainings"; webcasts have no mandatory audience
  Object.assign(errors, validateAudience(values, false));
  return errors;
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** spec 2 §3.11 webcast_scores: the static scores offered when the client uses them (a client may list its own). */
export const DEFAULT_WEBCAST_STATIC_SCORES: readonly number[] = [10, 20, 50, 100, 200];

/** spec 2 §2.1 public link: {host}/webinars/{id}. */
export const webcastPublicUrl = (host: string, id: number) => `${host.replace(/\/+$/, '')}/webinars/${id}`;
