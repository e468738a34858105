import { useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import { isValidEmail } from '@lp/shared/rules';
import { errorCode, send } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { Field, focusFirstEmpty } from '../../components/field/index.tsx';
import { Message } from '../../components/message/index.tsx';
import { PublicLayout } from '../../components/public-layout/index.tsx';
import { useCaptcha } from '../../components/captcha/use-captcha.tsx';
import { useLoginParams } from '../../hooks/use-login-params.ts';

/** spec 1 §2.1 recover password by e-mail: a link to set a new password is sent. */
export default function RecoverPassword() {
  const { t } = useI18n();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { data: params } = useLoginParams();
  const captcha = useCaptcha(!!params?.use_recaptcha);

  async function submit(event: Event) {
    event.preventDefault();
    const value = email.trim();
    if (!value) {
      setError(errorText(t, 'make_sure_that_all_fields_are_filled_in'));
      return focusFirstEmpty(event.currentTarget);
    }
    if (!isValidEmail(value)) return setError(errorText(t, 'invalid_email'));
    setBusy(true);
    setError(null);
    try {
      await send('/users/recover_password/', 'POST', { email: value, ...captcha.body });
      setSentTo(value);
    } catch (failure) {
      setError(errorText(t, errorCode(failure)));
      captcha.spent();
    } finally {
      setBusy(false);
    }
  }

  return (
    <PublicLayout aside={<h1>{t('portal.recover.title')}</h1>}>
      {sentTo ? (
        <Message kind="success">{t('portal.recover.sent', { email: sentTo })}</Message>
      ) : (
        <form class="form" onSubmit={(event) => void submit(event)} noValidate aria-label={t('portal.recover.title')}>
          <p>{t('portal.recover.intro')}</p>
          {error && <Message kind="error">{error}</Message>}
          <Field label={t('portal.recover.email')} type="email" value={email} onValue={setEmail} autoComplete="email" required />
          {captcha.field}
          <button type="submit" disabled={busy}>{t('portal.recover.submit')}</button>
        </form>
      )}
      <p class="links">
        <Link href="/recover-password/sms">{t('portal.recover.by_sms')}</Link>
        {' · '}<Link href="/">{t('portal.recover.back_to_login')}</Link>
      </p>
    </PublicLayout>
  );
}
