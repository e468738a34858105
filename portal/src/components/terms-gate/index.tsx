import { useState } from 'preact/hooks';
import { useSWRConfig } from 'swr';
import { useLocation } from 'wouter-preact';
import { MY_CONSENTS_PATH, type ConsentRequest } from '@lp/shared/contract';
import { api, errorCode, send, userKeys } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { safeHtml } from '../../lib/safe-html.ts';
import { useLegalText } from '../../hooks/use-legal-text.ts';
import { SESSION_USER_KEY } from '../../hooks/use-session-user.ts';
import { Message } from '../message/index.tsx';

/**
 * Spec 1 §1 "acceptance of terms and conditions", §3.1 accept_terms_and_conditions: when the
 * client's terms changed since the learner last accepted them (or were never accepted), they read
 * and accept them before anything else. The acceptance goes through the consent API (version,
 * time, address, browser — what the admin's consent view shows) and refreshes the session.
 */
export function TermsGate({ version }: { version: string }) {
  const { t, locale } = useI18n();
  const { data, error } = useLegalText('terms', locale);
  const { mutate } = useSWRConfig();
  const [, navigate] = useLocation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function accept() {
    setBusy(true);
    setFailure(null);
    try {
      const body: ConsentRequest = { kind: 'terms', version, accepted: true };
      await send(MY_CONSENTS_PATH, 'POST', body);
      await mutate(SESSION_USER_KEY);
    } catch (problem) {
      setFailure(errorText(t, errorCode(problem)));
      setBusy(false);
    }
  }

  async function leave() {
    await api.logout();
    await mutate(userKeys, undefined, { revalidate: false });
    navigate('/', { replace: true });
  }

  return (
    <section class="panel terms-gate" aria-labelledby="terms-gate-title">
      <h1 id="terms-gate-title">{t('portal.access.terms_gate.title')}</h1>
      <Message kind="info">{t('portal.access.terms_gate.intro')}</Message>
      {error && <Message kind="error">{errorText(t, errorCode(error))}</Message>}
      {!data && !error && <p class="loading">{t('portal.loading')}</p>}
      {data && <div class="rich-text" dangerouslySetInnerHTML={{ __html: safeHtml(data.content) }} />}
      {failure && <Message kind="error">{failure}</Message>}
      <p class="actions">
        <button type="button" onClick={() => void accept()} disabled={busy || !data}>
          {busy ? t('portal.access.terms_gate.accepting') : t('portal.access.terms_gate.accept')}
        </button>
        {' '}
        <button type="button" class="button-secondary" onClick={() => void leave()}>{t('portal.access.terms_gate.logout')}</button>
      </p>
    </section>
  );
}
