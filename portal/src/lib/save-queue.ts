import { ApiRequestError } from '@lp/shared/client';

/** Where one saved thing stands (a question's answer beside the question, a player's event). */
export type SaveState = 'saving' | 'saved' | 'retrying' | 'refused';

export interface SaveQueueOptions<K extends string | number, T> {
  /** sends one item; resolves when the server stored it */
  send(item: T, key: K): Promise<unknown>;
  /** the server stored it, and answered this */
  onSaved?(key: K, item: T, answer: unknown): void;
  /** a refusal (4xx): the item will not be stored as given (its code, e.g. the time is over) */
  onRefused?(key: K, code: string, item: T): void;
  /**
   * An item whose meaning is the moment the server receives it (a player's `opened`: the server
   * starts its clock then). It is sent only while the connection holds: made while the queue waits
   * for the connection, or failing for want of one, it is dropped — never kept nor sent later,
   * when it would say something else — and it is not written to storage.
   */
  perishable?(item: T): boolean;
  /** an item given again under a key still waiting: what is sent instead (the latest by default) */
  merge?(before: T, next: T): T;
  /** keeps the items not yet stored across a reload (localStorage in the page) */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  storageKey?: string;
  /** one stored entry read back, or null when it is not one (storage is anyone's to change) */
  revive?(entry: unknown): [K, T] | null;
  /** milliseconds between retries after a failed send; the last value repeats */
  retryDelays?: readonly number[];
  /** whether the browser believes it is online (navigator.onLine by default) */
  online?(): boolean;
}

const DEFAULT_DELAYS = [1000, 2000, 4000, 8000, 15000] as const;

/** Network failures and 5xx may pass on a later try; a 4xx is the server's answer and final. */
export const isRetriable = (error: unknown): boolean => !(error instanceof ApiRequestError && error.status < 500);

/**
 * The portal's one way to save what a learner does while the connection may fail (issue 24 item
 * 6: test answers, spec 2 §4.8 "every answer saved as it is given"; module players' events, spec
 * 2 §4.7): one send at a time, in the order things were given — the timed tests refuse an answer
 * before the previous confirmation is stored, and the server judges played time in the order it
 * arrives — and an item given again under a key still waiting replaces it in its place. A
 * failed send is retried until it passes (the items behind it wait), at once when the browser
 * says the connection is back; what is not stored yet is kept in storage, so a reload, or a day
 * offline, loses nothing. A refusal is final: the item is dropped and reported.
 */
export class SaveQueue<K extends string | number, T> {
  private readonly options: SaveQueueOptions<K, T>;
  /** insertion-ordered: a key keeps its place in line when given again */
  private readonly pending = new Map<K, T>();
  private readonly states = new Map<K, SaveState>();
  private readonly listeners = new Set<() => void>();
  private readonly settlers = new Map<K, Array<() => void>>();
  private inFlight: K | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private idleWaiters: Array<() => void> = [];
  private stopped = false;

  constructor(options: SaveQueueOptions<K, T>) {
    this.options = options;
    if (typeof window !== 'undefined') window.addEventListener('online', this.retryNow);
  }

  /** What storage kept (items given but not stored yet, of an earlier page), in the order given. */
  stored(): Array<[K, T]> {
    const { storage, storageKey, revive } = this.options;
    if (!storage || !storageKey || !revive) return [];
    try {
      const raw: unknown = JSON.parse(storage.getItem(storageKey) ?? '[]');
      return Array.isArray(raw) ? raw.flatMap((entry) => {
        const item = revive(entry);
        return item ? [item] : [];
      }) : [];
    } catch {
      return [];
    }
  }

  /** Gives what storage kept to the queue again (sent before anything given after). */
  resume(): void {
    for (const [key, item] of this.stored()) this.put(key, item);
  }

