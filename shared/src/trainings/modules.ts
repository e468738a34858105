import type { ErrorCode } from '../contract/errors.ts';
import { DEFAULT_TIME_ZONE, formatInZone, isApiDate } from '../dates/index.ts';

/**
 * spec 2 §3.2, §4.2, §5.2, §5.7 and spec 4 "Uploads": the rules of modules (classes) and support
 * materials that the admin dialogs and the server both apply. Pure functions over the form values.
 */

const MB = 1024 * 1024;

/** spec 4 §9 "Uploads": PowerPoint at most 10 MB; general files at most 150 MB. */
export const UPLOAD_LIMITS = {
  generalMaxBytes: 150 * MB,
  powerpointMaxBytes: 10 * MB,
  /** spec 2 §7.5 editor images travel in one form POST (the multipart limit of the server) */
  editorImageMaxBytes: 10 * MB,
} as const;

/** spec 2 §4.2: the administrator sets only 1 (published, the default) or 2 (unpublished); 3 is deletion. */
export const MODULE_EDITABLE_STATUSES = [1, 2] as const;
export const MODULE_DEFAULT_STATUS = 1;
/** spec 2 §4.3: a new support material defaults to 1 and may be set to 1 or 2. */
export const MATERIAL_DEFAULT_STATUS = 1;

/** spec 2 §5.11 / §9: autocomplete from 3 characters, at most 25 results. */
export const MODULE_SEARCH_MIN = 3;
export const MODULE_SEARCH_MAX = 25;

export const MODULE_TITLE_MAX = 256;
/** spec 2 §9 "module_score … min 0"; the training score's ceiling keeps it a sane number */
export const MODULE_SCORE_MAX = 99999;
/** an embed (URL or iframe code) is short text; anything longer is not one */
export const EMBED_MAX_LENGTH = 2000;

/** What a file-backed module type accepts (spec 2 §5.2 "Upload formats"). */
export interface ModuleFileRule {
  /** lower case without the dot; null = any extension (general file) */
  extensions: readonly string[] | null;
  maxBytes: number;
  /** a zip that is unpacked and served as a site */
  package: 'html' | 'scorm' | null;
}

/** Module type slug (the group_training_module_types lookup) → file rule. Embed types have none. */
export const MODULE_FILE_RULES: Readonly<Record<string, ModuleFileRule>> = {
  video: { extensions: ['mp4'], maxBytes: UPLOAD_LIMITS.generalMaxBytes, package: null },
  audio: { extensions: ['mp3', 'wav'], maxBytes: UPLOAD_LIMITS.generalMaxBytes, package: null },
  pdf: { extensions: ['pdf'], maxBytes: UPLOAD_LIMITS.generalMaxBytes, package: null },
  scorm: { extensions: ['zip'], maxBytes: UPLOAD_LIMITS.generalMaxBytes, package: 'scorm' },
  html: { extensions: ['zip'], maxBytes: UPLOAD_LIMITS.generalMaxBytes, package: 'html' },
  powerpoint: { extensions: ['ppt', 'pptx'], maxBytes: UPLOAD_LIMITS.powerpointMaxBytes, package: null },
  file: { extensions: null, maxBytes: UPLOAD_LIMITS.generalMaxBytes, package: null },
};

/** spec 2 §3.2: the three hosted-service slugs and the hosts their embeds may point at. */
export const EMBED_HOSTS: Readonly<Record<string, readonly string[]>> = {
  youtube: ['youtube.com', 'youtu.be', 'youtube-nocookie.com'],
  vimeo: ['vimeo.com'],
  slideshare: ['slideshare.net'],
};

/** A module type as the lookup lists it. */
export interface ModuleTypeInfo {
  id: number;
  slug: string;
  use_embed: boolean;
}

/** Lower-case extension of a file name, without the dot ('' when there is none). */
export function fileExtension(fileName: string): string {
  const last = fileName.split(/[/\\]/).pop() ?? '';
  const match = /\.([^.]+)$/.exec(last);
  return match?.[1]?.toLowerCase() ?? '';
}

export function moduleFileRule(slug: string | null | undefined): ModuleFileRule | null {
  return slug ? MODULE_FILE_RULES[slug] ?? null : null;
}

/** The file input's `accept` for a module type ('' = anything). */
export function moduleAccept(slug: string | null | undefined): string {
  const rule = moduleFileRule(slug);
  return rule?.extensions ? rule.extensions.map((e) => `.${e}`).join(',') : '';
}

/**
 * The checks a browser can make before uploading (extension and size); the server repeats them
 * and reads the content (magic bytes, archives). Null when the file may be sent.
 */
