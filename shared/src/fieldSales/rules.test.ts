import { describe, expect, it } from 'vitest';
import {
  addressRefusal, answerDisplay, canTaskTransition, distanceMeters, fieldAnswerRefusal, isAnswered, operatorActions, occupiesDay, taskEventState,
  validateQuestionnaire,
} from './rules.ts';
import { TASK_STATUSES } from './lists.ts';

describe('field-sales task workflow (spec 3 §4 "Field-sales task")', () => {
  it('runs pending → in_progress → realized, with not realized and cancel beside it', () => {
    expect(canTaskTransition('pending', 'check_in')).toBe(true);
    expect(canTaskTransition('in_progress', 'check_out')).toBe(true);
    expect(canTaskTransition('pending', 'check_out')).toBe(false);
    expect(canTaskTransition('in_progress', 'not_realized')).toBe(true);
    expect(canTaskTransition('in_progress', 'cancel')).toBe(false);
    expect(canTaskTransition('realized', 'delete')).toBe(false);
    expect(canTaskTransition('canceled', 'delete')).toBe(true);
    expect(operatorActions('pending')).toEqual(['check_in', 'not_realized']);
    expect(operatorActions('realized')).toEqual([]);
  });

  it('shows events as scheduled and finished, and frees the day only when canceled or deleted', () => {
    expect(TASK_STATUSES.map(taskEventState)).toEqual(['scheduled', 'in_progress', 'finished', 'finished', 'canceled', 'deleted']);
    expect(TASK_STATUSES.filter(occupiesDay)).toEqual(['pending', 'in_progress', 'realized', 'not_realized']);
  });
});

describe('the address rule (spec 3 §5 "The address must be selected from the search list")', () => {
  const picked = { address: 'Avenida Paulista', latitude: -23.56, longitude: -46.65, place_ref: 'osm:N:123' };
  it('needs a search reference and a pin', () => {
    expect(addressRefusal(picked)).toBeNull();
    expect(addressRefusal({ ...picked, place_ref: 'branch:4' })).toBeNull();
    expect(addressRefusal({ ...picked, place_ref: null })).toBe('address_must_be_selected_from_search');
    expect(addressRefusal({ ...picked, place_ref: 'typed by hand' })).toBe('address_must_be_selected_from_search');
    expect(addressRefusal({ ...picked, latitude: null })).toBe('address_must_be_selected_from_search');
    expect(addressRefusal({ ...picked, longitude: 200 })).toBe('address_must_be_selected_from_search');
  });
  it('measures the check-in distance in metres', () => {
    expect(distanceMeters({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBe(111_195);
    expect(distanceMeters(picked as { latitude: number; longitude: number }, picked as { latitude: number; longitude: number })).toBe(0);
  });
});

describe('questionnaires and answers (docs/api.md "Field-sales tasks" question types)', () => {
  it('names the field of each problem', () => {
    expect(validateQuestionnaire({ title: ' ', steps: [] })).toEqual({ title: 'make_sure_that_all_fields_are_filled_in', steps: 'make_sure_that_all_fields_are_filled_in' });
    expect(validateQuestionnaire({
      title: 'Visita',
      steps: [{ title: 'Fotos', step_type: 'photos', questions: [{ text: 'Qual?', question_type: 'single_choice', required: false, options: ['A', ''] }] }],
    })).toEqual({
      'steps.0.questions.0.question_type': 'questionnaire_photo_step_takes_photos',
      'steps.0.questions.0.options': 'questionnaire_choice_needs_two_options',
    });
  });
  it('checks an answer against its type, and reads it as text', () => {
    expect(fieldAnswerRefusal('single_choice', 3, { option_ids: [1] })).toBeNull();
    expect(fieldAnswerRefusal('single_choice', 3, { option_ids: [0, 1] })).toBe('invalid_answer');
    expect(fieldAnswerRefusal('multiple_choice', 3, { option_ids: [0, 3] })).toBe('invalid_answer');
    expect(fieldAnswerRefusal('multiple_choice', 3, { option_ids: [2, 2] })).toBe('invalid_answer');
    expect(fieldAnswerRefusal('photo', 0, { file: '' })).toBe('invalid_answer');
    expect(isAnswered('yes_no', { boolean: false })).toBe(true);
    expect(isAnswered('text', { text: '  ' })).toBe(false);
    expect(isAnswered('number', { number: 0 })).toBe(true);
    expect(answerDisplay('multiple_choice', ['A', 'B', 'C'], { option_ids: [0, 2] })).toBe('A; C');
    expect(answerDisplay('yes_no', [], { boolean: true })).toBe('yes');
  });
});
