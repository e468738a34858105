import { BANNER_STATUS, todayApiDate, validateWelcomeBanner } from '@lp/shared/rules';
import type { WelcomeBannerInput } from '@lp/shared/contract';
import { translatedErrors } from '../../common/editor/index.ts';

const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const ids = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number).filter((n) => Number.isInteger(n) && n > 0) : []);

export const NEW_WELCOME_BANNER = {
  welcome_banner_type: 'image', title: '', text: '', desktop_image: null, mobile_image: null, start_date: todayApiDate(), end_date: null,
  just_confirm: true, user_logout: false, status: BANNER_STATUS.active, areas: [], profiles: [], user_groups: [],
};

/** Form values → the JSON body of POST / PUT …/welcome_banners/. */
export function welcomeBannerPayload(values: Record<string, unknown>): WelcomeBannerInput {
  const type = String(values.welcome_banner_type ?? '');
  return {
    welcome_banner_type: type,
    title: String(values.title ?? '').trim(),
    // the text belongs to the image-and-text type only
    text: type === 'image_and_text' ? String(values.text ?? '') : '',
    desktop_image: blankToNull(values.desktop_image),
    mobile_image: blankToNull(values.mobile_image),
    start_date: blankToNull(values.start_date),
    end_date: blankToNull(values.end_date),
    just_confirm: values.just_confirm === true,
    user_logout: values.user_logout === true,
    status: Number(values.status ?? BANNER_STATUS.active),
    areas: ids(values.areas),
    profiles: ids(values.profiles),
    user_groups: ids(values.user_groups),
  };
}

/**
 * spec 3 §5 Welcome banners in the form: `storedStartDate` is the record's start date as loaded
 * (a running banner keeps a start date that has passed).
 */
export function validateWelcomeBannerForm(values: Record<string, unknown>, storedStartDate: string | null, today = todayApiDate()): Record<string, string> {
  const body = welcomeBannerPayload(values);
  return translatedErrors(validateWelcomeBanner({
    ...body, areas: body.areas ?? [], profiles: body.profiles ?? [], user_groups: body.user_groups ?? [],
  }, { today, storedStartDate }));
}
