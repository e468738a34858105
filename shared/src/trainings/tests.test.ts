import { describe, expect, it } from 'vitest';
import {
  TEST_DEFAULTS, addAlternative, alternativesChangeLocked, canSaveQuestion, changedLockedFields, chooseCorrectAlternative,
  editAlternative, isBlankHtml, normalizeTestSettings, removeAlternative, testLocks, testTypeFields, testTypeUsesTime,
  validateQuestion, validateTest, type Alternative, type TestContext, type TestTypeRules, type TestValues,
} from './tests.ts';

const REQUIRED = 'make_sure_that_all_fields_are_filled_in';

/** the seeded group_training_test_types (migration 2026_11_22_0005) */
const TYPES: Record<string, TestTypeRules> = {
  conventional: { id: 1, use_max_attempts: false, use_minimum_score: true, use_time: false },
  block: { id: 2, use_max_attempts: true, use_minimum_score: true, use_time: false },
  unevaluated: { id: 5, use_max_attempts: false, use_minimum_score: false, use_time: false },
  timedBlock: { id: 6, use_max_attempts: false, use_minimum_score: true, use_time: true },
  timedRestart: { id: 7, use_max_attempts: false, use_minimum_score: true, use_time: true },
};

const ctx = (type: TestTypeRules | null, qtyQuestions = 5, qtyMandatoryQuestions = 2): TestContext => ({ type, qtyQuestions, qtyMandatoryQuestions });
const valid: TestValues = { title: 'Prova final', test_type: 1, status: 2, minimum_score: 3, test_score: 0, qty_total_questions: null };

