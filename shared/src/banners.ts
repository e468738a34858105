/**
 * Banner and welcome-banner rules (spec 3 §3 "Banners", §4 "Messages and banners", §5 "Welcome
 * banners" and "Banners") that the admin forms and the server both apply. Dates are days
 * (YYYY-MM-DD, spec 4 "Dates": shown and compared in GMT), both ends included.
 */
import type { ErrorCode } from './contract/errors.ts';
import { isApiDate } from './dates/index.ts';
import { validateAudience, type TrainingFieldErrors } from './trainings/basicData.ts';
import { htmlToPlainText, plainLength } from './trainings/html.ts';

/** spec 3 §3: where a banner shows — the top of the home, a card among the home's cards, the campaign strip. */
export const BANNER_TYPES = ['top', 'card', 'campaign'] as const;
export type BannerType = (typeof BANNER_TYPES)[number];
export const isBannerType = (value: unknown): value is BannerType =>
  typeof value === 'string' && (BANNER_TYPES as readonly string[]).includes(value);

/**
 * spec 3 §3 welcome_banner_types: the image alone, or the image with a text under it (the
 * modal's heading is the title either way).
 */
export const WELCOME_BANNER_TYPES = ['image', 'image_and_text'] as const;
export type WelcomeBannerType = (typeof WELCOME_BANNER_TYPES)[number];

/** Banners and welcome banners are active (shown within their dates) or inactive. */
export const BANNER_STATUS = { active: 1, inactive: 2 } as const;
export type BannerStatus = (typeof BANNER_STATUS)[keyof typeof BANNER_STATUS];

export const BANNER_LIMITS = {
  titleMax: 256,
  buttonLabelMax: 60,
  urlMax: 1000,
  orderMin: 0,
  orderMax: 9999,
  /** plain characters of a welcome banner's text */
  textMax: 2000,
} as const;

export const BANNER_DEFAULTS = {
  order: 0,
  background_color: '#ffffff',
  text_color: '#1f2937',
} as const;

/**
 * Width / height of the images by place and device: the admin crops at these, the portal lays
 * the banners out at them (phones below 640 px take the mobile image).
 */
export const BANNER_IMAGE_ASPECTS: Readonly<Record<BannerType | 'welcome', { desktop: number; mobile: number }>> = {
  top: { desktop: 4, mobile: 16 / 10 },
  card: { desktop: 16 / 9, mobile: 16 / 9 },
  campaign: { desktop: 3, mobile: 4 / 3 },
  welcome: { desktop: 12 / 5, mobile: 4 / 3 },
};

/** Colours are stored as #rrggbb (the admin's colour input gives that). */
export const BANNER_COLOR = /^#[0-9a-fA-F]{6}$/;

const REQUIRED: ErrorCode = 'make_sure_that_all_fields_are_filled_in';

export interface DayPeriod {
  start_date: string;
  /** null: no end (until the banner is made inactive) */
  end_date: string | null;
}

/** spec 3 §4 "active within its start and end dates", both days included. */
export function isWithinPeriod(period: DayPeriod, day: string): boolean {
  return period.start_date <= day && (period.end_date === null || day <= period.end_date);
}

/** Two periods share at least one day. */
export function periodsOverlap(a: DayPeriod, b: DayPeriod): boolean {
  return a.start_date <= (b.end_date ?? '9999-12-31') && b.start_date <= (a.end_date ?? '9999-12-31');
}

export interface BannerAudience {
  areas: readonly number[];
  profiles: readonly number[];
  user_groups: readonly number[];
}

const shares = (a: readonly number[], b: readonly number[]) => {
  const set = new Set(a);
  return b.some((id) => set.has(id));
};

/** spec 3 §5 "for the same profile, area or group": the audiences name one of them in common. */
export function audiencesOverlap(a: BannerAudience, b: BannerAudience): boolean {
  return shares(a.areas, b.areas) || shares(a.profiles, b.profiles) || shares(a.user_groups, b.user_groups);
}

/**
 * spec 3 §5 Banners: "The URL must be without www and start with http:// or {host}". `host` is
 * the platform's own host (`learning.example.com`, with its port if it has one): a link may name
 * it without a scheme. https:// counts as http:// (its secure form). An empty URL is a banner
 * without a link.
 */