export function checkModuleFile(slug: string, fileName: string, size: number): ErrorCode | null {
  const rule = moduleFileRule(slug);
  if (!rule) return 'invalid_file_type';
  if (rule.extensions && !rule.extensions.includes(fileExtension(fileName))) return 'invalid_file_type';
  if (size > rule.maxBytes) return slug === 'powerpoint' ? 'powerpoint_too_large' : 'file_too_large';
  return null;
}

/** spec 2 §5.7: any extension, at most 150 MB. */
export function checkMaterialFile(size: number): ErrorCode | null {
  return size > UPLOAD_LIMITS.generalMaxBytes ? 'file_too_large' : null;
}

/** What §4.2's locks read of a module. */
export interface ModuleLockSubject {
  /** slug of the module's current type */
  slug: string | null;
  qty_views: number;
  qty_progress: number;
  /** the module is saved already (a new one has no progress and no lock) */
  exists: boolean;
}

/** spec 2 §4.2: the content type cannot change once a video module has views or progress. */
export function moduleTypeLocked(m: ModuleLockSubject): boolean {
  return m.exists && m.slug === 'video' && (m.qty_views > 0 || m.qty_progress > 0);
}

/**
 * spec 2 §4.2 / §5.2: the file is locked for a video module that has views, or for an existing
 * module with progress ("the file of a class that has already started cannot be changed").
 */
export function moduleFileLocked(m: ModuleLockSubject): boolean {
  if (!m.exists) return false;
  return (m.slug === 'video' && m.qty_views > 0) || m.qty_progress > 0;
}

const hostMatches = (host: string, domains: readonly string[]) =>
  domains.some((d) => host === d || host.endsWith(`.${d}`));

