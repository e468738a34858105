/**
 * Webcast rules the event-data form and the server both apply (spec 2 §3.11, §4.12, §5.9,
 * spec 4 "Types", "Defaults", "Dates"): the timezone list and transmission dates in a zone,
 * the embed, the score, the watch state, and the §5.9 validation.
 */
import type { ErrorCode } from './errors.ts';
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

// ---- timezones and transmission dates (spec 2 §5.9, spec 4 "Dates") ----

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Whether the runtime knows the IANA zone. */
export function isValidTimezone(zone: string | null | undefined): boolean {
  if (!zone || typeof zone !== 'string' || zone.length > 64) return false;
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

interface LocalParts { year: number; month: number; day: number; hour: number; minute: number; second: number }

function localParts(at: Date, zone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const p of formatterOf(zone).formatToParts(at)) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
}

/** Minutes the zone is ahead of UTC at that instant (−180 for America/Sao_Paulo). */
export function timezoneOffsetMinutes(zone: string, at: Date): number {
  const p = localParts(at, zone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** '+05:30', '-03:00', '+00:00'. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

export interface TimezoneOption {
  /** the IANA zone name (what is stored) */
  value: string;
  /** '(GMT-03:00) America/Sao_Paulo' */
  label: string;
  /** minutes ahead of UTC at the time the list was made */
  offset: number;
}

/**
 * spec 4 "Dates": "timezone options are every zone, sorted by UTC offset and labelled
 * '(GMT±hh:mm) Zone'". Offsets are those in force at `at` (daylight saving moves them).
 */
export function timezoneOptions(at: Date = new Date()): TimezoneOption[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  return [...zones]
    .map((value) => {
      const offset = timezoneOffsetMinutes(value, at);
      return { value, offset, label: `(GMT${formatOffset(offset)}) ${value}` };
    })
    .sort((a, b) => a.offset - b.offset || a.value.localeCompare(b.value));
}

/** The browser's guessed zone (spec 2 §5.9 default of a new webcast); UTC when it cannot tell. */
export function guessTimezone(): string {
  const zone = new Intl.DateTimeFormat().resolvedOptions().timeZone;
  return isValidTimezone(zone) ? zone : 'UTC';
}

const pad = (n: number, size = 2) => String(n).padStart(size, '0');
const formatLocal = (p: LocalParts) => `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;

/** The wall-clock time in `zone`, 'YYYY-MM-DDTHH:mm:ss'. */
export function toZonedLocal(at: Date, zone: string): string {
  return formatLocal(localParts(at, zone));
}

/**
 * spec 2 §7.3 transmission_date as sent: 'YYYY-MM-DDTHH:mm:ssZ' where Z is the chosen zone's
 * offset at that moment ('2026-11-23T19:00:00-03:00').
 */
export function formatTransmissionDate(at: Date, zone: string): string {
  return `${toZonedLocal(at, zone)}${formatOffset(timezoneOffsetMinutes(zone, at))}`;
}

/** The instant a wall-clock time in `zone` names (the earlier one when a clock change repeats it). */
export function zonedLocalToUtc(local: LocalParts, zone: string): Date {
  const guess = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second);
  const first = guess - timezoneOffsetMinutes(zone, new Date(guess)) * 60_000;
  const second = guess - timezoneOffsetMinutes(zone, new Date(first)) * 60_000;
  return new Date(Math.min(first, second));
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?\s*(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Reads a transmission date: with an offset (the JSON body, 'YYYY-MM-DDTHH:mm:ss±hh:mm' or Z)
 * it names that instant; without one (the end-webcast form's 'YYYY-MM-DD HH:mm:ss') it is a
 * wall-clock time in `zone`. Null when it is not a real date and time.
 */
export function parseTransmissionDate(text: string | null | undefined, zone: string): Date | null {
  const m = DATE_TIME.exec((text ?? '').trim());
  if (!m) return null;
  const local: LocalParts = {
    year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), hour: Number(m[4]), minute: Number(m[5]), second: Number(m[6] ?? 0),
  };
  // the calendar must hold the date as written (no 31 February, no 25:00)
  const check = new Date(Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second));
  if (Number.isNaN(check.getTime()) || formatLocal({
    year: check.getUTCFullYear(), month: check.getUTCMonth() + 1, day: check.getUTCDate(),
    hour: check.getUTCHours(), minute: check.getUTCMinutes(), second: check.getUTCSeconds(),
  }) !== formatLocal(local)) return null;
  const offset = m[7];
  if (offset) {
    if (offset === 'Z') return check;
    const digits = offset.replace(':', '');
    const minutes = (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5))) * (digits[0] === '-' ? -1 : 1);
    if (Math.abs(minutes) > 14 * 60) return null;
    return new Date(check.getTime() - minutes * 60_000);
  }
  if (!isValidTimezone(zone)) return null;
  return zonedLocalToUtc(local, zone);
}

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

/**
 * spec 4 "Dates": a transmission shown as DD/MM/YYYY HH:mm (languages 1 and 3) or MM-DD-YYYY
 * HH:mm, in the webcast's own zone — the wall-clock part of its 'YYYY-MM-DDTHH:mm:ss±hh:mm'.
 */
export function formatTransmission(transmissionDate: string, languageId: number): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})/.exec(transmissionDate);
  if (!m) return transmissionDate;
  const [, y, mo, d, h, mi] = m;
  return languageId === 1 || languageId === 3 ? `${d}/${mo}/${y} ${h}:${mi}` : `${mo}-${d}-${y} ${h}:${mi}`;
}
