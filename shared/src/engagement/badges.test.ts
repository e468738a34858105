import { describe, expect, it } from 'vitest';
import {
  BADGE_STATUS, DEFAULT_BADGES, NO_ACHIEVEMENTS, badgesToAward, meetsRule, ruleProgress, validateBadge, type Achievements,
} from './badges.ts';

const achieved = (patch: Partial<Achievements>): Achievements => ({ ...NO_ACHIEVEMENTS, ...patch });

describe('default badge rule set (spec 3 §1 badges)', () => {
  it('has unique keys and covers first training, N trainings, first trail and N certificates', () => {
    const keys = DEFAULT_BADGES.map((b) => b.key);
    expect(new Set(keys).size).toBe(keys.length);
    const rules = DEFAULT_BADGES.map((b) => `${b.rule.metric}:${b.rule.threshold}`);
    expect(rules).toEqual(expect.arrayContaining(['trainings_completed:1', 'trainings_completed:5', 'trails_completed:1', 'certificates:3']));
  });

  it('is written in the four languages', () => {
    for (const badge of DEFAULT_BADGES) {
      for (const locale of ['pt-br', 'en', 'es', 'fr'] as const) {
        expect(badge.title[locale]).toBeTruthy();
        expect(badge.description[locale]).toBeTruthy();
      }
    }
  });
});

describe('badge rules', () => {
  it('is met when the count reaches the threshold', () => {
    expect(meetsRule({ metric: 'trainings_completed', threshold: 5 }, achieved({ trainings_completed: 4 }))).toBe(false);
    expect(meetsRule({ metric: 'trainings_completed', threshold: 5 }, achieved({ trainings_completed: 5 }))).toBe(true);
    expect(meetsRule({ metric: 'certificates', threshold: 1 }, achieved({ trainings_completed: 9 }))).toBe(false);
  });

  it('shows progress capped at the target', () => {
    expect(ruleProgress({ metric: 'certificates', threshold: 3 }, achieved({ certificates: 1 }))).toEqual({ current: 1, target: 3, percent: 33 });
    expect(ruleProgress({ metric: 'certificates', threshold: 3 }, achieved({ certificates: 7 }))).toEqual({ current: 3, target: 3, percent: 100 });
  });

  it('awards active rule badges once: never manual-only, inactive or already earned ones', () => {
    const badges = [
      { id: 1, status: BADGE_STATUS.active, rule: { metric: 'trainings_completed' as const, threshold: 1 } },
      { id: 2, status: BADGE_STATUS.active, rule: { metric: 'trainings_completed' as const, threshold: 2 } },
      { id: 3, status: BADGE_STATUS.inactive, rule: { metric: 'trainings_completed' as const, threshold: 1 } },
      { id: 4, status: BADGE_STATUS.active, rule: null },
      { id: 5, status: BADGE_STATUS.active, rule: { metric: 'trails_completed' as const, threshold: 1 } },
    ];
    const now = achieved({ trainings_completed: 1, trails_completed: 1 });
    expect(badgesToAward(badges, now, new Set())).toEqual([1, 5]);
    expect(badgesToAward(badges, now, new Set([1]))).toEqual([5]);
    expect(badgesToAward(badges, achieved({ trainings_completed: 2 }), new Set([1, 5]))).toEqual([2]);
  });
});

describe('badge form validation', () => {
  const valid = { title: 'Vendedor do mês', status: 1 };

  it('needs a title of at most 256 characters and a status', () => {
    expect(validateBadge(valid)).toEqual({});
    expect(validateBadge({ ...valid, title: '  ' })).toEqual({ title: 'make_sure_that_all_fields_are_filled_in' });
    expect(validateBadge({ ...valid, title: 'x'.repeat(257) })).toEqual({ title: 'title_too_long' });
    expect(validateBadge({ title: 'x', status: 3 })).toEqual({ status: 'make_sure_that_all_fields_are_filled_in' });
  });

  it('takes no rule (manual award) or a known metric with a whole threshold from 1 to 10 000', () => {
    expect(validateBadge({ ...valid, rule_metric: 'certificates', rule_threshold: 3 })).toEqual({});
    expect(validateBadge({ ...valid, rule_metric: 'certificates', rule_threshold: '3' })).toEqual({});
    expect(validateBadge({ ...valid, rule_metric: 'certificates', rule_threshold: 0 })).toEqual({ rule_threshold: 'badge_threshold_invalid' });
    expect(validateBadge({ ...valid, rule_metric: 'certificates', rule_threshold: 2.5 })).toEqual({ rule_threshold: 'badge_threshold_invalid' });
    expect(validateBadge({ ...valid, rule_metric: 'certificates', rule_threshold: null })).toEqual({ rule_threshold: 'badge_threshold_invalid' });
    expect(validateBadge({ ...valid, rule_metric: 'logins', rule_threshold: 1 })).toEqual({ rule_metric: 'validation_error' });
    expect(validateBadge({ ...valid, rule_metric: null, rule_threshold: 4 })).toEqual({ rule_metric: 'make_sure_that_all_fields_are_filled_in' });
  });
});
