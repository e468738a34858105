import { ApiRequestError } from '@lp/shared/client';

/** Where one question's answer stands (shown beside the question). */
export type SaveState = 'saving' | 'saved' | 'retrying' | 'refused';

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

const DEFAULT_DELAYS = [1000, 2000, 4000, 8000, 15000] as const;

/** Network failures and 5xx may pass on a later try; a 4xx is the server's answer and final. */
export const isRetriable = (error: unknown): boolean => !(error instanceof ApiRequestError && error.status < 500);

const same = (a: PendingAnswer | undefined, b: PendingAnswer) => a?.answer_id === b.answer_id && a.confirm === b.confirm;

/**
 * Saves test answers as they are given (spec 2 §4.8 "every answer saved as it is given").
 * One save at a time, in the order the questions were answered — the timed types refuse an
 * answer before the previous question's confirmation is stored — and the latest answer of a
 * question replaces one still waiting. A failed save is retried until it passes (the ones
 * behind it wait), and answers not yet stored are kept in storage so a reload loses nothing.
 */
export class AnswerQueue {
  private readonly options: AnswerQueueOptions;
  /** insertion-ordered: a question keeps its place in line when answered again */
  private readonly pending = new Map<number, PendingAnswer>();
  private readonly states = new Map<number, SaveState>();
  private readonly listeners = new Set<() => void>();
  private inFlight: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private idleWaiters: Array<() => void> = [];
  private stopped = false;

  constructor(options: AnswerQueueOptions) {
    this.options = options;
    if (typeof window !== 'undefined') window.addEventListener('online', this.retryNow);
  }

  /** Answers given but not stored yet, as kept in storage, in the order they were given. */
  stored(): Array<[number, PendingAnswer]> {
    const { storage, storageKey } = this.options;
    if (!storage || !storageKey) return [];
    try {
      const raw: unknown = JSON.parse(storage.getItem(storageKey) ?? '[]');
      if (!Array.isArray(raw)) return [];
      return raw.flatMap((entry): Array<[number, PendingAnswer]> => {
        if (!Array.isArray(entry)) return [];
        const [questionId, answer] = entry as [unknown, Partial<PendingAnswer> | null];
        return Number.isInteger(questionId) && Number.isInteger(answer?.answer_id)
          ? [[questionId as number, { answer_id: answer!.answer_id!, confirm: answer!.confirm === true }]]
          : [];
      });
    } catch {
      return [];
    }
  }

  give(questionId: number, answerId: number, confirm = false): void {
    if (this.stopped) return;
    const before = this.pending.get(questionId);
    // a confirmation stays one if the same answer is given again before it is stored
    this.pending.set(questionId, { answer_id: answerId, confirm: confirm || (before?.answer_id === answerId && before.confirm) });
    this.persist();
    this.setState(questionId, this.failures > 0 ? 'retrying' : 'saving');
    this.pump();
  }

  state(questionId: number): SaveState | undefined {
    return this.states.get(questionId);
  }

  /** Whether anything waits to be stored (given, sending or retrying). */
  get busy(): boolean {
    return this.pending.size > 0 || this.inFlight !== null;
  }

  /** Whether the last save failed and the queue waits for its next try. */
  get offline(): boolean {
    return this.failures > 0;
  }

  /** Resolves once every answer given so far is stored or refused (or the queue stopped). */
  idle(): Promise<void> {
    if (!this.busy || this.stopped) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The attempt is over: no more saves; whatever waits in idle() is released. */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (typeof window !== 'undefined') window.removeEventListener('online', this.retryNow);
    this.releaseIdle(true);
  }

  /** Forgets what storage kept for this attempt (after it is submitted). */
  clearStorage(): void {
    const { storage, storageKey } = this.options;
    if (storage && storageKey) storage.removeItem(storageKey);
  }

  /** The browser says the connection is back: try at once rather than at the next delay. */
  private readonly retryNow = (): void => {
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.timer = null;
    this.pump();
  };

  private pump(): void {
    if (this.stopped || this.inFlight !== null || this.timer) return;
    const head = this.pending.entries().next();
    if (head.done) {
      this.releaseIdle(false);
      return;
    }
    const [questionId, answer] = head.value;
    void this.send(questionId, answer);
  }

  private async send(questionId: number, answer: PendingAnswer): Promise<void> {
    this.inFlight = questionId;
    try {
      await this.options.save(questionId, answer);
      if (this.stopped) return;
      const recovered = this.failures > 0;
      this.failures = 0;
      // a newer answer of the same question stays in line
      if (same(this.pending.get(questionId), answer)) {
        this.pending.delete(questionId);
        this.persist();
        this.setState(questionId, 'saved');
      }
      if (recovered) for (const waiting of this.pending.keys()) this.setState(waiting, 'saving');
    } catch (error) {
      if (this.stopped) return;
      if (isRetriable(error)) {
        this.failures += 1;
        const delays = this.options.retryDelays ?? DEFAULT_DELAYS;
        const delay = delays[Math.min(this.failures - 1, delays.length - 1)] ?? 1000;
        for (const waiting of this.pending.keys()) this.setState(waiting, 'retrying');
        this.timer = setTimeout(() => {
          this.timer = null;
          this.pump();
        }, delay);
      } else {
        this.pending.delete(questionId);
        this.persist();
        this.setState(questionId, 'refused');
        this.options.onRefused?.(questionId, error instanceof ApiRequestError ? error.code : 'unexpected_error');
      }
    } finally {
      this.inFlight = null;
    }
    this.pump();
  }

  private releaseIdle(force: boolean): void {
    if (!force && this.busy) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private persist(): void {
    const { storage, storageKey } = this.options;
    if (!storage || !storageKey) return;
    try {
      if (this.pending.size === 0) storage.removeItem(storageKey);
      else storage.setItem(storageKey, JSON.stringify([...this.pending]));
    } catch {
      // storage full or blocked: the answers are still being sent
    }
  }

  private setState(questionId: number, state: SaveState): void {
    this.states.set(questionId, state);
    for (const listener of this.listeners) listener();
  }
}