describe('spec 2 §5.3 test validation', () => {
  it('accepts a complete test', () => {
    expect(validateTest(valid, ctx(TYPES.conventional!))).toEqual({});
  });

  it('title: required, max 256', () => {
    expect(validateTest({ ...valid, title: '  ' }, ctx(TYPES.conventional!))).toEqual({ title: REQUIRED });
    expect(validateTest({ ...valid, title: 'x'.repeat(256) }, ctx(TYPES.conventional!))).toEqual({});
    expect(validateTest({ ...valid, title: 'x'.repeat(257) }, ctx(TYPES.conventional!))).toEqual({ title: 'title_too_long' });
  });

  it('type: required, under the wire name', () => {
    expect(validateTest({ ...valid, test_type: null }, ctx(null))).toEqual({ group_training_test_type: REQUIRED });
    expect(validateTest({ ...valid, test_type: null }, ctx(null), 'webcast_test_type')).toEqual({ webcast_test_type: REQUIRED });
    expect(validateTest({ ...valid, test_type: 99 }, ctx(null))).toEqual({ group_training_test_type: 'validation_error' });
  });

  it('status: 1 or 2 (3 is for display only)', () => {
    expect(validateTest({ ...valid, status: 3 }, ctx(TYPES.conventional!))).toEqual({ status: 'validation_error' });
    expect(validateTest({ ...valid, status: 1 }, ctx(TYPES.conventional!))).toEqual({});
  });

  describe('minimum_score', () => {
    it('applies only when the type uses a minimum score', () => {
      expect(validateTest({ ...valid, test_type: 5, minimum_score: 99, status: 1 }, ctx(TYPES.unevaluated!))).toEqual({});
    });
    it('is required when the status is published (1)', () => {
      expect(validateTest({ ...valid, minimum_score: null, status: 1 }, ctx(TYPES.conventional!))).toEqual({ minimum_score: REQUIRED });
      expect(validateTest({ ...valid, minimum_score: null, status: 2 }, ctx(TYPES.conventional!))).toEqual({});
    });
    it('is at most the number of questions', () => {
      expect(validateTest({ ...valid, minimum_score: 5 }, ctx(TYPES.conventional!, 5))).toEqual({});
      expect(validateTest({ ...valid, minimum_score: 6 }, ctx(TYPES.conventional!, 5))).toEqual({ minimum_score: 'minimum_score_above_question_count' });
      // a new test has no questions yet
      expect(validateTest({ ...valid, minimum_score: 1 }, ctx(TYPES.conventional!, 0, 0))).toEqual({ minimum_score: 'minimum_score_above_question_count' });
      expect(validateTest({ ...valid, minimum_score: 0, status: 1 }, ctx(TYPES.conventional!, 0, 0))).toEqual({});
    });
    it('is at least 1 when questions exist', () => {
      expect(validateTest({ ...valid, minimum_score: 0 }, ctx(TYPES.conventional!, 3))).toEqual({ minimum_score: 'minimum_score_below_one' });
      expect(validateTest({ ...valid, minimum_score: 1.5 }, ctx(TYPES.conventional!, 3))).toEqual({ minimum_score: 'validation_error' });
    });
  });

  describe('maximum_attempts', () => {
    it('is required when the type uses maximum attempts, min 1', () => {
      expect(validateTest({ ...valid, test_type: 2, maximum_attempts: null }, ctx(TYPES.block!))).toEqual({ maximum_attempts: REQUIRED });
      expect(validateTest({ ...valid, test_type: 2, maximum_attempts: 0 }, ctx(TYPES.block!))).toEqual({ maximum_attempts: 'maximum_attempts_below_one' });
      expect(validateTest({ ...valid, test_type: 2, maximum_attempts: 3 }, ctx(TYPES.block!))).toEqual({});
    });
    it('is 0 when the option is off', () => {
      expect(validateTest({ ...valid, maximum_attempts: null }, ctx(TYPES.conventional!))).toEqual({});
      expect(normalizeTestSettings({ ...valid, maximum_attempts: 4 }, TYPES.conventional!).maximum_attempts).toBe(0);
      expect(normalizeTestSettings({ ...valid, maximum_attempts: 4 }, TYPES.block!).maximum_attempts).toBe(4);
    });
  });

  describe('time_to_answer', () => {
    it('is required when the type uses time and is 6 or 7', () => {
      expect(testTypeUsesTime(TYPES.timedBlock)).toBe(true);
      expect(testTypeUsesTime(TYPES.timedRestart)).toBe(true);
      expect(testTypeUsesTime({ ...TYPES.conventional!, use_time: true })).toBe(false);
      expect(testTypeUsesTime(null)).toBe(false);
      for (const type of [TYPES.timedBlock!, TYPES.timedRestart!]) {
        expect(validateTest({ ...valid, test_type: type.id }, ctx(type))).toEqual({ time_to_answer: REQUIRED });
        expect(validateTest({ ...valid, test_type: type.id, time_to_answer: '00:30:00' }, ctx(type))).toEqual({});
      }
      expect(validateTest({ ...valid, time_to_answer: null }, ctx(TYPES.conventional!))).toEqual({});
    });
    it('is HH:mm:ss and not zero', () => {
      for (const bad of ['30:00', '24:00:00', '00:60:00', 'abc', '00:00:00']) {
        expect(validateTest({ ...valid, test_type: 6, time_to_answer: bad }, ctx(TYPES.timedBlock!))).toEqual({ time_to_answer: 'time_to_answer_invalid' });
      }
    });
  });

  it('test_score: min 0', () => {
    expect(validateTest({ ...valid, test_score: -1 }, ctx(TYPES.conventional!))).toEqual({ test_score: 'score_out_of_range' });
    expect(validateTest({ ...valid, test_score: null }, ctx(TYPES.conventional!))).toEqual({});
    expect(validateTest({ ...valid, test_score: 100000 }, ctx(TYPES.conventional!))).toEqual({ test_score: 'score_out_of_range' });
  });

  it('qty_total_questions: at least the mandatory questions, at most the total; blank means all', () => {
    const c = ctx(TYPES.conventional!, 5, 2);
    expect(validateTest({ ...valid, qty_total_questions: 1 }, c)).toEqual({ qty_total_questions: 'qty_total_questions_below_mandatory' });
    expect(validateTest({ ...valid, qty_total_questions: 2 }, c)).toEqual({});
    expect(validateTest({ ...valid, qty_total_questions: 5 }, c)).toEqual({});
    expect(validateTest({ ...valid, qty_total_questions: 6 }, c)).toEqual({ qty_total_questions: 'qty_total_questions_above_total' });
    expect(validateTest({ ...valid, qty_total_questions: 0 }, c)).toEqual({ qty_total_questions: 'validation_error' });
    expect(normalizeTestSettings({ ...valid, qty_total_questions: null }, TYPES.conventional!).qty_total_questions).toBeNull();
  });

  it('avaliable_in: a calendar day when given', () => {
    expect(validateTest({ ...valid, avaliable_in: '2026-02-30' }, ctx(TYPES.conventional!))).toEqual({ avaliable_in: 'validation_error' });
    expect(validateTest({ ...valid, avaliable_in: '2026-02-28' }, ctx(TYPES.conventional!))).toEqual({});
  });

  it('new tests default to status 2 with random questions and answers', () => {
    expect(TEST_DEFAULTS).toMatchObject({ status: 2, randomize_questions: true, randomize_answers: true, is_mandatory: true });
  });

  it('the type decides the visible fields and what is stored', () => {
    expect(testTypeFields(TYPES.block)).toEqual({ maximumAttempts: true, minimumScore: true, time: false });
    expect(testTypeFields(TYPES.unevaluated)).toEqual({ maximumAttempts: false, minimumScore: false, time: false });
    expect(testTypeFields(TYPES.timedRestart)).toEqual({ maximumAttempts: false, minimumScore: true, time: true });
    expect(normalizeTestSettings({ ...valid, minimum_score: 3, time_to_answer: '01:00:00' }, TYPES.unevaluated!))
      .toEqual({ test_type: 5, minimum_score: null, maximum_attempts: 0, time_to_answer: null, qty_total_questions: null });
    expect(normalizeTestSettings({ ...valid, time_to_answer: ' 01:00:00 ' }, TYPES.timedBlock!).time_to_answer).toBe('01:00:00');
  });
});

