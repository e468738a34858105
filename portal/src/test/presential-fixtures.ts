import type { LearnerPresential, LearnerPresentialCard, LearnerPresentialEvent } from '@lp/shared/contract';

/** Answers of the face-to-face learner calls (docs/api.md "Face-to-face trainings" → "Learner"). */
export function presentialCard(overrides: Partial<LearnerPresentialCard> = {}): LearnerPresentialCard {
  return {
    id: 5, title: 'Customer service in the store', course_name: null, training_type: 'open', status: 'approved', workload: 8, timezone: 'America/Sao_Paulo',
    first_date: '2026-12-10', last_date: '2026-12-17', location_name: 'Room 2', events_count: 2, enrollment_status: null, progress: 'not_started',
    favorite: false, instructor: false, vacancies: 12, can_subscribe: true, finished: false, ...overrides,
  };
}

export function presentialEvent(overrides: Partial<LearnerPresentialEvent> = {}): LearnerPresentialEvent {
  return {
    id: 31, event_type: 'online_test', date: '2026-12-10', start_hour: '14:00', end_hour: '18:00', starts_at: '2026-12-10T17:00:00.000Z', ends_at: '2026-12-10T21:00:00.000Z',
    intermission_minutes: 15, location: 'Rua Augusta, 500', location_name: 'Room 2', instructors: [{ id: 2, name: 'Igor Instructor' }],
    live_class_id: null, webcast_id: null, maximum_participants: 20, vacancies: 12, enrolled: false, can_subscribe: true, instructor: false,
    tests: [], tests_refusal: null, test_window: null, can_comment: false, comment_refusal: 'you_must_subscribe_for_event',
    evaluation: null, evaluation_refusal: null, ...overrides,
  };
}

export function presentialDetail(overrides: Partial<LearnerPresential> = {}): LearnerPresential {
  return {
    ...presentialCard(), participating_audience: 'Store salespeople', subscription_until: null, cancellation_until: null, enrollment: null,
    can_unsubscribe: false, can_request_cancellation: false, events: [presentialEvent()], result: null, certificate: null, ...overrides,
  };
}

export const learnerTestState = {
  test_type: 'conventional', timed: false, qty_questions: 3, maximum_attempts: null, attempts_used: 0, time_to_answer: null, minimum_score: 1,
  best_correct: null, passed: false, open_attempt_id: null,
};
