/**
 * News rules (spec 3 §3 "FAQ and news", §4, §5 "News", §9) that the admin editor and the server
 * both apply: the limits, the validation, emoji stripping, the publication window and the
 * dates, written with the offset of the item's timezone.
 */
import type { ErrorCode } from './contract/errors.ts';
import { stripEmojis } from './emoji.ts';
import { validateAudience, type ContentLanguage } from './trainings/basicData.ts';
import { htmlToPlainText, plainLength } from './trainings/html.ts';
import { DEFAULT_TIME_ZONE, isValidTimezone, parseApiDateTime, parseDateTime, toApiDateTime, toPickerDateTime, zoneOr } from './dates/index.ts';

/** spec 3 §5, §9: title max 256; each alt text max 256 (the spec's counter says 170: we count to the real limit). */
export const NEWS_LIMITS = { titleMax: 256, altTextMax: 256 } as const;

/** spec 3 §4: 1 published, 2 unpublished; a new item is published. */
export const NEWS_STATUS = { published: 1, unpublished: 2 } as const;
export const NEWS_STATUSES: readonly number[] = [1, 2];
export const NEWS_DEFAULT_STATUS = NEWS_STATUS.published;

/** spec 3 §9 "Default conversion timezone Etc/GMT". */
export const NEWS_DEFAULT_TIMEZONE = DEFAULT_TIME_ZONE;

/** spec 3 §9: the news image is cropped at 52/29. */
export const NEWS_IMAGE_ASPECT = 52 / 29;

/** spec 3 §9 "News public link {site}/news/{id}". */
export const newsPublicUrl = (site: string, id: number): string => `${site.replace(/\/+$/, '')}/news/${id}`;

const REQUIRED: ErrorCode = 'make_sure_that_all_fields_are_filled_in';

/** The news fields §5 validates, in the write shape's names (dates as sent, with an offset). */
export interface NewsValues {
  title?: string | null;
  /** HTML */
  content?: string | null;
  status?: number | null;
  timezone?: string | null;
  publish_date?: string | null;
  unpublish_date?: string | null;
  areas?: readonly number[] | null;
  profiles?: readonly number[] | null;
  user_groups?: readonly number[] | null;
  news_image_alt_texts?: Partial<Record<ContentLanguage, string | null>> | null;
}

export type NewsFieldErrors = Record<string, ErrorCode>;

const blank = (text: string | null | undefined): boolean => !text || !text.trim();

/**
 * Content is "at least 1 character" once the tags are gone; an item whose body is only an
 * inline image (spec 3 §7) has content too.
 */
