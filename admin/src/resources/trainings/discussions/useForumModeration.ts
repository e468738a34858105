import { useState } from 'react';
import { useNotify } from 'react-admin';
import type { FormFields } from '../../../common/http/index.ts';
import { useTrainingActions } from '../trainingActions.ts';

/** spec 2 §8: the forum's status change and report each have a success and an error message. */
export type ForumAction = 'status_change' | 'report' | 'unreport';

const MESSAGES = 'resources.trainings.discussions.messages';

/**
 * Posts one moderation form (spec 2 §4.11) and says how it went; `after` reloads what shows
 * it. One action at a time: `busy` disables the controls meanwhile.
 */
export function useForumModeration(after: () => Promise<unknown> | void) {
  const actions = useTrainingActions();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  async function run(action: ForumAction, path: string, fields: FormFields = {}): Promise<void> {
    setBusy(true);
    try {
      await actions.moderateForum(path, fields);
      notify(`${MESSAGES}.${action}_success`, { type: 'success' });
      await after();
    } catch (error) {
      console.error('forum moderation failed', error);
      notify(`${MESSAGES}.${action}_error`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  }

  return { busy, run };
}
