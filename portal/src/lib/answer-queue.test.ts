import { ApiRequestError } from '@lp/shared/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AnswerQueue, type PendingAnswer } from './answer-queue.ts';

const refusal = (code: string) => new ApiRequestError(409, { detail: code, code: code as never });

describe('AnswerQueue (spec 2 §4.8: every answer saved as it is given)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends each answer once and keeps nothing once it is saved', async () => {
    const sent: Array<[number, PendingAnswer]> = [];
    const queue = new AnswerQueue({ save: async (q, a) => { sent.push([q, a]); }, storage: localStorage, storageKey: 'k' });
    queue.give(1, 11);
    expect(queue.state(1)).toBe('saving');
    expect(JSON.parse(localStorage.getItem('k')!)).toEqual([[1, { answer_id: 11, confirm: false }]]);
    await queue.idle();
    expect(sent).toEqual([[1, { answer_id: 11, confirm: false }]]);
    expect(queue.state(1)).toBe('saved');
    expect(localStorage.getItem('k')).toBeNull();
  });

  it('keeps only the latest answer of a question while one is on its way', async () => {
    const sent: number[] = [];
    let release: () => void = () => undefined;
    const queue = new AnswerQueue({
      save: (_q, a) => {
        sent.push(a.answer_id);
        return sent.length === 1 ? new Promise<void>((resolve) => { release = resolve; }) : Promise.resolve();
      },
    });
    queue.give(1, 11);
    queue.give(1, 12);
    queue.give(1, 13);
    release();
    await queue.idle();
    expect(sent).toEqual([11, 13]);
    expect(queue.state(1)).toBe('saved');
  });

  it('saves one at a time in the order given: a failing save holds the next ones back until it passes', async () => {
    const sent: Array<[number, number, boolean]> = [];
    let down = true;
    const queue = new AnswerQueue({
      save: async (q, a) => {
        sent.push([q, a.answer_id, a.confirm]);
        if (down) throw new TypeError('Failed to fetch');
      },
      retryDelays: [100, 200],
      storage: localStorage,
      storageKey: 'k',
    });
    // a timed attempt: question 1 confirmed, then question 2 answered
    queue.give(1, 11, true);
    queue.give(2, 21);
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.offline).toBe(true);
    expect([queue.state(1), queue.state(2)]).toEqual(['retrying', 'retrying']);
    expect(sent).toEqual([[1, 11, true]]);
    // still kept, in order, for a reload while the connection is down
    expect(queue.stored()).toEqual([[1, { answer_id: 11, confirm: true }], [2, { answer_id: 21, confirm: false }]]);
    await vi.advanceTimersByTimeAsync(100);
    expect(sent).toEqual([[1, 11, true], [1, 11, true]]);
    down = false;
    await vi.advanceTimersByTimeAsync(200);
    await queue.idle();
    expect(sent.slice(2)).toEqual([[1, 11, true], [2, 21, false]]);
    expect([queue.state(1), queue.state(2), queue.offline]).toEqual(['saved', 'saved', false]);
    expect(localStorage.getItem('k')).toBeNull();
  });

  it('a refusal drops that answer, tells the page and lets the next ones go', async () => {
    const refused = vi.fn();
    const sent: number[] = [];
    const queue = new AnswerQueue({
      save: async (q) => {
        sent.push(q);
        if (q === 2) throw refusal('time_expired');
      },
      onRefused: refused,
    });
    queue.give(2, 21);
    queue.give(3, 31);
    await queue.idle();
    expect(sent).toEqual([2, 3]);
    expect(queue.state(2)).toBe('refused');
    expect(queue.state(3)).toBe('saved');
    expect(refused).toHaveBeenCalledWith(2, 'time_expired');
  });

  it('reads back only well-formed kept answers and keeps a confirmation when the same answer is given again', async () => {
    localStorage.setItem('k', JSON.stringify([[4, { answer_id: 41, confirm: true }], ['x', { answer_id: 'bad' }], 7]));
    const queue = new AnswerQueue({ save: async () => undefined, storage: localStorage, storageKey: 'k' });
    expect(queue.stored()).toEqual([[4, { answer_id: 41, confirm: true }]]);
    localStorage.setItem('k', '{not json');
    expect(queue.stored()).toEqual([]);
    const sent: PendingAnswer[] = [];
    let release: () => void = () => undefined;
    const slow = new AnswerQueue({
      save: (_q, a) => { sent.push(a); return sent.length === 1 ? new Promise<void>((r) => { release = r; }) : Promise.resolve(); },
    });
    slow.give(5, 51);
    slow.give(5, 52, true);
    slow.give(5, 52);
    release();
    await slow.idle();
    expect(sent.at(-1)).toEqual({ answer_id: 52, confirm: true });
    queue.stop();
  });
});
