import { TRAIL_DEFAULTS, validateTrailBasicData } from '@lp/shared/rules';
import type { Trail, TrailInput } from '@lp/shared/contract';

/** The basic-data form's values: the trail's write shape (dates as the date inputs hold them). */
export interface TrailFormValues {
  id?: number;
  title: string;
  description: string;
  image_url: string | null;
  score: number | null;
  order: number | null;
  availability_date: string | null;
  date_to_unpublish: string | null;
  trail_categories: number[];
  tags: number[];
  areas: number[];
  profiles: number[];
  user_groups: number[];
  mandatory_areas: number[];
  mandatory_profiles: number[];
  qty_certificate_expiration_days: number | null;
}

export const NEW_TRAIL: TrailFormValues = {
  title: '', description: '', image_url: null, score: TRAIL_DEFAULTS.score, order: TRAIL_DEFAULTS.order, availability_date: null,
  date_to_unpublish: null, trail_categories: [], tags: [], areas: [], profiles: [], user_groups: [], mandatory_areas: [],
  mandatory_profiles: [], qty_certificate_expiration_days: null,
};

/** GET T/ → form values. */
export function trailFormValues(trail: Trail): TrailFormValues {
  return {
    id: trail.id,
    title: trail.title,
    description: trail.description,
    image_url: trail.image_url,
    score: trail.score,
    order: trail.order,
    availability_date: trail.availability_date,
    date_to_unpublish: trail.date_to_unpublish,
    trail_categories: trail.trail_categories,
    tags: trail.tags,
    areas: trail.areas,
    profiles: trail.profiles,
    user_groups: trail.user_groups,
    mandatory_areas: trail.mandatory_areas,
    mandatory_profiles: trail.mandatory_profiles,
    qty_certificate_expiration_days: trail.qty_certificate_expiration_days,
  };
}

const blankToNull = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);
const numberOrNull = (value: unknown) => (value === null || value === undefined || value === '' || Number.isNaN(Number(value)) ? null : Number(value));

/**
 * Form values → the JSON body of POST /admin_trails/trails/ and PUT T/. The score goes only
 * with trails_set_score (the server refuses a change from anyone else, spec 2 §6); the
 * mandatory audience only with training subscription.
 */
export function trailPayload(values: TrailFormValues, options: { sendScore: boolean; useSubscription: boolean }): TrailInput {
  return {
    title: values.title ?? '',
    description: values.description ?? '',
    image_url: blankToNull(values.image_url),
    ...(options.sendScore ? { score: numberOrNull(values.score) } : {}),
    order: numberOrNull(values.order) ?? TRAIL_DEFAULTS.order,
    availability_date: blankToNull(values.availability_date),
    date_to_unpublish: blankToNull(values.date_to_unpublish),
    trail_categories: values.trail_categories ?? [],
    tags: values.tags ?? [],
    areas: values.areas ?? [],
    profiles: values.profiles ?? [],
    user_groups: values.user_groups ?? [],
    ...(options.useSubscription ? { mandatory_areas: values.mandatory_areas ?? [], mandatory_profiles: values.mandatory_profiles ?? [] } : {}),
    qty_certificate_expiration_days: numberOrNull(values.qty_certificate_expiration_days),
  };
}

/** The shared rules in the form: field → translation key `errors.{code}` (empty when valid). */
export function validateTrailForm(values: TrailFormValues, options: { canSetScore: boolean; useSubscription: boolean }): Record<string, string> {
  const body = trailPayload(values, { sendScore: options.canSetScore, useSubscription: options.useSubscription });
  const errors = validateTrailBasicData({ ...body, score: options.canSetScore ? body.score : null }, options);
  return Object.fromEntries(Object.entries(errors).map(([field, code]) => [field, `errors.${code}`]));
}