  /**
   * Queues `item` under `key` (replacing, by `merge`, one still waiting there). The promise
   * settles once the key's item left the queue: stored, refused, dropped, or the queue stopped.
   */
  put(key: K, item: T): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const perishable = this.options.perishable?.(item) ?? false;
    // made while the connection is away: what it would tell is already untrue
    if (perishable && (this.failures > 0 || this.options.online?.() === false || (this.options.online === undefined && !browserOnline()))) {
      return Promise.resolve();
    }
    const before = this.pending.get(key);
    this.pending.set(key, before !== undefined && this.options.merge ? this.options.merge(before, item) : item);
    const settled = new Promise<void>((resolve) => {
      const list = this.settlers.get(key) ?? [];
      list.push(resolve);
      this.settlers.set(key, list);
    });
    this.persist();
    this.setState(key, this.failures > 0 ? 'retrying' : 'saving');
    this.pump();
    return settled;
  }

  /** The pending item of `key`, if one waits. */
  waiting(key: K): T | undefined {
    return this.pending.get(key);
  }

  state(key: K): SaveState | undefined {
    return this.states.get(key);
  }

  /** How many items wait to be stored (given, sending or retrying). */
  get size(): number {
    return this.pending.size;
  }

  /** Whether anything waits to be stored. */
  get busy(): boolean {
    return this.pending.size > 0 || this.inFlight !== null;
  }

  /** Whether the last send failed and the queue waits for its next try (no connection). */
  get offline(): boolean {
    return this.failures > 0;
  }

  /** Resolves once everything given so far is stored, refused or dropped (or the queue stopped). */
  idle(): Promise<void> {
    if (!this.busy || this.stopped) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** No more sends; whatever waits in idle() or on an item is released (storage keeps the rest). */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (typeof window !== 'undefined') window.removeEventListener('online', this.retryNow);
    this.releaseIdle(true);
    for (const key of [...this.settlers.keys()]) this.settle(key);
  }

  /** Forgets what storage kept (after what it kept no longer matters, e.g. a submitted attempt). */
  clearStorage(): void {
    const { storage, storageKey } = this.options;
    if (storage && storageKey) storage.removeItem(storageKey);
  }

  /** Try at once rather than at the next delay (the browser says the connection is back). */
  readonly retryNow = (): void => {
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
    const [key, item] = head.value;
    void this.sendOne(key, item);
  }

  private async sendOne(key: K, item: T): Promise<void> {
    this.inFlight = key;
    try {
      const answer = await this.options.send(item, key);
      // stored all the same: whoever waits for its answer hears it
      if (this.stopped) {
        this.options.onSaved?.(key, item, answer);
        return;
      }
      const recovered = this.failures > 0;
      this.failures = 0;
      // a newer item under the same key stays in line
      if (sameItem(this.pending.get(key), item)) {
        this.pending.delete(key);
        this.persist();
        this.setState(key, 'saved');
        this.settle(key);
      }
      this.options.onSaved?.(key, item, answer);
      if (recovered) for (const waiting of this.pending.keys()) this.setState(waiting, 'saving');
    } catch (error) {
      if (this.stopped) return;
      if (isRetriable(error)) {
        this.failures += 1;
        this.dropPerishable();
        const delays = this.options.retryDelays ?? DEFAULT_DELAYS;
        const delay = delays[Math.min(this.failures - 1, delays.length - 1)] ?? 1000;
        for (const waiting of this.pending.keys()) this.setState(waiting, 'retrying');
        this.timer = setTimeout(() => {
          this.timer = null;
          this.pump();
        }, delay);
      } else {
        this.pending.delete(key);
        this.persist();
        this.setState(key, 'refused');
        this.settle(key);
        this.options.onRefused?.(key, error instanceof ApiRequestError ? error.code : 'unexpected_error', item);
      }
    } finally {
      this.inFlight = null;
    }
    this.pump();
  }

  /** The connection went away: the perishable items waiting would say something untrue later. */
  private dropPerishable(): void {
    const { perishable } = this.options;
    if (!perishable) return;
    for (const [key, item] of [...this.pending]) {
      if (!perishable(item)) continue;
      this.pending.delete(key);
      this.states.delete(key);
      this.settle(key);
    }
    this.notify();
  }

  private settle(key: K): void {
    const list = this.settlers.get(key);
    this.settlers.delete(key);
    for (const resolve of list ?? []) resolve();
  }

  private releaseIdle(force: boolean): void {
    if (!force && this.busy) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }

  private persist(): void {
    const { storage, storageKey, perishable } = this.options;
    if (!storage || !storageKey) return;
    const kept = [...this.pending].filter(([, item]) => !perishable?.(item));
    try {
      if (kept.length === 0) storage.removeItem(storageKey);
      else storage.setItem(storageKey, JSON.stringify(kept));
    } catch {
      // storage full or blocked: the items are still being sent
    }
  }

  private setState(key: K, state: SaveState): void {
    this.states.set(key, state);
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}

const sameItem = (a: unknown, b: unknown): boolean => a === b || (a !== undefined && JSON.stringify(a) === JSON.stringify(b));

const browserOnline = (): boolean => typeof navigator === 'undefined' || navigator.onLine !== false;
