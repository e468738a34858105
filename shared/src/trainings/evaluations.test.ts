import { describe, expect, it } from 'vitest';
import { validateEvaluation, validateEvaluationModel, validateEvaluationQuestion } from './evaluations.ts';

const REQUIRED = 'make_sure_that_all_fields_are_filled_in';

describe('spec 2 §5.6 reaction evaluation', () => {
  it('"title: required, max 256" (blank counts as missing; 256 characters, not bytes)', () => {
    expect(validateEvaluation({ title: 'Avaliação' })).toEqual({});
    expect(validateEvaluation({})).toEqual({ title: REQUIRED });
    expect(validateEvaluation({ title: '   ' })).toEqual({ title: REQUIRED });
    expect(validateEvaluation({ title: 'ç'.repeat(256) })).toEqual({});
    expect(validateEvaluation({ title: 'a'.repeat(257) })).toEqual({ title: 'title_too_long' });
  });

  it('spec 2 §4.3: the status toggle offers 1 and 2 only', () => {
    expect(validateEvaluation({ title: 'x', status: 1 })).toEqual({});
    expect(validateEvaluation({ title: 'x', status: 2 })).toEqual({});
    expect(validateEvaluation({ title: 'x', status: 3 })).toEqual({ status: 'validation_error' });
  });

  it('"Question: title required, max 256; type required", under the wire name of the type', () => {
    expect(validateEvaluationQuestion({ title: 'Nota', question_type: 1 })).toEqual({});
    expect(validateEvaluationQuestion({ title: '', question_type: null })).toEqual({
      title: REQUIRED, group_training_evaluation_question_type: REQUIRED,
    });
    expect(validateEvaluationQuestion({ title: 'x'.repeat(257), question_type: 2 })).toEqual({ title: 'title_too_long' });
    expect(validateEvaluationQuestion({ title: 'Nota' }, 'webcast_evaluation_question_type')).toEqual({ webcast_evaluation_question_type: REQUIRED });
  });

  it('"A model needs a base evaluation to be chosen"', () => {
    expect(validateEvaluationModel({ base_evaluation_id: 3 })).toEqual({});
    expect(validateEvaluationModel({ base_evaluation_id: null })).toEqual({ base_evaluation_id: REQUIRED });
    expect(validateEvaluationModel({})).toEqual({ base_evaluation_id: REQUIRED });
  });
});
