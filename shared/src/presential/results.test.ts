import { describe, expect, it } from 'vitest';
import { bestAttempt, certifiesResult, finalizeRefusal, guestResultErrors, isResultFilled, takesResults, TRAINING_RESULTS } from './results.ts';

describe('training results (spec 3 §4 "Training results", §5 "All users\' results must be filled in")', () => {
  it('uses the spec\'s six words', () => {
    expect(TRAINING_RESULTS).toEqual(['approved', 'reproved', 'awaiting_results', 'restarted', 'forfeit', 'expired']);
  });

  it('finalizes only a finished training whose every participant has a final result', () => {
    expect(finalizeRefusal('in_progress', ['approved'])).toBe('event_not_finished');
    expect(finalizeRefusal('approved', ['approved'])).toBe('event_not_finished');
    expect(finalizeRefusal('finished', ['approved', null])).toBe('all_users_results_must_be_filled_in');
    // "awaiting results" is what finalizing ends
    expect(finalizeRefusal('finished', ['approved', 'awaiting_results'])).toBe('all_users_results_must_be_filled_in');
    expect(finalizeRefusal('finished', ['approved', 'reproved', 'forfeit', 'expired', 'restarted'])).toBeNull();
    expect(finalizeRefusal('finished', [])).toBeNull();
    expect(isResultFilled(null)).toBe(false);
  });

  it('records results while the training runs or has ended', () => {
    expect(takesResults('in_progress')).toBe(true);
    expect(takesResults('finished')).toBe(true);
    expect(takesResults('canceled')).toBe(false);
    expect(takesResults('pre_scheduled')).toBe(false);
  });

  it('checks each row: score 0–100, whole correct answers, an absent guest is not approved', () => {
    expect(guestResultErrors({ presence: 'present', result: 'approved', score: 80, correct_answers: 8 })).toEqual({});
    expect(guestResultErrors({ presence: null, result: null, score: 101, correct_answers: -1 })).toEqual({ score: 'validation_error', correct_answers: 'validation_error' });
    expect(guestResultErrors({ presence: 'absent', result: 'approved', score: null, correct_answers: null })).toEqual({ result: 'an_absent_participant_cannot_be_approved' });
    expect(guestResultErrors({ presence: 'absent', result: 'forfeit', score: null, correct_answers: 2.5 })).toEqual({ correct_answers: 'validation_error' });
  });

  it('certifies the approved only', () => {
    expect(TRAINING_RESULTS.filter(certifiesResult)).toEqual(['approved']);
  });

  it('takes the best finished attempt', () => {
    const a = { score: 60, correct_count: 6, finished_at: '2026-12-01T10:00:00Z' };
    const b = { score: 80, correct_count: 8, finished_at: '2026-12-01T09:00:00Z' };
    const open = { score: 100, correct_count: 10, finished_at: null };
    const later = { score: 80, correct_count: 8, finished_at: '2026-12-01T11:00:00Z' };
    expect(bestAttempt([a, b, open])).toBe(b);
    expect(bestAttempt([a, b, later])).toBe(later);
    expect(bestAttempt([open])).toBeNull();
  });
});
