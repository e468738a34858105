import { BANNER_DEFAULTS, BANNER_STATUS, todayApiDate, validateBanner } from '@lp/shared/rules';
import type { BannerInput } from '@lp/shared/contract';
import { translatedErrors } from '../../common/editor/index.ts';

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const ids = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number).filter((n) => Number.isInteger(n) && n > 0) : []);
const numberOr = (value: unknown, fallback: number) => (value === null || value === undefined || value === '' || Number.isNaN(Number(value)) ? fallback : Number(value));

/** The values of a new banner's form. */
export const NEW_BANNER = {
  banner_type: 'top', title: '', desktop_image: null, mobile_image: null, button_label: '', url: '',
  background_color: BANNER_DEFAULTS.background_color, text_color: BANNER_DEFAULTS.text_color, order: BANNER_DEFAULTS.order,
  start_date: todayApiDate(), end_date: null, status: BANNER_STATUS.active, areas: [], profiles: [], user_groups: [],
};

/** Form values → the JSON body of POST / PUT …/banners/ (only the contract's input fields). */
export function bannerPayload(values: Record<string, unknown>): BannerInput {
  return {
    banner_type: String(values.banner_type ?? ''),
    title: String(values.title ?? '').trim(),
    desktop_image: blankToNull(values.desktop_image),
    mobile_image: blankToNull(values.mobile_image),
    button_label: blankToNull(values.button_label) ?? '',
    url: blankToNull(values.url) ?? '',
    background_color: blankToNull(values.background_color),
    text_color: blankToNull(values.text_color),
    order: numberOr(values.order, BANNER_DEFAULTS.order),
    start_date: blankToNull(values.start_date),
    end_date: blankToNull(values.end_date),
    status: numberOr(values.status, BANNER_STATUS.active),
    areas: ids(values.areas),
    profiles: ids(values.profiles),
    user_groups: ids(values.user_groups),
  };
}

/** spec 3 §5 Banners, in the form (the server checks the same rules): {host} is this site's host. */
export function validateBannerForm(values: Record<string, unknown>, host = window.location.host): Record<string, string> {
  const body = bannerPayload(values);
  return translatedErrors(validateBanner({
    ...body, areas: body.areas ?? [], profiles: body.profiles ?? [], user_groups: body.user_groups ?? [],
  }, host));
}
