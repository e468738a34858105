import { describe, expect, it } from 'vitest';
import { PROGRESS_FILTER_STATES, gameActivityStatus, learnerStatusOf, moduleActivityStatus, testActivityStatus } from './status.ts';

describe('learner status words (spec 2 §4.7)', () => {
  it('derives the training status from the enrollment and the certificate', () => {
    expect(learnerStatusOf(null, null)).toBe('not_started');
    expect(learnerStatusOf('ongoing', null)).toBe('ongoing');
    expect(learnerStatusOf('blocked', null)).toBe('blocked');
    expect(learnerStatusOf('finished', 'valid')).toBe('finished');
    expect(learnerStatusOf('finished', null)).toBe('finished');
    expect(learnerStatusOf('finished', 'expired')).toBe('expired');
  });

  it('keeps blocked learners under the ongoing filter (spec 1 §2.2)', () => {
    expect(PROGRESS_FILTER_STATES.ongoing).toContain('blocked');
    expect(PROGRESS_FILTER_STATES.finished).toEqual(['finished']);
  });

  it('says where an activity stands', () => {
    expect(moduleActivityStatus(null)).toBe('not_started');
    expect(moduleActivityStatus({ status: 'ongoing' })).toBe('ongoing');
    expect(moduleActivityStatus({ status: 'finished' })).toBe('finished');
    expect(testActivityStatus(true, 1, false)).toBe('finished');
    expect(testActivityStatus(false, 2, false)).toBe('failed');
    expect(testActivityStatus(false, 1, true)).toBe('ongoing');
    expect(testActivityStatus(false, 0, false)).toBe('not_started');
    expect(gameActivityStatus(true, true)).toBe('finished');
    expect(gameActivityStatus(false, true)).toBe('ongoing');
    expect(gameActivityStatus(false, false)).toBe('not_started');
  });
});
