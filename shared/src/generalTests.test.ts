import { describe, expect, it } from 'vitest';
import { GENERAL_TEST_STATUS, generalTestOpen, minutesToClock, questionsDrawn, randomQuestionsDrawn, restartAllowed, validateGeneralTest } from './generalTests.ts';

const base = {
  title: 'Assessment', test_type: 'timed_block_general', minimum_score: 2, quantity_questions: 3, quantity_realizations: null,
  time_to_finish: 10, publish_date: '2026-11-01', unpublish_date: null, status: GENERAL_TEST_STATUS.unpublished,
};

describe('general tests (spec 3 §3, §5, §9)', () => {
  it('validates the fields', () => {
    expect(validateGeneralTest(base, 0, 0)).toEqual({});
    expect(validateGeneralTest({ ...base, test_type: 'block', time_to_finish: null, minimum_score: 0 }, 0, 0)).toEqual({
      test_type: 'invalid_field', time_to_finish: 'make_sure_that_all_fields_are_filled_in', minimum_score: 'minimum_score_below_one',
    });
    expect(validateGeneralTest({ ...base, unpublish_date: '2026-10-01' }, 0, 0).unpublish_date).toBe('end_date_before_start_date');
  });
  it('a published test needs the questions it draws and its minimum score', () => {
    const published = { ...base, status: GENERAL_TEST_STATUS.published };
    expect(validateGeneralTest(published, 0, 0).quantity_questions).toBe('invalid_field');
    expect(validateGeneralTest(published, 2, 0).quantity_questions).toBe('invalid_field');
    expect(validateGeneralTest({ ...published, minimum_score: 4 }, 30, 0).minimum_score).toBe('minimum_score_above_question_count');
    expect(validateGeneralTest(published, 30, 1)).toEqual({});
  });
  it('bank: X total, Y mandatory always drawn, Z random; blank = all (10 of 30)', () => {
    expect(questionsDrawn(30, 4, 10)).toBe(10);
    expect(randomQuestionsDrawn(30, 4, 10)).toBe(6);
    expect(questionsDrawn(30, 4, null)).toBe(30);
    expect(questionsDrawn(30, 12, 10)).toBe(12);
  });
  it('dates, clock and restarts', () => {
    expect(generalTestOpen({ status: 1, publish_date: '2026-11-01', unpublish_date: '2026-11-30' }, '2026-11-30')).toBe(true);
    expect(generalTestOpen({ status: 1, publish_date: '2026-11-01', unpublish_date: '2026-11-30' }, '2026-12-01')).toBe(false);
    expect(generalTestOpen({ status: 2, publish_date: '2026-11-01', unpublish_date: null }, '2026-11-02')).toBe(false);
    expect(minutesToClock(75)).toBe('01:15:00');
    expect(restartAllowed(1, 2)).toBe(true);
    expect(restartAllowed(2, 2)).toBe(false);
    expect(restartAllowed(9, null)).toBe(true);
  });
});
