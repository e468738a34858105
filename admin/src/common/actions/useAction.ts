import { useCallback, useRef, useState } from 'react';
import { useNotify } from 'react-admin';

/** A notice of an action's outcome: a translation key, one chosen from the outcome, or null for none. */
export type ActionNotice<T> = string | null | ((outcome: T) => string | null);

export interface ActionOptions<R> {
  /** shown when the action succeeds (issue 25 item 5: every action says it was done) */
  success: ActionNotice<R>;
  /**
   * shown when it fails; null: only logged (spec 2 §8 lists the silent ones). Default: the
   * error's own message (an HttpError's is the `errors.{code}` key).
   */
  failure?: ActionNotice<unknown>;
  /** after the success notice (navigation, a refetch…) */
  onSuccess?: (result: R) => void;
  /** after the failure notice */
  onFailure?: (error: unknown) => void;
}

export interface Action<A extends unknown[]> {
  /** runs the action unless it is already running; resolves when it ends (never rejects) */
  run: (...args: A) => Promise<void>;
  /** true while it runs: the button that started it (and those it excludes) are disabled */
  pending: boolean;
}

const pick = <T,>(notice: ActionNotice<T> | undefined, outcome: T): string | null =>
  (typeof notice === 'function' ? notice(outcome) : notice ?? null);

const errorKey = (error: unknown) => (error instanceof Error && error.message ? error.message : 'ra.notification.http_error');

/**
 * The one way a non-CRUD action (publish, unpublish, duplicate, approve, process…) runs from a
 * button: disabled while it runs (a second click does nothing), a success notice when it is done,
 * the refusal's notice when it fails (docs/admin.md "Extra verbs").
 */
export function useAction<A extends unknown[], R>(action: (...args: A) => Promise<R>, options: ActionOptions<R>): Action<A> {
  const notify = useNotify();
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  // the latest action and options, so `run` stays one function for the component's life
  const latest = useRef({ action, options });
  latest.current = { action, options };

  const run = useCallback(async (...args: A) => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    const { action: current, options: opts } = latest.current;
    try {
      const result = await current(...args);
      const key = pick(opts.success, result);
      if (key) notify(key, { type: 'success' });
      opts.onSuccess?.(result);
    } catch (error) {
      console.error('action failed', error);
      const key = opts.failure === undefined ? errorKey(error) : pick(opts.failure, error);
      if (key) notify(key, { type: 'error' });
      opts.onFailure?.(error);
    } finally {
      running.current = false;
      setPending(false);
    }
  }, [notify]);

  return { run, pending };
}