/** The URL an embed refers to: the text itself or an iframe's src (https assumed when the scheme is missing). */
export function embedUrl(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  let candidate = trimmed;
  if (/^<iframe[\s>]/i.test(trimmed)) {
    // exactly one frame and nothing else of substance
    if ((trimmed.match(/<iframe[\s>]/gi) ?? []).length !== 1 || !/<\/iframe>\s*$/i.test(trimmed)) return null;
    const src = /\ssrc\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(trimmed);
    candidate = (src?.[2] ?? src?.[3] ?? src?.[4] ?? '').trim().replace(/&amp;/g, '&');
  } else if (/[\s<>"']/.test(trimmed)) {
    return null;
  }
  // spec 2 §5.9's habit for hosted URLs: 'https://' in front when the value lacks it
  if (candidate.startsWith('//')) candidate = `https:${candidate}`;
  else if (!/^https?:\/\//i.test(candidate)) candidate = `https://${candidate}`;
  try {
    const url = new URL(candidate);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.username || url.password) return null;
    return url.toString();
  } catch {
    return null;
  }
}

/**
 * spec 2 §3.2 "An embed is a video URL, a share link or an embed code", of the service the
 * type names: the URL it points at, or null when it is not one.
 */
export function embedUrlFor(slug: string, text: string): string | null {
  const domains = EMBED_HOSTS[slug];
  const url = embedUrl(text);
  if (!domains || !url) return null;
  return hostMatches(new URL(url).hostname.toLowerCase(), domains) ? url : null;
}

/** The module dialog's values as sent (spec 2 §7.1 multipart form: every value a string). */
export interface ModuleFormValues {
  title?: string | null;
  group_training_module_type?: string | number | null;
  status?: string | number | null;
  avaliable_in?: string | null;
  module_score?: string | number | null;
  /** a new upload's id, the current resource unchanged, or the embed */
  resource?: string | null;
}

export type ModuleFieldErrors = Record<string, ErrorCode>;

const REQUIRED: ErrorCode = 'make_sure_that_all_fields_are_filled_in';
const blank = (v: string | number | null | undefined) => v === null || v === undefined || String(v).trim() === '';

/** An integer written as digits (a form value), or null. */
export function parseFormInteger(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return /^-?\d{1,9}$/.test(text) ? Number(text) : null;
}

/**
 * spec 2 §5.2 module rules: title required (max 256), content type required, a file for
 * non-embed types and an embed for embed types, module_score ≥ 0, status 1 or 2 (§4.2),
 * avaliable_in a calendar day when given. `type` is the chosen type (undefined when unknown).
 */
export function validateModuleForm(values: ModuleFormValues, type: ModuleTypeInfo | undefined): ModuleFieldErrors {
  const errors: ModuleFieldErrors = {};
  const title = String(values.title ?? '').trim();
  if (!title) errors.title = REQUIRED;
  else if (Array.from(title).length > MODULE_TITLE_MAX) errors.title = 'title_too_long';

  if (blank(values.group_training_module_type)) errors.group_training_module_type = REQUIRED;
  else if (!type) errors.group_training_module_type = 'validation_error';

  if (!blank(values.status)) {
    const status = parseFormInteger(values.status);
    if (status === null || !(MODULE_EDITABLE_STATUSES as readonly number[]).includes(status)) errors.status = 'validation_error';
  }

  const day = String(values.avaliable_in ?? '').trim();
  if (day && !isApiDate(day)) errors.avaliable_in = 'validation_error';

  if (!blank(values.module_score)) {
    const score = parseFormInteger(values.module_score);
    if (score === null) errors.module_score = 'validation_error';
    else if (score < 0 || score > MODULE_SCORE_MAX) errors.module_score = 'score_out_of_range';
  }

  const resource = String(values.resource ?? '').trim();
  if (!resource) errors.resource = REQUIRED;
  else if (type?.use_embed && (resource.length > EMBED_MAX_LENGTH || !embedUrlFor(type.slug, resource))) errors.resource = 'invalid_embed';
  return errors;
}

/** spec 2 §5.7: title and file are required; status 1 or 2. */
export function validateMaterialForm(values: { title?: string | null; status?: string | number | null; resource?: string | null }): ModuleFieldErrors {
  const errors: ModuleFieldErrors = {};
  const title = String(values.title ?? '').trim();
  if (!title) errors.title = REQUIRED;
  else if (Array.from(title).length > MODULE_TITLE_MAX) errors.title = 'title_too_long';
  if (!blank(values.status)) {
    const status = parseFormInteger(values.status);
    if (status === null || !(MODULE_EDITABLE_STATUSES as readonly number[]).includes(status)) errors.status = 'validation_error';
  }
  if (blank(values.resource)) errors.resource = REQUIRED;
  return errors;
}

/** spec 2 §7.5: where editor images may go, by the admin's name for the destination. */
export type EditorImageDestination = 'trainings' | 'webcasts' | 'live_classes' | 'presential_events' | 'training_images' | 'trail_images'
  // banner and welcome-banner images (image crop input), message bodies (spec 3 §3)
  | 'banner_images' | 'welcome_banner_images' | 'messages'
  // the news body (spec 3 §7 media/html_images/news/{year}/{month}/) and the news image
  | 'news' | 'news_images';

/** spec 2 §5.11: editor images are .png, .jpg or .gif; the training image also takes .jpeg (spec 1 §5.4). */
export function editorImageExtensions(directory: string): readonly string[] {
  return directory.startsWith('media/images/') ? ['png', 'jpg', 'jpeg', 'gif'] : ['png', 'jpg', 'gif'];
}

/** spec 2 §7.5 file_directory of a destination for a date: media/html_images/trainings/{year}/{month}/ … */
export function editorImageDirectory(destination: EditorImageDestination, date: Date = new Date()): string {
  const base = destination === 'training_images' ? 'media/images/trainings'
    : destination === 'trail_images' ? 'media/images/trails'
      : destination === 'banner_images' ? 'media/images/banners'
        : destination === 'welcome_banner_images' ? 'media/images/welcome_banners'
          : destination === 'news_images' ? 'media/images/news' : `media/html_images/${destination}`;
  return `${base}/${formatInZone(date, DEFAULT_TIME_ZONE, 'yyyy/MM')}/`;
}

/** The directories §7.5 allows (and the training image's own). */
export const EDITOR_IMAGE_DIRECTORY = /^media\/(html_images\/(trainings|webcasts|live_classes|presential_events|messages|news)|images\/(trainings|trails|banners|welcome_banners|news))\/(\d{4})\/(0[1-9]|1[0-2])\/$/;

/** Which area's manage permission an editor-image directory needs. */
export function editorImageArea(directory: string): 'trainings' | 'webcasts' | 'live_classes' | 'presential_events' | 'trails' | 'banners' | 'banners_welcome' | 'messages' | 'news' | null {
  const match = EDITOR_IMAGE_DIRECTORY.exec(directory);
  if (!match) return null;
  if (match[2] === 'webcasts') return 'webcasts';
  if (match[2] === 'live_classes') return 'live_classes';
  // a face-to-face event's test questions (spec 3 §1): who edits its evaluations and tests
  if (match[2] === 'presential_events') return 'presential_events';
  if (match[2] === 'messages') return 'messages';
  // spec 3 §7: the news editor's images, and the news image, need the news permission
  if (match[2] === 'news' || match[3] === 'news') return 'news';
  if (match[3] === 'banners') return 'banners';
  if (match[3] === 'welcome_banners') return 'banners_welcome';
  return match[3] === 'trails' ? 'trails' : 'trainings';
}
