import { BADGE_METRICS, validateBadge, type BadgeFormValues } from '@lp/shared/rules';
import type { Badge } from '@lp/shared/contract';

const R = 'resources.badges';

/** The rule choices: none (awarded by hand) or one of the shared metrics. */
export const METRIC_CHOICES = [
  { id: '', name: `${R}.rules.manual` },
  ...BADGE_METRICS.map((metric) => ({ id: metric, name: `${R}.rules.${metric}` })),
];

export const STATUS_CHOICES = [
  { id: 1, name: `${R}.status.active` },
  { id: 2, name: `${R}.status.inactive` },
];

/** react-admin form validation with the shared rules: field → translation key of the error code. */
export function validateBadgeForm(values: BadgeFormValues & { badge_type?: string }): Record<string, string> {
  const rule = values.badge_type === 'default' ? { rule_metric: null, rule_threshold: null } : {};
  return Object.fromEntries(Object.entries(validateBadge({ ...values, ...rule })).map(([field, code]) => [field, `errors.${code}`]));
}

/** How the list shows a badge's rule: "Trainings completed ≥ 5", or awarded by hand. */
export function ruleLabel(translate: (key: string, options?: object) => string, badge: Pick<Badge, 'rule_metric' | 'rule_threshold'>): string {
  if (!badge.rule_metric) return translate(`${R}.rules.manual`);
  return translate(`${R}.rules.summary`, { metric: translate(`${R}.rules.${badge.rule_metric}`), threshold: badge.rule_threshold });
}
