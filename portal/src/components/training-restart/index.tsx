import { useState } from 'preact/hooks';
import { LEARNER_PATHS } from '@lp/shared/contract';
import { errorCode, send } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { Message } from '../message/index.tsx';

export interface TrainingRestartProps {
  trainingId: number;
  /** after the server reset the learner's progress */
  onRestarted(): void;
}

/** spec 2 §2.1 "restart the training": two steps, since every activity starts over. */
export function TrainingRestart({ trainingId, onRestarted }: TrainingRestartProps) {
  const { t } = useI18n();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  async function restart() {
    setBusy(true);
    setError(null);
    try {
      await send(LEARNER_PATHS.restart(trainingId), 'POST', {});
      setConfirming(false);
      setDone(true);
      onRestarted();
    } catch (failure) {
      // a refusal closes the confirmation: the error stays in view, the button can be tried again
      setConfirming(false);
      setError(errorText(t, errorCode(failure)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div class="training-restart">
      {done && <Message kind="success">{t('portal.courses.restart.done')}</Message>}
      {error && <Message kind="error">{error}</Message>}
      {!confirming ? (
        <button type="button" class="button-secondary" onClick={() => { setDone(false); setError(null); setConfirming(true); }}>
          {t('portal.courses.restart.button')}
        </button>
      ) : (
        <div class="confirm" role="group" aria-label={t('portal.courses.restart.button')}>
          <Message kind="info">{t('portal.courses.restart.confirm_text')}</Message>
          <button type="button" class="button-danger" disabled={busy} onClick={() => void restart()}>{t('portal.courses.restart.confirm')}</button>
          <button type="button" class="button-secondary" disabled={busy} onClick={() => setConfirming(false)}>{t('portal.courses.restart.cancel')}</button>
        </div>
      )}
    </div>
  );
}
