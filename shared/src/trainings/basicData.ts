import type { ErrorCode } from '../contract/errors.ts';
import { htmlToPlainText, plainLength } from './html.ts';
import type { TrainingClientFlags } from './flags.ts';

/** spec 2 §9 text limits and ranges, and the §3.1 / §9 defaults. */
export const TRAINING_LIMITS = {
  titleMax: 256,
  introductionMax: 1024,
  altTextMax: 170,
  scoreMin: 0,
  scoreMax: 99999,
} as const;

export const TRAINING_DEFAULTS = {
  /** spec 2 §9: group_training_type 2 when the basic type is not used */
  groupTrainingType: 2,
  portfolioOrder: 9999,
  score: 0,
} as const;

/** spec 2 §1: content alt texts are kept per language. */
export const CONTENT_LANGUAGES = ['pt-br', 'en-us', 'es-es', 'fr-fr'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/** The basic-data fields §5.1 validates, in the write shape's names. */
export interface TrainingBasicData {
  title?: string | null;
  /** HTML (the introduction) */
  description?: string | null;
  group_training_type?: number | null;
  score?: number | null;
  workload?: number | null;
  tags?: readonly number[] | null;
  areas?: readonly number[] | null;
  profiles?: readonly number[] | null;
  user_groups?: readonly number[] | null;
  mandatory_areas?: readonly number[] | null;
  mandatory_profiles?: readonly number[] | null;
  group_training_image_alt_texts?: Partial<Record<ContentLanguage, string | null>> | null;
}

export interface TrainingBasicDataContext {
  flags: Pick<TrainingClientFlags, 'group_training_use_basic' | 'group_training_use_score' | 'group_training_use_workload' | 'use_training_subscription'>;
  /** use_score of the chosen group training type (false when no type is chosen) */
  typeUsesScore: boolean;
  /** the user holds trainings_set_score (superusers do) */
  canSetScore: boolean;
}

/** field (write-shape name; alt texts as `group_training_image_alt_texts.{language}`) → error code */
export type TrainingFieldErrors = Record<string, ErrorCode>;

const REQUIRED: ErrorCode = 'make_sure_that_all_fields_are_filled_in';

/** spec 2 §5.1: the score field is in use when the client uses score and the chosen type has use_score. */
export function trainingScoreIsUsed(ctx: Pick<TrainingBasicDataContext, 'flags' | 'typeUsesScore'>): boolean {
  return ctx.flags.group_training_use_score && ctx.typeUsesScore;
}

/** spec 2 §5.1: group_training_type as sent: the chosen one with the basic type, otherwise 2. */
export function effectiveTrainingType(chosen: number | null | undefined, flags: Pick<TrainingClientFlags, 'group_training_use_basic'>): number | null {
  if (!flags.group_training_use_basic) return TRAINING_DEFAULTS.groupTrainingType;
  return chosen ?? null;
}

const filled = (list: readonly number[] | null | undefined): boolean => (list?.length ?? 0) > 0;
const isBlankNumber = (n: number | null | undefined): boolean => n === null || n === undefined || Number.isNaN(n);

/**
 * spec 2 §5.1 training basic data. Returns every failing field; empty when the form is valid.
 * The server runs it on the values it is about to store; the admin form runs it before sending.
 */
export function validateTrainingBasicData(values: TrainingBasicData, ctx: TrainingBasicDataContext): TrainingFieldErrors {
  const errors: TrainingFieldErrors = {};

  // title: required, max 256
  const title = values.title?.trim() ?? '';
  if (!title) errors.title = REQUIRED;
  else if (plainLength(title) > TRAINING_LIMITS.titleMax) errors.title = 'title_too_long';

  // introduction (HTML stripped, entities decoded): required, max 1024
  const introduction = htmlToPlainText(values.description);
  if (!introduction) errors.description = REQUIRED;
  else if (plainLength(introduction) > TRAINING_LIMITS.introductionMax) errors.description = 'introduction_too_long';

  // group_training_type: required when the client uses group_training_use_basic; otherwise 2 is sent
  if (ctx.flags.group_training_use_basic && isBlankNumber(values.group_training_type)) errors.group_training_type = REQUIRED;

  // score: required when the client uses score, the type has use_score and the user holds trainings_set_score; 0–99999
  if (trainingScoreIsUsed(ctx)) {
    const score = values.score;
    if (isBlankNumber(score)) {
      if (ctx.canSetScore) errors.score = REQUIRED;
    } else if (!Number.isInteger(score) || score! < TRAINING_LIMITS.scoreMin || score! > TRAINING_LIMITS.scoreMax) {
      errors.score = 'score_out_of_range';
    }
  }

  // workload (hours): required
  if (ctx.flags.group_training_use_workload) {
    if (isBlankNumber(values.workload)) errors.workload = REQUIRED;
    else if (values.workload! < 0) errors.workload = 'validation_error';
  }

  // tags: at least one
  if (!filled(values.tags)) errors.tags = REQUIRED;

  // each alt text: max 170
  for (const [language, text] of Object.entries(values.group_training_image_alt_texts ?? {})) {
    if (text && plainLength(text) > TRAINING_LIMITS.altTextMax) errors[`group_training_image_alt_texts.${language}`] = 'alt_text_too_long';
  }

  Object.assign(errors, validateAudience(values, ctx.flags.use_training_subscription));
  return errors;
}

/** The audience fields (spec 2 §3.1), shared by trainings and trails (spec 2 §3.8). */
export type AudienceValues = Pick<TrainingBasicData, 'areas' | 'profiles' | 'user_groups' | 'mandatory_areas' | 'mandatory_profiles'>;

/**
 * spec 2 §5.1 audience: user groups, or both areas and profiles; with subscription, mandatory
 * areas ⇔ mandatory profiles, each a subset of the chosen ones. Trails follow the same rule.
 */
export function validateAudience(values: AudienceValues, useSubscription: boolean): TrainingFieldErrors {
  const errors: TrainingFieldErrors = {};
  // audience: user groups, or both areas and profiles
  const hasAreas = filled(values.areas);
  const hasProfiles = filled(values.profiles);
  const hasGroups = filled(values.user_groups);
  if (!hasAreas && !hasProfiles && !hasGroups) {
    // all three are flagged; the groups are never required (areas and profiles do as well), so theirs says so
    errors.areas = REQUIRED;
    errors.profiles = REQUIRED;
    errors.user_groups = 'choose_user_groups_or_areas_and_profiles';
  } else if (hasAreas !== hasProfiles) {
    // if any area or profile is chosen, both are required
    if (!hasAreas) errors.areas = REQUIRED;
    if (!hasProfiles) errors.profiles = REQUIRED;
  }

  // mandatory areas and profiles, with training subscription on
  if (useSubscription) {
    const mandatoryAreas = values.mandatory_areas ?? [];
    const mandatoryProfiles = values.mandatory_profiles ?? [];
    if (mandatoryProfiles.length > 0 && mandatoryAreas.length === 0) errors.mandatory_areas = REQUIRED;
    if (mandatoryAreas.length > 0 && mandatoryProfiles.length === 0) errors.mandatory_profiles = REQUIRED;
    // they stay subsets of the chosen areas / profiles
    const areas = new Set(values.areas ?? []);
    const profiles = new Set(values.profiles ?? []);
    if (!errors.mandatory_areas && mandatoryAreas.some((id) => !areas.has(id))) errors.mandatory_areas = 'mandatory_audience_not_chosen';
    if (!errors.mandatory_profiles && mandatoryProfiles.some((id) => !profiles.has(id))) errors.mandatory_profiles = 'mandatory_audience_not_chosen';
  }
  return errors;
}

/**
 * spec 2 §5.1: "unticking an area or profile drops it from the mandatory list" — what the
 * form does when the audience changes.
 */
export function keepMandatoryWithinAudience<T extends Pick<TrainingBasicData, 'areas' | 'profiles' | 'mandatory_areas' | 'mandatory_profiles'>>(values: T): T {
  const areas = new Set(values.areas ?? []);
  const profiles = new Set(values.profiles ?? []);
  return {
    ...values,
    mandatory_areas: (values.mandatory_areas ?? []).filter((id) => areas.has(id)),
    mandatory_profiles: (values.mandatory_profiles ?? []).filter((id) => profiles.has(id)),
  };
}

/** The error code a whole form answers with: the required one when a field is missing (spec 2 §5 intro). */
export function formErrorCode(errors: TrainingFieldErrors): ErrorCode | null {
  const codes = Object.values(errors);
  if (codes.length === 0) return null;
  return codes.includes(REQUIRED) ? REQUIRED : codes[0]!;
}