describe('spec 2 §4.4 a test with results', () => {
  it('locks the type, attempts, time, number of exam questions, minimum score, import and question changes', () => {
    expect(testLocks(0)).toEqual({ hasResults: false, fields: [], import: false, addQuestions: false, deleteQuestions: false, changeAlternatives: false });
    const locks = testLocks(3);
    expect(locks).toMatchObject({ hasResults: true, import: true, addQuestions: true, deleteQuestions: true, changeAlternatives: true });
    expect([...locks.fields].sort()).toEqual(['maximum_attempts', 'minimum_score', 'qty_total_questions', 'test_type', 'time_to_answer']);
  });

  it('names the locked fields a save would change', () => {
    const stored = { test_type: 2, minimum_score: 2, maximum_attempts: 3, time_to_answer: null, qty_total_questions: null };
    expect(changedLockedFields(stored, { ...stored })).toEqual([]);
    expect(changedLockedFields(stored, { ...stored, maximum_attempts: 4, qty_total_questions: 3 })).toEqual(['maximum_attempts', 'qty_total_questions']);
  });

  it('alternatives: none added, none removed, the same correct one; titles may change', () => {
    const current: Alternative[] = [{ id: 1, title: 'A', is_correct: true }, { id: 2, title: 'B', is_correct: false }];
    expect(alternativesChangeLocked(current, [{ id: 1, title: 'A2', is_correct: true }, { id: 2, title: 'B2', is_correct: false }])).toBe(false);
    expect(alternativesChangeLocked(current, [{ id: 2, title: 'B', is_correct: false }, { id: 1, title: 'A', is_correct: true }])).toBe(false);
    expect(alternativesChangeLocked(current, [...current, { title: 'C', is_correct: false }])).toBe(true);
    expect(alternativesChangeLocked(current, [current[0]!])).toBe(true);
    expect(alternativesChangeLocked(current, [{ id: 1, title: 'A', is_correct: false }, { id: 2, title: 'B', is_correct: true }])).toBe(true);
    expect(alternativesChangeLocked(current, [{ id: 1, title: 'A', is_correct: true }, { id: 3, title: 'B', is_correct: false }])).toBe(true);
  });
});

