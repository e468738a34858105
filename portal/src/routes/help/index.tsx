import { useId, useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import { HELP_MESSAGE_MAX, HELP_REQUEST_PATH } from '@lp/shared/contract';
import { isValidEmail } from '@lp/shared/rules';
import { errorCode, send } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { getSession, isSignedIn } from '../../lib/session.ts';
import { Field, focusFirstEmpty } from '../../components/field/index.tsx';
import { Message } from '../../components/message/index.tsx';
import { PublicLayout } from '../../components/public-layout/index.tsx';

/**
 * spec 1 §2.1 help request form ("If you have trouble logging in, click RECOVER PASSWORD;
 * otherwise fill the fields below asking for help") and §2.2 institutional/help: name, e-mail and
 * the question, sent to the help desk. A learner's name and e-mail come filled in.
 */
export function HelpForm() {
  const { t } = useI18n();
  const messageId = useId();
  const user = getSession().user;
  const [name, setName] = useState(user?.full_name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: Event) {
    event.preventDefault();
    setSent(false);
    if (!name.trim() || !email.trim() || !message.trim()) {
      setError(errorText(t, 'make_sure_that_all_fields_are_filled_in'));
      focusFirstEmpty(event.currentTarget);
      return;
    }
    if (!isValidEmail(email.trim())) {
      setError(errorText(t, 'invalid_email'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await send(HELP_REQUEST_PATH, 'POST', { name: name.trim(), email: email.trim(), message: message.trim() });
      setMessage('');
      setSent(true);
    } catch (failure) {
      setError(errorText(t, errorCode(failure)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div class="help">
      <h1>{t('portal.help.title')}</h1>
      <p>{t('portal.help.intro')}</p>
      {!isSignedIn() && <p><Link href="/recover-password">{t('portal.help.recover_password')}</Link></p>}
      <form class="form" onSubmit={(event) => void submit(event)} noValidate>
        <Field label={t('portal.help.name')} value={name} onValue={setName} autoComplete="name" maxLength={150} required />
        <Field label={t('portal.help.email')} value={email} onValue={setEmail} type="email" autoComplete="email" maxLength={254} required />
        <div class="field">
          <label for={messageId}>{t('portal.help.message')}</label>
          <textarea id={messageId} rows={5} value={message} maxLength={HELP_MESSAGE_MAX} required
            onInput={(event) => setMessage(event.currentTarget.value)} />
        </div>
        {error && <Message kind="error">{error}</Message>}
        {sent && <Message kind="success">{t('portal.help.sent')}</Message>}
        <button type="submit" disabled={busy}>{t('portal.help.send')}</button>
      </form>
    </div>
  );
}

/** spec 1 §2.1 help, for visitors (no login), dressed as the login page. */
export function PublicHelp() {
  const { t } = useI18n();
  return (
    <PublicLayout>
      <HelpForm />
      <p><Link href="/">{t('portal.institutional.back_login')}</Link></p>
    </PublicLayout>
  );
}

export default HelpForm;
