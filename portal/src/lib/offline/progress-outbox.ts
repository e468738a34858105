import type { ModuleProgressAnswer, ModuleProgressBody } from '@lp/shared/contract';
import { reportModuleProgress } from '../module-progress.ts';
import { SaveQueue } from '../save-queue.ts';
import { getSession } from '../session.ts';

/** One event of a module's player, for the progress endpoint (shared learning/completion.ts judges it). */
export interface ProgressEvent {
  trainingId: number;
  moduleId: number;
  body: ModuleProgressBody;
}

export interface ModuleListener {
  answered(answer: ModuleProgressAnswer): void;
  refused(code: string): void;
}

const EVENTS = new Set(['opened', 'played', 'page', 'completed']);

function reviveEvent(entry: unknown): [string, ProgressEvent] | null {
  if (!Array.isArray(entry) || typeof entry[0] !== 'string') return null;
  const event = entry[1] as Partial<ProgressEvent> | null;
  const body = event?.body as { event?: unknown } | undefined;
  if (!Number.isInteger(event?.trainingId) || !Number.isInteger(event?.moduleId) || typeof body?.event !== 'string' || !EVENTS.has(body.event)) return null;
  // the server validates the body itself (a stale or altered entry is refused there, and dropped)
  return [entry[0], event as ProgressEvent];
}

const moduleKey = (trainingId: number, moduleId: number) => `${trainingId}:${moduleId}`;
export const outboxStorageKey = (userId: number | string) => `lp-progress-outbox-u${userId}`;

let outbox: { userId: number | string; queue: SaveQueue<string, ProgressEvent> } | null = null;
const listeners = new Map<string, Set<ModuleListener>>();
let sequence = 0;

/**
 * The learner's module events on their way to the server (issue 24 item 6): every event every
 * player emits, one after the other in the order they happened, kept in storage (per user) while
 * the connection is away and sent when it is back — also from another page, or after a reload
 * (main.tsx resumes it). An `opened` is perishable: it starts the server's clock when it arrives,
 * so one made offline is dropped; the opening the download sent stands (docs/api.md "Offline").
 */
export function progressOutbox(): SaveQueue<string, ProgressEvent> {
  const userId = getSession().user?.id ?? 'anonymous';
  if (outbox?.userId === userId) return outbox.queue;
  outbox?.queue.stop();
  const queue = new SaveQueue<string, ProgressEvent>({
    send: (event) => reportModuleProgress(event.trainingId, event.moduleId, event.body),
    perishable: (event) => event.body.event === 'opened',
    onSaved: (_key, event, answer) => {
      for (const listener of listeners.get(moduleKey(event.trainingId, event.moduleId)) ?? []) listener.answered(answer as ModuleProgressAnswer);
    },
    onRefused: (_key, code, event) => {
      for (const listener of listeners.get(moduleKey(event.trainingId, event.moduleId)) ?? []) listener.refused(code);
    },
    storage: window.localStorage,
    storageKey: outboxStorageKey(userId),
    revive: reviveEvent,
  });
  outbox = { userId, queue };
  queue.resume();
  return queue;
}

/** Queues one player event; settles once it is sent, refused or dropped. */
export function queueProgress(event: ProgressEvent): Promise<void> {
  sequence += 1;
  return progressOutbox().put(`${Date.now().toString(36)}-${sequence}`, event);
}

/** Hears the server's answers to one module's events (the player that shows them); returns the way to stop. */
export function listenToModule(trainingId: number, moduleId: number, listener: ModuleListener): () => void {
  const key = moduleKey(trainingId, moduleId);
  const set = listeners.get(key) ?? new Set();
  set.add(listener);
  listeners.set(key, set);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(key);
  };
}

/** Stops the outbox (what waits stays in storage for the next page); the next event starts a new one. */
export function stopProgressOutbox(): void {
  outbox?.queue.stop();
  outbox = null;
}

/** Starts sending what an earlier page left unsent (main.tsx, after the page loaded). */
export function resumeProgressOutbox(): void {
  const userId = getSession().user?.id;
  if (userId !== undefined && window.localStorage.getItem(outboxStorageKey(userId)) !== null) progressOutbox();
}
