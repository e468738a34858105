import { describe, expect, it } from 'vitest';
import {
  DRILL_STATUS, drillDates, drillDayNumber, isDrillDay, maxQuestionsPerDay, minQuestionsPerDay, questionTimeOver, validateDrill, weekdayOf,
  type DrillValues,
} from './drills.ts';

const base: DrillValues = {
  title: 'Daily safety', start_date: '2026-11-23', end_date: '2026-11-29', date_type: 'range',
  minimum_score: 1, qty_questions_frequency: 1, time_to_answer: 30, score: 10, status: DRILL_STATUS.unpublished,
};

describe('drill days for each date type (spec 3 §3 "Drill", §9)', () => {
  it('range: every day from start to end, both included', () => {
    expect(drillDates({ start_date: '2026-11-23', end_date: '2026-11-25', date_type: 'range' })).toEqual(['2026-11-23', '2026-11-24', '2026-11-25']);
  });
  it('weekdays: 0 Sunday … 6 Saturday within the dates', () => {
    expect(weekdayOf('2026-11-23')).toBe(1);
    const s = { start_date: '2026-11-23', end_date: '2026-12-06', date_type: 'weekdays' as const, weekdays: [1, 3] };
    expect(drillDates(s)).toEqual(['2026-11-23', '2026-11-25', '2026-11-30', '2026-12-02']);
    expect(isDrillDay(s, '2026-11-24')).toBe(false);
  });
  it('days of the month, narrowed to start_month … end_month', () => {
    const s = { start_date: '2026-01-01', end_date: '2026-12-31', date_type: 'days_of_the_month' as const, days_of_the_month: [1, 15], start_month: 11, end_month: 12 };
    expect(drillDates(s)).toEqual(['2026-11-01', '2026-11-15', '2026-12-01', '2026-12-15']);
    // a span that wraps the year: November to February
    const wrap = { ...s, start_date: '2026-01-01', end_date: '2027-03-31', start_month: 11, end_month: 2, days_of_the_month: [1] };
    expect(drillDates(wrap)).toEqual(['2026-01-01', '2026-02-01', '2026-11-01', '2026-12-01', '2027-01-01', '2027-02-01']);
  });
  it('custom: the dates given, sorted and within the drill', () => {
    const s = { start_date: '2026-11-01', end_date: '2026-11-30', date_type: 'custom' as const, custom_dates: ['2026-11-20', '2026-11-02', '2026-11-20', '2026-12-01'] };
    expect(drillDates(s)).toEqual(['2026-11-02', '2026-11-20']);
    expect(drillDayNumber(s, '2026-11-20')).toBe(2);
    expect(drillDayNumber(s, '2026-11-03')).toBeNull();
  });
});

describe('drill validation (spec 3 §5 "Drills", §8)', () => {
  it('the end date must be after the start date', () => {
    expect(validateDrill({ ...base, end_date: '2026-11-22' }, 0).end_date).toBe('drill_end_date_error');
    expect(validateDrill({ ...base, end_date: '2026-11-23' }, 0).end_date).toBeUndefined();
  });
  it('required fields and invalid ones', () => {
    const e = validateDrill({ title: ' ', date_type: 'weekly' }, 0);
    expect(e).toMatchObject({ title: 'make_sure_that_all_fields_are_filled_in', start_date: 'make_sure_that_all_fields_are_filled_in', date_type: 'invalid_field' });
    expect(validateDrill({ ...base, date_type: 'weekdays', weekdays: [] }, 0).weekdays).toBe('make_sure_that_all_fields_are_filled_in');
    expect(validateDrill({ ...base, date_type: 'weekdays', weekdays: [7] }, 0).weekdays).toBe('invalid_field');
    expect(validateDrill({ ...base, date_type: 'days_of_the_month', days_of_the_month: [0] }, 0).days_of_the_month).toBe('invalid_field');
    expect(validateDrill({ ...base, date_type: 'custom', custom_dates: ['2026-12-25'] }, 0).custom_dates).toBe('invalid_field');
    expect(validateDrill({ ...base, start_month: 3 }, 0).end_month).toBe('make_sure_that_all_fields_are_filled_in');
    expect(validateDrill({ ...base, time_to_answer: 0 }, 0).time_to_answer).toBe('invalid_field');
    expect(validateDrill({ ...base, time_to_answer: null }, 0).time_to_answer).toBeUndefined();
    expect(validateDrill({ ...base, minimum_score: 0 }, 0).minimum_score).toBe('invalid_field');
    expect(validateDrill({ ...base, status: 9 }, 0).status).toBe('invalid_field');
  });
  it('a schedule without any day is refused', () => {
    // a Sunday-only drill from Monday to Friday
    expect(validateDrill({ ...base, end_date: '2026-11-27', date_type: 'weekdays', weekdays: [0] }, 0).date_type).toBe('drill_no_dates');
  });
  it('6 questions over 2 dates allow at most 3 a day', () => {
    const twoDates = { ...base, date_type: 'custom', custom_dates: ['2026-11-23', '2026-11-24'], status: DRILL_STATUS.published, minimum_score: 2 };
    expect(maxQuestionsPerDay(6, 2)).toBe(3);
    expect(validateDrill({ ...twoDates, qty_questions_frequency: 3 }, 6)).toEqual({});
    expect(validateDrill({ ...twoDates, qty_questions_frequency: 4 }, 6).qty_questions_frequency).toBe('drill_questions_frequency_error');
  });
  it('questions per date must not exceed the registered questions', () => {
    const oneDate = { ...base, date_type: 'custom', custom_dates: ['2026-11-23'], status: DRILL_STATUS.published, minimum_score: 1 };
    expect(validateDrill({ ...oneDate, qty_questions_frequency: 3 }, 2).qty_questions_frequency).toBe('drill_questions_frequency_error');
  });
  it('2 dates and 4 required need at least 2 a day ("at least")', () => {
    const twoDates = { ...base, date_type: 'custom', custom_dates: ['2026-11-23', '2026-11-24'], status: DRILL_STATUS.published, minimum_score: 4 };
    expect(minQuestionsPerDay(4, 2)).toBe(2);
    expect(validateDrill({ ...twoDates, qty_questions_frequency: 1 }, 10).qty_questions_frequency).toBe('drill_questions_frequency_error');
    expect(validateDrill({ ...twoDates, qty_questions_frequency: 2 }, 10)).toEqual({});
  });
  it('the minimum score cannot exceed the registered questions', () => {
    const published = { ...base, date_type: 'custom', custom_dates: ['2026-11-23'], status: DRILL_STATUS.published, qty_questions_frequency: 3 };
    expect(validateDrill({ ...published, minimum_score: 4 }, 3).minimum_score).toBe('drill_minimum_score_error');
    expect(validateDrill({ ...published, minimum_score: 3 }, 3)).toEqual({});
  });
  it('question counts are checked once published (an unpublished drill may have none yet)', () => {
    expect(validateDrill({ ...base, qty_questions_frequency: 5, minimum_score: 30 }, 0)).toEqual({});
    expect(Object.keys(validateDrill({ ...base, status: DRILL_STATUS.published }, 0))).toContain('minimum_score');
  });
});

describe('question timer', () => {
  it('is over at the deadline on the server clock; no deadline = no limit', () => {
    expect(questionTimeOver('2026-11-27T10:00:30.000Z', new Date('2026-11-27T10:00:30.000Z'))).toBe(true);
    expect(questionTimeOver('2026-11-27T10:00:30.000Z', new Date('2026-11-27T10:00:29.000Z'))).toBe(false);
    expect(questionTimeOver(null, new Date())).toBe(false);
  });
});