describe('spec 2 §5.4 question and alternatives', () => {
  it('an empty alternative is not added', () => {
    const list: Alternative[] = [];
    expect(addAlternative(list, '')).toBe(list);
    expect(addAlternative(list, '<p> </p>')).toBe(list);
    expect(isBlankHtml('<p><img src="https://x/a.png"></p>')).toBe(false);
  });

  it('the first alternative added becomes the correct one', () => {
    const one = addAlternative([], '<p>Sim</p>');
    expect(one).toEqual([{ title: '<p>Sim</p>', is_correct: true }]);
    expect(addAlternative(one, '<p>Não</p>')).toEqual([{ title: '<p>Sim</p>', is_correct: true }, { title: '<p>Não</p>', is_correct: false }]);
  });

  it('an alternative whose text equals an existing one is ignored', () => {
    const list = addAlternative([], '<p>Sim</p>');
    expect(addAlternative(list, '<p><strong>sim</strong></p>')).toBe(list);
    expect(addAlternative(list, ' Sim ')).toBe(list);
  });

  it('exactly one alternative is correct: choosing one clears the others', () => {
    const list = [{ title: 'A', is_correct: true }, { title: 'B', is_correct: false }, { title: 'C', is_correct: false }];
    expect(chooseCorrectAlternative(list, 2).map((a) => a.is_correct)).toEqual([false, false, true]);
  });

  it('removing the correct alternative makes the first remaining one correct', () => {
    const list = [{ title: 'A', is_correct: false }, { title: 'B', is_correct: true }, { title: 'C', is_correct: false }];
    expect(removeAlternative(list, 1)).toEqual([{ title: 'A', is_correct: true }, { title: 'C', is_correct: false }]);
    expect(removeAlternative(list, 0)).toEqual([{ title: 'B', is_correct: true }, { title: 'C', is_correct: false }]);
    expect(removeAlternative([{ title: 'A', is_correct: true }], 0)).toEqual([]);
  });

  it('the edit-alternative title is required and may not repeat another one', () => {
    const list = [{ id: 7, title: 'A', is_correct: true }, { id: 8, title: 'B', is_correct: false }];
    expect(editAlternative(list, 0, '<p></p>')).toBe(list);
    expect(editAlternative(list, 0, 'b')).toBe(list);
    expect(editAlternative(list, 0, 'a')).toEqual([{ id: 7, title: 'a', is_correct: true }, list[1]]);
  });

  it('saving needs a title and at least 2 alternatives with exactly one correct', () => {
    const answers = [{ title: 'A', is_correct: true }, { title: 'B', is_correct: false }];
    expect(canSaveQuestion({ title: '<p>Pergunta?</p>', answers })).toBe(true);
    expect(canSaveQuestion({ title: '<p>Pergunta?</p>', answers: answers.slice(0, 1) })).toBe(false);
    expect(canSaveQuestion({ title: '<p></p>', answers })).toBe(false);
    expect(validateQuestion({ title: '', answers: [] })).toEqual({ title: REQUIRED, answers: 'question_needs_two_alternatives' });
    expect(validateQuestion({ title: `<p>${'x'.repeat(257)}</p>`, answers })).toEqual({ title: 'title_too_long' });
    expect(validateQuestion({ title: 'Q', answers: answers.map((a) => ({ ...a, is_correct: true })) })).toEqual({ answers: 'question_needs_one_correct_alternative' });
    expect(validateQuestion({ title: 'Q', answers: [...answers, { title: '<b>a</b>', is_correct: false }] })).toEqual({ 'answers.2': 'duplicate_alternative' });
    expect(validateQuestion({ title: 'Q', answers: [...answers, { title: '', is_correct: false }] })).toEqual({ 'answers.2': REQUIRED });
  });
});
