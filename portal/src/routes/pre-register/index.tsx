import { useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import { REGISTRATION_PATHS, type PreRegisterRequest } from '@lp/shared/contract';
import { normaliseUsername } from '@lp/shared/rules';
import { errorCode, send } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { Field, focusFirstEmpty } from '../../components/field/index.tsx';
import { Message } from '../../components/message/index.tsx';
import { PublicLayout } from '../../components/public-layout/index.tsx';
import { useCaptcha } from '../../components/captcha/use-captcha.tsx';
import { useLoginParams } from '../../hooks/use-login-params.ts';

/**
 * spec 1 §2.1 pre-register (user_pre_register): a person an administrator or an import
 * pre-registered asks, by e-mail or document, for the first-access link (set-password/…); after
 * logging in they complete their data (components/complete-registration).
 */
export default function PreRegister() {
  const { t } = useI18n();
  const [username, setUsername] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { data: params } = useLoginParams();
  const captcha = useCaptcha(!!params?.use_recaptcha);

  async function submit(event: Event) {
    event.preventDefault();
    if (!normaliseUsername(username)) {
      setError(errorText(t, 'make_sure_that_all_fields_are_filled_in'));
      return focusFirstEmpty(event.currentTarget);
    }
    setBusy(true);
    setError(null);
    try {
      const body: PreRegisterRequest = { username: username.trim(), ...captcha.body };
      captcha.spent();
      await send(REGISTRATION_PATHS.preRegister, 'POST', body);
      setSent(true);
    } catch (failure) {
      setError(errorText(t, errorCode(failure)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <PublicLayout aside={<h1>{t('portal.access.pre_register.title')}</h1>}>
      {sent ? <Message kind="success">{t('portal.access.pre_register.sent')}</Message> : (
        <form class="form" onSubmit={(event) => void submit(event)} noValidate aria-label={t('portal.access.pre_register.title')}>
          <p>{t('portal.access.pre_register.intro')}</p>
          {error && <Message kind="error">{error}</Message>}
          <Field label={t('portal.access.pre_register.username')} value={username} onValue={setUsername} autoComplete="username" required />
          {captcha.field}
          <button type="submit" disabled={busy}>{t('portal.access.pre_register.submit')}</button>
        </form>
      )}
      <p class="links">
        <Link href="/">{t('portal.access.pre_register.back_to_login')}</Link>
      </p>
    </PublicLayout>
  );
}