export function checkBannerUrl(url: string | null | undefined, host: string): ErrorCode | null {
  const text = (url ?? '').trim();
  if (!text) return null;
  if (text.length > BANNER_LIMITS.urlMax || /\s/.test(text)) return 'invalid_banner_url';
  const ownHost = host.trim().toLowerCase();
  const lower = text.toLowerCase();
  let rest: string;
  if (lower.startsWith('http://')) rest = text.slice(7);
  else if (lower.startsWith('https://')) rest = text.slice(8);
  else if (ownHost && (lower === ownHost || lower.startsWith(`${ownHost}/`) || lower.startsWith(`${ownHost}?`))) rest = text;
  else return 'invalid_banner_url';
  const hostPart = (rest.split(/[/?#]/, 1)[0] ?? '').toLowerCase();
  if (!hostPart || hostPart.startsWith('www.') || hostPart.includes('@')) return 'invalid_banner_url';
  if (!/^[a-z0-9.-]+(:\d{1,5})?$/.test(hostPart) || hostPart.startsWith('.') || hostPart.endsWith('.')) return 'invalid_banner_url';
  return null;
}

export type BannerLink = { kind: 'none' } | { kind: 'internal'; path: string } | { kind: 'external'; href: string };

/**
 * Where a banner's link goes in the portal: a URL on the platform's own host opens the page in
 * place; any other opens in a new tab.
 */
export function bannerLink(url: string | null | undefined, host: string): BannerLink {
  const text = (url ?? '').trim();
  if (!text || checkBannerUrl(text, host)) return { kind: 'none' };
  const withScheme = /^https?:\/\//i.test(text) ? text : `http://${text}`;
  const parsed = new URL(withScheme);
  if (parsed.host.toLowerCase() === host.toLowerCase()) return { kind: 'internal', path: `${parsed.pathname}${parsed.search}${parsed.hash}` };
  return { kind: 'external', href: withScheme };
}

export type BannerFieldErrors = TrainingFieldErrors;

/** The values the banner rules read (the write body, spec 3 §3 Banner). */
export interface BannerValues extends BannerAudience {
  banner_type?: string | null;
  title?: string | null;
  desktop_image?: string | null;
  mobile_image?: string | null;
  button_label?: string | null;
  url?: string | null;
  background_color?: string | null;
  text_color?: string | null;
  order?: number | null;
  start_date?: string | null;
  end_date?: string | null;
  status?: number | null;
}

const blank = (value: string | null | undefined) => !value || !value.trim();

function checkPeriod(values: { start_date?: string | null; end_date?: string | null }, errors: BannerFieldErrors) {
  if (blank(values.start_date)) errors.start_date = REQUIRED;
  else if (!isApiDate(values.start_date)) errors.start_date = 'validation_error';
  if (!blank(values.end_date)) {
    if (!isApiDate(values.end_date)) errors.end_date = 'validation_error';
    else if (isApiDate(values.start_date) && values.end_date! < values.start_date!) errors.end_date = 'end_date_before_start_date';
  }
}

function checkStatus(status: number | null | undefined, errors: BannerFieldErrors) {
  if (status !== undefined && status !== null && status !== BANNER_STATUS.active && status !== BANNER_STATUS.inactive) errors.status = 'validation_error';
}

/** spec 3 §3, §5 Banners: field → error code (empty when valid). `host`: see checkBannerUrl. */
export function validateBanner(values: BannerValues, host: string): BannerFieldErrors {
  const errors: BannerFieldErrors = {};
  if (blank(values.banner_type)) errors.banner_type = REQUIRED;
  else if (!isBannerType(values.banner_type)) errors.banner_type = 'validation_error';
  if (blank(values.title)) errors.title = REQUIRED;
  else if (values.title!.trim().length > BANNER_LIMITS.titleMax) errors.title = 'title_too_long';
  if (blank(values.desktop_image)) errors.desktop_image = REQUIRED;
  if ((values.button_label ?? '').trim().length > BANNER_LIMITS.buttonLabelMax) errors.button_label = 'validation_error';
  const url = checkBannerUrl(values.url, host);
  if (url) errors.url = url;
  for (const field of ['background_color', 'text_color'] as const) {
    const color = values[field];
    if (!blank(color) && !BANNER_COLOR.test(color!.trim())) errors[field] = 'validation_error';
  }
  const order = values.order;
  if (order !== undefined && order !== null && (!Number.isInteger(order) || order < BANNER_LIMITS.orderMin || order > BANNER_LIMITS.orderMax)) {
    errors.order = 'validation_error';
  }
  checkPeriod(values, errors);
  checkStatus(values.status, errors);
  Object.assign(errors, validateAudience(values, false));
  return errors;
}

/** The values the welcome-banner rules read (spec 3 §3 Welcome banner). */
export interface WelcomeBannerValues extends BannerAudience {
  welcome_banner_type?: string | null;
  title?: string | null;
  text?: string | null;
  desktop_image?: string | null;
  mobile_image?: string | null;
  start_date?: string | null;
  end_date?: string | null;
  status?: number | null;
}

export interface WelcomeBannerContext {
  /** GMT today */
  today: string;
  /**
   * The start date as stored before this change (null for a new banner): spec 3 §5 "The start
   * date cannot be earlier than today" applies to a date being set, not to a banner already
   * running whose start has passed.
   */
  storedStartDate: string | null;
}

/** spec 3 §3, §5 Welcome banners (the fields; the conflict rule is welcomeBannerConflict). */
export function validateWelcomeBanner(values: WelcomeBannerValues, ctx: WelcomeBannerContext): BannerFieldErrors {
  const errors: BannerFieldErrors = {};
  const type = values.welcome_banner_type;
  if (blank(type)) errors.welcome_banner_type = REQUIRED;
  else if (!(WELCOME_BANNER_TYPES as readonly string[]).includes(type!)) errors.welcome_banner_type = 'validation_error';
  if (blank(values.title)) errors.title = REQUIRED;
  else if (values.title!.trim().length > BANNER_LIMITS.titleMax) errors.title = 'title_too_long';
  if (blank(values.desktop_image)) errors.desktop_image = REQUIRED;
  const textLength = plainLength(htmlToPlainText(values.text ?? ''));
  if (type === 'image_and_text' && textLength === 0) errors.text = REQUIRED;
  else if (textLength > BANNER_LIMITS.textMax) errors.text = 'validation_error';
  checkPeriod(values, errors);
  if (!errors.start_date && values.start_date !== ctx.storedStartDate && values.start_date! < ctx.today) {
    errors.start_date = 'welcome_banner_start_before_today';
  }
  checkStatus(values.status, errors);
  Object.assign(errors, validateAudience(values, false));
  return errors;
}

export interface WelcomeBannerSlot extends DayPeriod, BannerAudience {
  id: number;
  status: number;
}

export interface WelcomeBannerConflict {
  code: Extract<ErrorCode, 'welcome_banner_conflict' | 'welcome_banner_already_published'>;
  /** the banner in the way */
  id: number;
}

/**
 * spec 3 §5: "No other active welcome banner for the same profile, area or group in the same
 * period" and "No banner already published for the selected target audience". An active
 * candidate conflicts with another active banner whose period overlaps and whose audience
 * names an area, profile or group of its own. The other banner having no end date — published
 * for that audience until someone turns it off — answers the second message, otherwise the first.
 * An inactive candidate conflicts with nothing.
 */
export function welcomeBannerConflict(candidate: WelcomeBannerSlot | (Omit<WelcomeBannerSlot, 'id'> & { id: number | null }), others: readonly WelcomeBannerSlot[]): WelcomeBannerConflict | null {
  if (candidate.status !== BANNER_STATUS.active) return null;
  let found: WelcomeBannerConflict | null = null;
  for (const other of others) {
    if (other.id === candidate.id || other.status !== BANNER_STATUS.active) continue;
    if (!periodsOverlap(candidate, other) || !audiencesOverlap(candidate, other)) continue;
    const code = other.end_date === null ? 'welcome_banner_already_published' : 'welcome_banner_conflict';
    // the open-ended one is the more telling answer
    if (!found || code === 'welcome_banner_already_published') found = { code, id: other.id };
    if (code === 'welcome_banner_already_published') break;
  }
  return found;
}
