import { SaveQueue, isRetriable, type SaveState } from './save-queue.ts';

export { isRetriable, type SaveState };

export interface PendingAnswer {
  answer_id: number;
  /** timed types: this save makes the answer final */
  confirm: boolean;
}

export interface AnswerQueueOptions {
  /** PUT the answer; resolves when the server stored it */
  save(questionId: number, answer: PendingAnswer): Promise<unknown>;
  /** a refusal (4xx): the answer will not be stored as given, e.g. the time is over */
  onRefused?(questionId: number, code: string): void;
  /** keeps answers not yet stored across a reload (localStorage in the page) */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  storageKey?: string;
  /** milliseconds between retries after a failed save; the last value repeats */
  retryDelays?: readonly number[];
}

/** One stored entry of an attempt's answers read back: `[questionId, {answer_id, confirm}]`. */
function reviveAnswer(entry: unknown): [number, PendingAnswer] | null {
  if (!Array.isArray(entry)) return null;
  const [questionId, answer] = entry as [unknown, Partial<PendingAnswer> | null];
  return Number.isInteger(questionId) && Number.isInteger(answer?.answer_id)
    ? [questionId as number, { answer_id: answer!.answer_id!, confirm: answer!.confirm === true }]
    : null;
}

/**
 * Saves test answers as they are given (spec 2 §4.8 "every answer saved as it is given"), on the
 * portal's one SaveQueue: one save at a time, in the order the questions were answered — the
 * timed types refuse an answer before the previous question's confirmation is stored — and the
 * latest answer of a question replaces one still waiting. A failed save is retried until it
 * passes, also after a while offline (the page open), and answers not yet stored are kept in
 * storage so a reload loses nothing.
 */
export class AnswerQueue extends SaveQueue<number, PendingAnswer> {
  constructor(options: AnswerQueueOptions) {
    super({
      send: (answer, questionId) => options.save(questionId, answer),
      ...(options.onRefused ? { onRefused: (questionId: number, code: string) => options.onRefused!(questionId, code) } : {}),
      // a confirmation stays one if the same answer is given again before it is stored
      merge: (before, next) => ({ answer_id: next.answer_id, confirm: next.confirm || (before.answer_id === next.answer_id && before.confirm) }),
      revive: reviveAnswer,
      ...(options.storage ? { storage: options.storage } : {}),
      ...(options.storageKey ? { storageKey: options.storageKey } : {}),
      ...(options.retryDelays ? { retryDelays: options.retryDelays } : {}),
    });
  }

  give(questionId: number, answerId: number, confirm = false): void {
    void this.put(questionId, { answer_id: answerId, confirm });
  }
}
