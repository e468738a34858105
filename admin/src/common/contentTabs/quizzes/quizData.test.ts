import { describe, expect, it } from 'vitest';
import { GROUP_TRAINING_TESTS } from '@lp/shared/contract';
import { NEW_TEST_FORM, alternativeSnippet, questionSnippet, readTest, testForm, testFormFields, testValues } from './quizData.ts';
import { TEST_TYPES, wireTest } from './quizFixtures.ts';

const type = (id: number) => TEST_TYPES.find((t) => t.id === id)!;

describe('spec 2 §7.1 test form fields', () => {
  it('sends qty_total_questions empty when unset, test_score 0 when empty, avaliable_in only if set', () => {
    const fields = testFormFields(GROUP_TRAINING_TESTS, { ...NEW_TEST_FORM, title: ' Prova ', test_type: '5' }, type(5));
    expect(fields).toEqual({
      title: 'Prova', group_training_test_type: '5', status: 2, randomize_questions: true, randomize_answers: true,
      qty_total_questions: '', test_score: '0',
    });
    expect(testFormFields(GROUP_TRAINING_TESTS, { ...NEW_TEST_FORM, test_type: '5', avaliable_in: '2026-12-24' }, type(5)).avaliable_in).toBe('2026-12-24');
  });

  it('sends minimum_score only when enabled and filled, maximum_attempts only when enabled, time only for the timed types', () => {
    const form = { ...NEW_TEST_FORM, minimum_score: '2', maximum_attempts: '3', time_to_answer: '00:30' };
    expect(testFormFields(GROUP_TRAINING_TESTS, { ...form, test_type: '2' }, type(2))).toMatchObject({ minimum_score: '2', maximum_attempts: '3' });
    expect(testFormFields(GROUP_TRAINING_TESTS, { ...form, test_type: '2' }, type(2))).not.toHaveProperty('time_to_answer');
    expect(testFormFields(GROUP_TRAINING_TESTS, { ...form, test_type: '5' }, type(5))).not.toHaveProperty('minimum_score');
    expect(testFormFields(GROUP_TRAINING_TESTS, { ...form, test_type: '1', minimum_score: '' }, type(1))).not.toHaveProperty('minimum_score');
    const timed = testFormFields(GROUP_TRAINING_TESTS, { ...form, test_type: '7' }, type(7));
    expect(timed).toMatchObject({ time_to_answer: '00:30:00' });
    expect(timed).not.toHaveProperty('maximum_attempts');
  });

  it('reads a stored test into the form: 0 score and 0 attempts shown blank', () => {
    const test = readTest(GROUP_TRAINING_TESTS, wireTest({ group_training_test_type: 6, test_score: 0, maximum_attempts: 0, time_to_answer: '01:00:00', minimum_score: 2 }));
    expect(test.test_type).toBe(6);
    const form = testForm(test);
    expect(form).toMatchObject({ test_type: '6', test_score: '', maximum_attempts: '', time_to_answer: '01:00:00', minimum_score: '2', qty_total_questions: '' });
    expect(testValues(form)).toMatchObject({ test_type: 6, test_score: null, minimum_score: 2, qty_total_questions: null });
  });

  it('cuts question titles at 100 characters without tags, and long alternatives at 47 plus "..."', () => {
    expect(questionSnippet(`<p><b>${'a'.repeat(120)}</b></p>`)).toBe('a'.repeat(100));
    expect(alternativeSnippet(`<p>${'b'.repeat(51)}</p>`)).toBe(`${'b'.repeat(47)}...`);
    expect(alternativeSnippet(`<p>${'b'.repeat(50)}</p>`)).toBe('b'.repeat(50));
  });
});