export function newsHasContent(html: string | null | undefined): boolean {
  return htmlToPlainText(html).length > 0 || /<img\s[^>]*src\s*=\s*["']?[^\s"'>]/i.test(html ?? '');
}

/**
 * The values as they are saved: emoticons stripped from the title, the content and the alt
 * texts (spec 3 §5), the title trimmed.
 */
export function cleanNewsText<T extends Pick<NewsValues, 'title' | 'content' | 'news_image_alt_texts'>>(values: T): T {
  const alts = values.news_image_alt_texts;
  return {
    ...values,
    title: values.title == null ? values.title : stripEmojis(values.title).trim(),
    content: values.content == null ? values.content : stripEmojis(values.content),
    news_image_alt_texts: alts
      ? Object.fromEntries(Object.entries(alts).map(([language, text]) => [language, text == null ? text : stripEmojis(text).trim()]))
      : alts,
  };
}

/**
 * spec 3 §5 News: title required ≤ 256; alt texts ≤ 256; content at least one character;
 * timezone required when a date is set (and a zone the runtime knows); dates readable, the
 * unpublish date after the publish date; status 1 or 2; the audience as for trainings (areas
 * and profiles each required when either is chosen, all three flagged when none is). Every
 * failing field; empty when valid.
 */
export function validateNews(values: NewsValues): NewsFieldErrors {
  const errors: NewsFieldErrors = {};
  const title = values.title?.trim() ?? '';
  if (!title) errors.title = REQUIRED;
  else if (plainLength(title) > NEWS_LIMITS.titleMax) errors.title = 'title_too_long';

  for (const [language, text] of Object.entries(values.news_image_alt_texts ?? {})) {
    if (text && plainLength(text) > NEWS_LIMITS.altTextMax) errors[`news_image_alt_texts.${language}`] = 'news_alt_text_too_long';
  }

  if (!newsHasContent(values.content)) errors.content = REQUIRED;

  const hasDates = !blank(values.publish_date) || !blank(values.unpublish_date);
  const zone = values.timezone?.trim() || null;
  if (zone && !isValidTimezone(zone)) errors.timezone = 'invalid_timezone';
  else if (hasDates && !zone) errors.timezone = REQUIRED;

  const publish = blank(values.publish_date) ? null : parseNewsDate(values.publish_date!);
  const unpublish = blank(values.unpublish_date) ? null : parseNewsDate(values.unpublish_date!);
  if (!blank(values.publish_date) && !publish) errors.publish_date = 'validation_error';
  if (!blank(values.unpublish_date) && !unpublish) errors.unpublish_date = 'validation_error';
  else if (publish && unpublish && unpublish.getTime() <= publish.getTime()) errors.unpublish_date = 'unpublish_date_before_publish_date';

  if (values.status !== null && values.status !== undefined && !NEWS_STATUSES.includes(values.status)) errors.status = 'validation_error';

  Object.assign(errors, validateAudience(values, false));
  return errors;
}

/**
 * A date as the contract sends it, 'YYYY-MM-DDTHH:mm:ss±hh:mm' (or Z); null when it is not one
 * (the offset is part of the value: without one there is no instant to read).
 */
export const parseNewsDate = (text: string): Date | null => parseApiDateTime(text);

/** spec 3 §9: the instant sent as YYYY-MM-DDTHH:mm:ssZ, with the offset of the item's timezone. */
export const formatNewsDate = (at: Date, timezone: string | null | undefined): string => toApiDateTime(at, zoneOr(timezone, NEWS_DEFAULT_TIMEZONE));

/** The editor's value of a date picker ('YYYY-MM-DDTHH:mm', a wall-clock time in `timezone`) → the wire date. */
export function newsDateFromPicker(local: string | null | undefined, timezone: string | null | undefined): string | null {
  const zone = zoneOr(timezone, NEWS_DEFAULT_TIMEZONE);
  const at = parseDateTime(local, zone);
  return at ? toApiDateTime(at, zone) : null;
}

/** The wire date → the wall-clock time the picker shows in `timezone` ('YYYY-MM-DDTHH:mm'). */
export function newsDateToPicker(wire: string | null | undefined, timezone: string | null | undefined): string | null {
  const at = parseApiDateTime(wire);
  return at ? toPickerDateTime(at, zoneOr(timezone, NEWS_DEFAULT_TIMEZONE)) : null;
}

export interface NewsWindow {
  status: number;
  publish_date: Date | null;
  unpublish_date: Date | null;
}

/** What the list shows of an item: its status, bounded by the dates (spec 3 §4). */
export type NewsPublication = 'published' | 'unpublished' | 'scheduled' | 'expired';

export function newsPublication(news: NewsWindow, now: Date = new Date()): NewsPublication {
  if (news.status !== NEWS_STATUS.published) return 'unpublished';
  if (news.publish_date && news.publish_date.getTime() > now.getTime()) return 'scheduled';
  if (news.unpublish_date && news.unpublish_date.getTime() <= now.getTime()) return 'expired';
  return 'published';
}

/** spec 3 §4: learners see an item that is published and within its dates. */
export const newsIsVisible = (news: NewsWindow, now: Date = new Date()): boolean => newsPublication(news, now) === 'published';
