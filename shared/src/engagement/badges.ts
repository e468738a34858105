/**
 * Badges (spec 3 §1 "Badges (default or custom)", §3 "Badge: type (default or custom)"
 * item 7). A badge is earned by a rule over what the learner achieved in the client, or awarded
 * by hand. Default badges come from the small rule set below; a custom badge may use any rule,
 * or none (then it is only awarded by hand). The server evaluates the rules after each learner
 * progress event and when a certificate is issued; the admin form validates with the same code.
 */
import type { LocaleCode } from '../languages.ts';

/** What a rule counts, per learner and client. */
export const BADGE_METRICS = ['trainings_completed', 'trails_completed', 'certificates'] as const;
export type BadgeMetric = (typeof BADGE_METRICS)[number];

export const BADGE_TYPES = ['default', 'custom'] as const;
export type BadgeType = (typeof BADGE_TYPES)[number];

export const BADGE_STATUS = { active: 1, inactive: 2 } as const;
export type BadgeStatus = (typeof BADGE_STATUS)[keyof typeof BADGE_STATUS];

export const BADGE_LIMITS = { titleMax: 256, descriptionMax: 1000, thresholdMin: 1, thresholdMax: 10000 } as const;

export interface BadgeRule {
  metric: BadgeMetric;
  /** earned when the count reaches it */
  threshold: number;
}

/** The learner's counts in one client. */
export type Achievements = Record<BadgeMetric, number>;

export const NO_ACHIEVEMENTS: Achievements = { trainings_completed: 0, trails_completed: 0, certificates: 0 };

type Texts = Record<LocaleCode, string>;

export interface DefaultBadge {
  /** stable key: one row per client and key */
  key: string;
  rule: BadgeRule;
  title: Texts;
  description: Texts;
}

/**
 * The default rule set: first training completed, N trainings, first trail, N certificates.
 * Keys are stored, so never rename one; add new ones at the end.
 */
export const DEFAULT_BADGES: readonly DefaultBadge[] = [
  {
    key: 'first_training',
    rule: { metric: 'trainings_completed', threshold: 1 },
    title: { 'pt-br': 'Primeiro treinamento', en: 'First training', es: 'Primer entrenamiento', fr: 'Première formation' },
    description: {
      'pt-br': 'Concluiu o primeiro treinamento.', en: 'Completed a first training.',
      es: 'Completó su primer entrenamiento.', fr: 'A terminé une première formation.',
    },
  },
  {
    key: 'five_trainings',
    rule: { metric: 'trainings_completed', threshold: 5 },
    title: { 'pt-br': 'Cinco treinamentos', en: 'Five trainings', es: 'Cinco entrenamientos', fr: 'Cinq formations' },
    description: {
      'pt-br': 'Concluiu cinco treinamentos.', en: 'Completed five trainings.',
      es: 'Completó cinco entrenamientos.', fr: 'A terminé cinq formations.',
    },
  },
  {
    key: 'ten_trainings',
    rule: { metric: 'trainings_completed', threshold: 10 },
    title: { 'pt-br': 'Dez treinamentos', en: 'Ten trainings', es: 'Diez entrenamientos', fr: 'Dix formations' },
    description: {
      'pt-br': 'Concluiu dez treinamentos.', en: 'Completed ten trainings.',
      es: 'Completó diez entrenamientos.', fr: 'A terminé dix formations.',
    },
  },
  {
    key: 'first_trail',
    rule: { metric: 'trails_completed', threshold: 1 },
    title: { 'pt-br': 'Primeira trilha', en: 'First trail', es: 'Primera ruta', fr: 'Premier parcours' },
    description: {
      'pt-br': 'Concluiu a primeira trilha.', en: 'Completed a first trail.',
      es: 'Completó su primera ruta.', fr: 'A terminé un premier parcours.',
    },
  },
  {
    key: 'three_certificates',
    rule: { metric: 'certificates', threshold: 3 },
    title: { 'pt-br': 'Três certificados', en: 'Three certificates', es: 'Tres certificados', fr: 'Trois certificats' },
    description: {
      'pt-br': 'Conquistou três certificados.', en: 'Earned three certificates.',
      es: 'Obtuvo tres certificados.', fr: 'A obtenu trois certificats.',
    },
  },
  {
    key: 'ten_certificates',
    rule: { metric: 'certificates', threshold: 10 },
    title: { 'pt-br': 'Dez certificados', en: 'Ten certificates', es: 'Diez certificados', fr: 'Dix certificats' },
    description: {
      'pt-br': 'Conquistou dez certificados.', en: 'Earned ten certificates.',
      es: 'Obtuvo diez certificados.', fr: 'A obtenu dix certificats.',
    },
  },
];

