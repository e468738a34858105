import { describe, expect, it } from 'vitest';
import {
  allowedAttempts, attemptPasses, certificateExpiry, certificateStatus, certifies, failureConsequence, isTestDone, isTimedTestType,
  isTrainingComplete, lockReasonOf, percentDone, type ActivityState,
} from './activities.ts';

describe('test types (spec 2 §4.8)', () => {
  it('knows the timed types 6 and 7, their single attempt and what failing does', () => {
    expect(isTimedTestType('timed_block_general')).toBe(true);
    expect(isTimedTestType('conventional')).toBe(false);
    expect(allowedAttempts('timed_restart_general', 5)).toBe(1);
    expect(allowedAttempts('block', 3)).toBe(3);
    expect(allowedAttempts('conventional', 3)).toBeNull();
    expect(failureConsequence('block')).toBe('blocked');
    expect(failureConsequence('timed_restart_general')).toBe('restarted');
    expect(failureConsequence('evaluated_quiz')).toBe('none');
  });

  it('passes on the minimum number of correct answers; the unevaluated quiz always proceeds', () => {
    expect(attemptPasses('conventional', 6, 6)).toBe(true);
    expect(attemptPasses('conventional', 5, 6)).toBe(false);
    expect(attemptPasses('unevaluated_quiz', 0, 6)).toBe(true);
    expect(isTestDone('evaluated_quiz', [{ passed: false }])).toBe(false);
    expect(isTestDone('evaluated_quiz', [{ passed: false }, { passed: true }])).toBe(true);
    expect(isTestDone('unevaluated_quiz', [{ passed: false }])).toBe(true);
    expect(isTestDone('unevaluated_quiz', [])).toBe(false);
  });
});

describe('availability (spec 2 §5.8)', () => {
  const module: ActivityState = { key: 'module:1', prerequisite: null, availableIn: null, done: false };
  const test: ActivityState = { key: 'test:2', prerequisite: 'module:1', availableIn: null, done: false };
  const all = new Map([[module.key, module], [test.key, test]]);

  it('waits for the prerequisite, then opens', () => {
    expect(lockReasonOf(test, all, '2026-11-23', false)).toBe('prerequisite');
    const done = new Map(all).set('module:1', { ...module, done: true });
    expect(lockReasonOf(test, done, '2026-11-23', false)).toBeNull();
  });

  it('waits for the available-in day, and a blocked learner opens nothing', () => {
    expect(lockReasonOf({ ...module, availableIn: '2026-11-24' }, all, '2026-11-23', false)).toBe('not_yet_available');
    expect(lockReasonOf({ ...module, availableIn: '2026-11-23' }, all, '2026-11-23', false)).toBeNull();
    expect(lockReasonOf(module, all, '2026-11-23', true)).toBe('blocked');
  });

  it('ignores a prerequisite that is no longer published', () => {
    expect(lockReasonOf({ ...test, prerequisite: 'module:99' }, all, '2026-11-23', false)).toBeNull();
  });
});

describe('completion and certificates (spec 2 §4.6, §4.9)', () => {
  it('is complete when every published activity is done; only a closed training certifies', () => {
    expect(isTrainingComplete([{ done: true }, { done: true }])).toBe(true);
    expect(isTrainingComplete([{ done: true }, { done: false }])).toBe(false);
    expect(isTrainingComplete([])).toBe(false);
    expect(percentDone([{ done: true }, { done: false }, { done: false }])).toBe(33);
    expect(certifies(false, true)).toBe(true);
    expect(certifies(true, true)).toBe(false);
  });

  it('expires after the configured days from issue; blank never expires', () => {
    const issued = new Date('2026-01-01T10:00:00Z');
    expect(certificateExpiry(issued, 30)?.toISOString()).toBe('2026-01-31T10:00:00.000Z');
    expect(certificateExpiry(issued, null)).toBeNull();
    expect(certificateStatus('2026-01-31T10:00:00Z', new Date('2026-01-31T09:59:59Z'))).toBe('valid');
    expect(certificateStatus('2026-01-31T10:00:00Z', new Date('2026-01-31T10:00:00Z'))).toBe('expired');
    expect(certificateStatus(null)).toBe('valid');
  });
});
