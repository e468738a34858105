import { useEffect, useState } from 'preact/hooks';
import { Link, useLocation } from 'wouter-preact';
import { SMS_RECOVERY_PATHS, type RecoverLink, type SmsCodeConfirm, type SmsRecoveryRequest } from '@lp/shared/contract';
import { errorCode, send } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { Field, focusFirstEmpty } from '../../components/field/index.tsx';
import { Message } from '../../components/message/index.tsx';
import { PublicLayout } from '../../components/public-layout/index.tsx';
import { useCaptcha } from '../../components/captcha/use-captcha.tsx';
import { useLoginParams } from '../../hooks/use-login-params.ts';

/** How long the phone-mismatch message stays before the help form opens (spec 1 §2.1 "redirected to help"). */
export const HELP_REDIRECT_MS = 4000;

/**
 * spec 1 §2.1 recover password by SMS: account and phone (area code plus number) → a 6-digit code
 * → the set-new-password step of the e-mail recovery. A phone other than the stored one is told
 * and sent to help; "try another way" (e-mail) and help are always offered.
 */
export default function RecoverBySms() {
  const { t } = useI18n();
  const [, navigate] = useLocation();
  const [stage, setStage] = useState<'phone' | 'code'>('phone');
  const [username, setUsername] = useState('');
  const [areaCode, setAreaCode] = useState('');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { data: params } = useLoginParams();
  const captcha = useCaptcha(!!params?.use_recaptcha);

  useEffect(() => {
    if (error !== 'phone_mismatch') return undefined;
    const timer = setTimeout(() => navigate('/help'), HELP_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [error, navigate]);

  async function run(event: Event, work: () => Promise<void>, filled: boolean) {
    event.preventDefault();
    if (!filled) {
      setError('make_sure_that_all_fields_are_filled_in');
      return focusFirstEmpty(event.currentTarget);
    }
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(errorCode(failure));
    } finally {
      setBusy(false);
    }
  }

  const sendCode = (event: Event) => run(event, async () => {
    const body: SmsRecoveryRequest = { username: username.trim(), phone_area_code: areaCode.trim(), phone: phone.trim(), ...captcha.body };
    captcha.spent();
    await send(SMS_RECOVERY_PATHS.send, 'POST', body);
    setStage('code');
  }, !!(username.trim() && areaCode.trim() && phone.trim()));

  const confirm = (event: Event) => run(event, async () => {
    const body: SmsCodeConfirm = { username: username.trim(), code: code.trim() };
    const link = await send<RecoverLink>(SMS_RECOVERY_PATHS.confirm, 'POST', body);
    navigate(`/recover-password/${encodeURIComponent(link.username)}/${encodeURIComponent(link.uidb64)}/${encodeURIComponent(link.token)}`);
  }, !!code.trim());

  return (
    <PublicLayout aside={<h1>{t('portal.access.sms.title')}</h1>}>
      {error && (
        <Message kind="error">
          {errorText(t, error)}
          {error === 'phone_mismatch' && <> {t('portal.access.sms.redirecting')}</>}
        </Message>
      )}
      {stage === 'phone' ? (
        <form class="form" onSubmit={(event) => void sendCode(event)} noValidate aria-label={t('portal.access.sms.title')}>
          <p>{t('portal.access.sms.intro')}</p>
          <Field label={t('portal.access.sms.username')} value={username} onValue={setUsername} autoComplete="username" required />
          <Field label={t('portal.access.sms.area_code')} type="tel" inputMode="numeric" maxLength={5} value={areaCode}
            onValue={setAreaCode} autoComplete="tel-area-code" required />
          <Field label={t('portal.access.sms.phone')} type="tel" inputMode="numeric" maxLength={20} value={phone}
            onValue={setPhone} autoComplete="tel-local" required />
          {captcha.field}
          <button type="submit" disabled={busy}>{t('portal.access.sms.send')}</button>
        </form>
      ) : (
        <form class="form" onSubmit={(event) => void confirm(event)} noValidate aria-label={t('portal.access.sms.confirm')}>
          <p>{t('portal.access.sms.code_intro')}</p>
          <Field label={t('portal.access.sms.code')} inputMode="numeric" maxLength={6} value={code} onValue={setCode}
            autoComplete="one-time-code" required />
          <button type="submit" disabled={busy}>{t('portal.access.sms.confirm')}</button>
        </form>
      )}
      <p class="links">
        <Link href="/recover-password">{t('portal.access.sms.another_way')}</Link>
        {' · '}<Link href="/help">{t('portal.access.sms.help')}</Link>
      </p>
    </PublicLayout>
  );
}