export const isBadgeMetric = (value: unknown): value is BadgeMetric => (BADGE_METRICS as readonly unknown[]).includes(value);

export function meetsRule(rule: BadgeRule, achievements: Achievements): boolean {
  return achievements[rule.metric] >= rule.threshold;
}

/** How far the learner is from a rule: the count (capped at the target) and the percentage. */
export function ruleProgress(rule: BadgeRule, achievements: Achievements): { current: number; target: number; percent: number } {
  const current = Math.min(achievements[rule.metric], rule.threshold);
  return { current, target: rule.threshold, percent: Math.floor((current / rule.threshold) * 100) };
}

export interface RuleBadge {
  id: number;
  status: number;
  rule: BadgeRule | null;
}

/**
 * The badges to award now: active, with a rule the achievements meet, not earned yet. A badge
 * without a rule is only ever awarded by hand; an inactive one is never awarded.
 */
export function badgesToAward(badges: readonly RuleBadge[], achievements: Achievements, earned: ReadonlySet<number>): number[] {
  return badges
    .filter((b) => b.status === BADGE_STATUS.active && b.rule !== null && !earned.has(b.id) && meetsRule(b.rule, achievements))
    .map((b) => b.id);
}

export type BadgeFieldCode = 'make_sure_that_all_fields_are_filled_in' | 'title_too_long' | 'validation_error' | 'badge_threshold_invalid';

export interface BadgeFormValues {
  title?: string | null;
  description?: string | null;
  status?: number | null;
  rule_metric?: string | null;
  rule_threshold?: number | string | null;
}

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The badge form's rules (admin form and server): a title (≤ 256), a status, and either no rule
 * (manual award) or a metric with a whole threshold between 1 and 10 000.
 */
export function validateBadge(values: BadgeFormValues): Partial<Record<keyof BadgeFormValues, BadgeFieldCode>> {
  const errors: Partial<Record<keyof BadgeFormValues, BadgeFieldCode>> = {};
  if (blank(values.title)) errors.title = 'make_sure_that_all_fields_are_filled_in';
  else if (Array.from(values.title!.trim()).length > BADGE_LIMITS.titleMax) errors.title = 'title_too_long';
  if (!blank(values.description) && Array.from(values.description!).length > BADGE_LIMITS.descriptionMax) errors.description = 'validation_error';
  if (values.status !== BADGE_STATUS.active && values.status !== BADGE_STATUS.inactive) errors.status = 'make_sure_that_all_fields_are_filled_in';
  const hasMetric = !blank(values.rule_metric);
  if (hasMetric && !isBadgeMetric(values.rule_metric)) errors.rule_metric = 'validation_error';
  if (hasMetric) {
    const threshold = typeof values.rule_threshold === 'string' ? Number(values.rule_threshold) : values.rule_threshold;
    if (blank(values.rule_threshold) || threshold === undefined || threshold === null || !Number.isInteger(threshold)
      || threshold < BADGE_LIMITS.thresholdMin || threshold > BADGE_LIMITS.thresholdMax) {
      errors.rule_threshold = 'badge_threshold_invalid';
    }
  } else if (!blank(values.rule_threshold)) {
    // a threshold without a metric would be silently dropped: say so
    errors.rule_metric = 'make_sure_that_all_fields_are_filled_in';
  }
  return errors;
}
