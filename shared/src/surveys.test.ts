import { describe, expect, it } from 'vitest';
import { surveyIsOpen, validateSurvey, validateSurveyAnswers, validateSurveyQuestion, type SurveyQuestionShape } from './surveys.ts';

const REQUIRED = 'make_sure_that_all_fields_are_filled_in';

describe('survey fields (spec 3 §3 "Survey", §5)', () => {
  it('needs a title, a type and a start date; the end is not before the start', () => {
    expect(validateSurvey({ title: 'Clima', survey_type: 'mandatory', start_date: '2026-11-01', end_date: null })).toEqual({});
    expect(validateSurvey({ title: ' ', survey_type: 'weekly', start_date: '', end_date: '2026-10-01' }))
      .toEqual({ title: REQUIRED, survey_type: 'validation_error', start_date: REQUIRED });
    expect(validateSurvey({ title: 'x', survey_type: 'optional', start_date: '2026-11-10', end_date: '2026-11-01' }))
      .toEqual({ end_date: 'end_date_before_start_date' });
    expect(validateSurvey({ title: 'x', survey_type: 'optional', start_date: '2026-11-10', score: -1, status: 4 }))
      .toEqual({ score: 'validation_error', status: 'validation_error' });
  });

  it('is open when published and today is within its dates, both ends included', () => {
    const survey = { status: 1, start_date: '2026-11-01', end_date: '2026-11-30' };
    expect(surveyIsOpen(survey, '2026-11-01')).toBe(true);
    expect(surveyIsOpen(survey, '2026-11-30')).toBe(true);
    expect(surveyIsOpen(survey, '2026-12-01')).toBe(false);
    expect(surveyIsOpen({ ...survey, status: 2 }, '2026-11-10')).toBe(false);
  });
});

describe('survey questions (spec 3 §3: five types)', () => {
  it('takes two options at least unless dissertative', () => {
    expect(validateSurveyQuestion({ title: 'Q', question_type: 'single_choice', options: [{ title: 'a' }] })).toEqual({ options: 'question_needs_two_alternatives' });
    expect(validateSurveyQuestion({ title: 'Q', question_type: 'multiple_choices_justification', options: [{ title: 'a' }, { title: '' }] }))
      .toEqual({ 'options.1': REQUIRED });
    expect(validateSurveyQuestion({ title: 'Q', question_type: 'dissertative', options: [] })).toEqual({});
    expect(validateSurveyQuestion({ title: 'Q', question_type: 'dissertative', options: [{ title: 'a' }] })).toEqual({ options: 'validation_error' });
    expect(validateSurveyQuestion({ title: '', question_type: 'ranking', options: [] })).toEqual({ title: REQUIRED, question_type: 'validation_error' });
  });
});

describe('survey answers (spec 3 §5 "Select at least one option; mandatory questions must be answered")', () => {
  const questions: SurveyQuestionShape[] = [
    { id: 1, question_type: 'single_choice', is_mandatory: true, option_ids: [11, 12] },
    { id: 2, question_type: 'multiple_choices', is_mandatory: true, option_ids: [21, 22, 23] },
    { id: 3, question_type: 'alternatives_justification', is_mandatory: true, option_ids: [31, 32] },
    { id: 4, question_type: 'dissertative', is_mandatory: true, option_ids: [] },
    { id: 5, question_type: 'multiple_choices_justification', is_mandatory: false, option_ids: [51, 52] },
  ];
  const a = (question_id: number, answer_ids: number[], answer_text: string | null = null) => ({ question_id, answer_ids, answer_text });

  it('a draft only needs what is given to fit its question', () => {
    expect(validateSurveyAnswers(questions, [a(1, [11])], false)).toEqual({});
    expect(validateSurveyAnswers(questions, [a(1, [11, 12]), a(2, [11]), a(4, [], 'x'), a(9, [])], false)).toEqual({
      'questions.1': 'validation_error', 'questions.2': 'validation_error', 'questions.9': 'validation_error',
    });
    expect(validateSurveyAnswers(questions, [a(1, [11], 'no text here')], false)).toEqual({ 'questions.1': 'validation_error' });
  });

  it('the submission answers every mandatory question', () => {
    expect(validateSurveyAnswers(questions, [], true)).toEqual({
      'questions.1': 'select_at_least_one_option', 'questions.2': 'select_at_least_one_option', 'questions.3': 'select_at_least_one_option',
      'questions.4': 'answer_mandatory_questions',
    });
    expect(validateSurveyAnswers(questions, [a(1, [12]), a(2, [21, 23]), a(3, [31], ' '), a(4, [], 'ok')], true))
      .toEqual({ 'questions.3': 'survey_justification_required' });
    expect(validateSurveyAnswers(questions, [a(1, [12]), a(2, [21, 23]), a(3, [31], 'why'), a(4, [], 'ok')], true)).toEqual({});
  });
});
