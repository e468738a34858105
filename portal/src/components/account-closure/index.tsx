import { useState } from 'preact/hooks';
import { useSWRConfig } from 'swr';
import { useLocation } from 'wouter-preact';
import { api, errorCode, send, userKeys } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { Message } from '../message/index.tsx';

export const CLOSURE_NOTICE = 'account_closure_requested';

/**
 * spec 1 §4.2: a learner asks to close the account; access is blocked until an administrator
 * confirms (data anonymised) or rejects (access restored). Two steps, so it is never a slip.
 */
export function AccountClosure() {
  const { t } = useI18n();
  const { mutate } = useSWRConfig();
  const [, navigate] = useLocation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function request() {
    setBusy(true);
    setError(null);
    try {
      await send('/users/request_deletion/', 'POST', {});
      // the server has ended every session of this account; drop the local one too
      await api.logout();
      await mutate(userKeys, undefined, { revalidate: false });
      navigate(`/?notice=${CLOSURE_NOTICE}`, { replace: true });
    } catch (failure) {
      setError(errorText(t, errorCode(failure)));
      setBusy(false);
    }
  }

  return (
    <div class="account-closure">
      <h2 id="account-closure-title">{t('portal.closure.title')}</h2>
      <p>{t('portal.closure.text')}</p>
      {error && <Message kind="error">{error}</Message>}
      {!confirming ? (
        <button type="button" class="button-danger" onClick={() => setConfirming(true)}>{t('portal.closure.request')}</button>
      ) : (
        <div class="confirm" role="group" aria-labelledby="account-closure-title">
          <Message kind="info">{t('portal.closure.confirm_text')}</Message>
          <button type="button" class="button-danger" onClick={() => void request()} disabled={busy}>{t('portal.closure.confirm')}</button>
          <button type="button" class="button-secondary" onClick={() => setConfirming(false)} disabled={busy}>{t('portal.closure.cancel')}</button>
        </div>
      )}
    </div>
  );
}
