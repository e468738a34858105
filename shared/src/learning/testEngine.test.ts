import { describe, expect, it } from 'vitest';
import {
  allAnswered, answerRefusal, attemptDeadline, attemptOutcome, attemptWireStatus, attemptsLeft, cryptoRandomInt, decideStart, drawQuestions,
  isPastDeadline, questionsPerAttempt, retakeAfterPassing, scoreAttempt, shuffle, shufflesQuestions, timeToAnswerSeconds,
  type AttemptRecord, type DrawnQuestionState,
} from './testEngine.ts';

/** A deterministic source: replays the given values (mod the range). */
const sequence = (...values: number[]) => {
  let i = 0;
  return (max: number) => values[i++ % values.length]! % max;
};

const bank = (mandatory: number, optional: number) => [
  ...Array.from({ length: mandatory }, (_, i) => ({ id: i + 1, is_mandatory: true })),
  ...Array.from({ length: optional }, (_, i) => ({ id: 100 + i, is_mandatory: false })),
];

describe('random draw (spec 2 §3.4 qty_total_questions)', () => {
  it('draws qty_total_questions; blank or 0 means all; never fewer than the mandatory, never more than the test has', () => {
    expect(questionsPerAttempt(30, 5, 10)).toBe(10);
    expect(questionsPerAttempt(30, 5, null)).toBe(30);
    expect(questionsPerAttempt(30, 5, 0)).toBe(30);
    expect(questionsPerAttempt(30, 12, 10)).toBe(12);
    expect(questionsPerAttempt(8, 2, 10)).toBe(8);
  });

  it('always contains every mandatory question and exactly qty_total_questions, whatever the randomness', () => {
    const questions = bank(3, 27);
    for (let run = 0; run < 200; run += 1) {
      const drawn = drawQuestions(questions, 10, true);
      expect(drawn).toHaveLength(10);
      expect(new Set(drawn).size).toBe(10);
      for (const id of [1, 2, 3]) expect(drawn).toContain(id);
      for (const id of drawn) expect(questions.some((q) => q.id === id)).toBe(true);
    }
  });

  it('keeps the test order when the questions are not randomised, and picks the optional ones at random', () => {
    const questions = [{ id: 7, is_mandatory: false }, { id: 3, is_mandatory: true }, { id: 9, is_mandatory: false }, { id: 1, is_mandatory: false }];
    const seen = new Set<string>();
    for (let run = 0; run < 200; run += 1) {
      const drawn = drawQuestions(questions, 2, false);
      expect(drawn).toContain(3);
      // test order kept
      expect(drawn).toEqual([...drawn].sort((a, b) => questions.findIndex((q) => q.id === a) - questions.findIndex((q) => q.id === b)));
      seen.add(drawn.join(','));
    }
    // each optional question is drawn sometimes
    expect(seen).toEqual(new Set(['7,3', '3,9', '3,1']));
  });

  it('shuffles the order when asked, with the source it is given', () => {
    const questions = bank(4, 0);
    expect(drawQuestions(questions, null, false, sequence(0))).toEqual([1, 2, 3, 4]);
    // Fisher–Yates with j = 0 every step: [1,2,3,4] → [4,2,3,1] → [3,2,4,1] → [2,3,4,1]
    expect(drawQuestions(questions, null, true, sequence(0))).toEqual([2, 3, 4, 1]);
  });

  it('the timed types always shuffle (spec 2 §4.8 "in random order"); the others follow randomize_questions', () => {
    expect(shufflesQuestions('timed_block_general', false)).toBe(true);
    expect(shufflesQuestions('conventional', false)).toBe(false);
    expect(shufflesQuestions('conventional', true)).toBe(true);
  });

  it('shuffles every order about equally often with the crypto source', () => {
    const tally = new Map<string, number>();
    for (let run = 0; run < 6000; run += 1) {
      const key = shuffle([1, 2, 3]).join('');
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    expect(tally.size).toBe(6);
    for (const n of tally.values()) expect(n).toBeGreaterThan(800);
    for (let run = 0; run < 1000; run += 1) {
      const n = cryptoRandomInt(3);
      expect(n === 0 || n === 1 || n === 2).toBe(true);
    }
    expect(() => cryptoRandomInt(0)).toThrow(RangeError);
  });
});

describe('time (spec 2 §3.4 time_to_answer, §4.8 timed types)', () => {
  it('reads HH:mm:ss and sets the deadline of the timed types only', () => {
    expect(timeToAnswerSeconds('00:10:30')).toBe(630);
    expect(timeToAnswerSeconds('01:00:00')).toBe(3600);
    expect(timeToAnswerSeconds('00:00:00')).toBeNull();
    expect(timeToAnswerSeconds('ten')).toBeNull();
    expect(timeToAnswerSeconds(null)).toBeNull();
    const start = new Date('2026-11-23T10:00:00Z');
    expect(attemptDeadline('timed_restart_general', start, '00:05:00')?.toISOString()).toBe('2026-11-23T10:05:00.000Z');
    expect(attemptDeadline('conventional', start, '00:05:00')).toBeNull();
  });

  it('the time is up at the deadline, by the server clock', () => {
    const deadline = '2026-11-23T10:05:00.000Z';
    expect(isPastDeadline(deadline, new Date('2026-11-23T10:04:59.999Z'))).toBe(false);
    expect(isPastDeadline(deadline, new Date('2026-11-23T10:05:00.000Z'))).toBe(true);
    expect(isPastDeadline(null, new Date())).toBe(false);
  });
});

describe('starting (spec 2 §4.8 attempts)', () => {
  const attempt = (n: number, status: string, passed = false): AttemptRecord => ({ id: n * 10, attempt_number: n, status, passed });

  it('resumes the attempt in progress instead of starting a second one', () => {
    expect(decideStart('block', 2, [attempt(1, 'finished'), attempt(2, 'in_progress')])).toEqual({ kind: 'resume', attemptId: 20 });
  });

  it('conventional: unlimited attempts until passed, then no more', () => {
    const failed = Array.from({ length: 9 }, (_, i) => attempt(i + 1, 'finished'));
    expect(decideStart('conventional', 0, failed)).toEqual({ kind: 'new', attemptNumber: 10 });
    expect(decideStart('conventional', 0, [attempt(1, 'finished'), attempt(2, 'finished', true)])).toEqual({ kind: 'refused', code: 'test_already_passed' });
  });

  it('block and restart: the maximum attempts; timed types: one; expired attempts count', () => {
    expect(decideStart('block', 2, [attempt(1, 'finished')])).toEqual({ kind: 'new', attemptNumber: 2 });
    expect(decideStart('block', 2, [attempt(1, 'finished'), attempt(2, 'expired')])).toEqual({ kind: 'refused', code: 'no_attempts_left' });
    expect(decideStart('timed_block_general', 5, [attempt(1, 'expired')])).toEqual({ kind: 'refused', code: 'no_attempts_left' });
    expect(decideStart('timed_block_general', 5, [])).toEqual({ kind: 'new', attemptNumber: 1 });
  });

  it('attempts wiped by a restart no longer count, and numbering goes on', () => {
    const wiped = [attempt(1, 'restarted'), attempt(2, 'restarted', true)];
    expect(decideStart('restart', 2, wiped)).toEqual({ kind: 'new', attemptNumber: 3 });
    expect(attemptsLeft('restart', 2, wiped)).toBe(2);
    expect(attemptsLeft('restart', 2, [...wiped, attempt(3, 'finished')])).toBe(1);
    expect(attemptsLeft('conventional', 0, wiped)).toBeNull();
  });

  it('the quizzes may be practised again after passing', () => {
    expect(retakeAfterPassing('unevaluated_quiz')).toBe(true);
    expect(retakeAfterPassing('block')).toBe(false);
    expect(decideStart('unevaluated_quiz', 0, [attempt(1, 'finished', true)])).toEqual({ kind: 'new', attemptNumber: 2 });
    expect(decideStart('evaluated_quiz', 0, [attempt(1, 'finished', true)])).toEqual({ kind: 'new', attemptNumber: 2 });
  });
});

describe('answering and scoring (spec 2 §4.8, §5.12)', () => {
  const q = (position: number, answer_id: number | null, confirmed = false): DrawnQuestionState => ({ position, answer_id, confirmed });

  it('untimed tests: any answer may change until the end', () => {
    const all = [q(1, 5, false), q(2, null)];
    expect(answerRefusal(false, all[1]!, all, 9)).toBeNull();
    expect(answerRefusal(false, all[0]!, all, 6)).toBeNull();
  });

  it('timed tests: one question at a time, and a confirmed answer is final (resending it is a retry)', () => {
    const all = [q(1, 5, true), q(2, 7, false), q(3, null)];
    expect(answerRefusal(true, all[0]!, all, 6)).toBe('answer_already_confirmed');
    expect(answerRefusal(true, all[0]!, all, 5)).toBeNull();
    expect(answerRefusal(true, all[1]!, all, 8)).toBeNull();
    expect(answerRefusal(true, all[2]!, all, 9)).toBe('previous_question_not_confirmed');
  });

  it('needs every question answered', () => {
    expect(allAnswered([{ answer_id: 1 }, { answer_id: null }])).toBe(false);
    expect(allAnswered([{ answer_id: 1 }])).toBe(true);
  });

  it('scores correct answers; the minimum score is a number of correct answers', () => {
    expect(scoreAttempt([{ correct: true }, { correct: false }, { correct: true }])).toEqual({ correct_count: 2, total_questions: 3, score: 66.67 });
    expect(scoreAttempt([])).toEqual({ correct_count: 0, total_questions: 0, score: 0 });
    expect(attemptOutcome('conventional', 2, 2, null)).toEqual({ passed: true, consequence: 'none' });
    expect(attemptOutcome('conventional', 1, 2, null)).toEqual({ passed: false, consequence: 'none' });
  });

  it('failing the last allowed attempt blocks or restarts; earlier failures do nothing', () => {
    expect(attemptOutcome('block', 0, 1, 1)).toEqual({ passed: false, consequence: 'none' });
    expect(attemptOutcome('block', 0, 1, 0)).toEqual({ passed: false, consequence: 'blocked' });
    expect(attemptOutcome('timed_restart_general', 0, 1, 0)).toEqual({ passed: false, consequence: 'restarted' });
    expect(attemptOutcome('restart', 1, 1, 0)).toEqual({ passed: true, consequence: 'none' });
    expect(attemptOutcome('unevaluated_quiz', 0, 3, null)).toEqual({ passed: true, consequence: 'none' });
  });

  it('an attempt wiped by a restart shows as finished, or expired when it ran to its deadline', () => {
    expect(attemptWireStatus('in_progress', null, null)).toBe('in_progress');
    expect(attemptWireStatus('restarted', null, '2026-11-23T10:00:00Z')).toBe('finished');
    expect(attemptWireStatus('restarted', '2026-11-23T10:05:00Z', '2026-11-23T10:05:00Z')).toBe('expired');
    expect(attemptWireStatus('restarted', '2026-11-23T10:05:00Z', '2026-11-23T10:04:00Z')).toBe('finished');
  });
});
