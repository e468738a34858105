import { useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import { REGISTRATION_PATHS, type RegisterRequest, type RegisterResponse } from '@lp/shared/contract';
import { languageIdForLocale, registerFieldsOf, validateRegistration, type RegisterField, type RegistrationErrors } from '@lp/shared/rules';
import { ApiRequestError } from '@lp/shared/client';
import { errorCode, send } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { useLoginParams } from '../../hooks/use-login-params.ts';
import { Field, focusFirstEmpty } from '../../components/field/index.tsx';
import { Message } from '../../components/message/index.tsx';
import { PublicLayout } from '../../components/public-layout/index.tsx';
import { useCaptcha } from '../../components/captcha/use-captcha.tsx';

type Values = Required<Omit<RegisterRequest, 'language_id' | 'captcha'>>;
const EMPTY: Values = {
  full_name: '', email: '', password: '', confirm_password: '', document: '', nick_name: '', register: '',
  mobile_area_code: '', mobile: '', birthday: '', gender: '', import_code: '',
};
/** spec 1 §2.3 import-code: a sign-up link may carry the client's code (`/register?code=…`) */
const linkCode = () => new URLSearchParams(window.location.search).get('code')?.trim().slice(0, 40) ?? '';
/** spec 1 §8.2: these two answers come with a link to recover the password */
const RECOVERABLE = new Set(['email_already_in_use', 'document_already_registered']);

/**
 * spec 1 §2.1 register: the fields the login configuration asks (register.fields), the password
 * at password_strong_level (§5.1) — the server's own rules (validateRegistration) checked here
 * first — then one of the two outcomes: awaiting approval, or "verify your email".
 */
export default function Register() {
  const { t, locale } = useI18n();
  const { data: params } = useLoginParams();
  const [values, setValues] = useState<Values>(() => ({ ...EMPTY, import_code: linkCode() }));
  const [errors, setErrors] = useState<RegistrationErrors>({});
  // the error's code: translated when shown, and followed by the recover link when it calls for one
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<RegisterResponse['outcome'] | null>(null);
  const [busy, setBusy] = useState(false);
  const level = params?.register.password_strong_level ?? 'low';
  const captcha = useCaptcha(!!params?.use_recaptcha);
  const configured = registerFieldsOf(params?.register.fields ?? []);
  // the code a link brought shows (and can be corrected) even where the form does not ask for one
  const [fromLink] = useState(() => linkCode() !== '');
  const fields: RegisterField[] = fromLink && !configured.includes('import_code') ? [...configured, 'import_code'] : configured;
  const set = (key: keyof Values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const hint = (key: keyof Values, base?: string) => (errors[key] ? errorText(t, errors[key]) : base);

  async function submit(event: Event) {
    event.preventDefault();
    const form = event.currentTarget;
    const found = validateRegistration(values, { fields: configured, level });
    setErrors(found);
    const first = Object.values(found)[0];
    if (first) {
      setError(first);
      focusFirstEmpty(form);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const body: RegisterRequest = { ...values, language_id: languageIdForLocale(locale), ...captcha.body };
      const answer = await send<RegisterResponse>(REGISTRATION_PATHS.register, 'POST', body);
      setOutcome(answer.outcome);
    } catch (failure) {
      setErrors(failure instanceof ApiRequestError ? (failure.body.fields ?? {}) as RegistrationErrors : {});
      setError(errorCode(failure));
      captcha.spent();
    } finally {
      setBusy(false);
    }
  }

  const text = (field: RegisterField) => {
    if (field === 'mobile') {
      return [
        <Field key="mobile_area_code" label={t('portal.access.register.mobile_area_code')} type="tel" inputMode="numeric" maxLength={5}
          value={values.mobile_area_code} onValue={set('mobile_area_code')} hint={hint('mobile_area_code')} autoComplete="tel-area-code" required />,
        <Field key="mobile" label={t('portal.access.register.mobile')} type="tel" inputMode="numeric" maxLength={20}
          value={values.mobile} onValue={set('mobile')} hint={hint('mobile')} autoComplete="tel-local" required />,
      ];
    }
    return (
      <Field key={field} label={t(`portal.access.register.${field}`)} type={field === 'birthday' ? 'date' : 'text'}
        inputMode={field === 'document' ? 'numeric' : undefined} value={values[field]} onValue={set(field)} hint={hint(field)}
        maxLength={field === 'import_code' ? 40 : undefined} required={field !== 'import_code' || configured.includes('import_code')} />
    );
  };

  return (
    <PublicLayout aside={<h1>{t('portal.access.register.title')}</h1>}>
      {outcome === 'awaiting_approval' && <Message kind="success">{t('portal.access.register.awaiting_approval')}</Message>}
      {outcome === 'verify_email' && <Message kind="success">{t('portal.access.register.verify_email', { email: values.email.trim() })}</Message>}
      {params && !params.user_register && !outcome && <Message kind="info">{errorText(t, 'registration_closed')}</Message>}
      {!outcome && params?.user_register && (
        <form class="form" onSubmit={(event) => void submit(event)} noValidate aria-label={t('portal.access.register.title')}>
          <p>{t('portal.access.register.intro')}</p>
          {error && (
            <Message kind="error">
              {errorText(t, error)}
              {RECOVERABLE.has(error) && <> <Link href="/recover-password">{t('portal.access.register.recover')}</Link></>}
            </Message>
          )}
          <Field label={t('portal.access.register.full_name')} value={values.full_name} onValue={set('full_name')}
            hint={hint('full_name')} autoComplete="name" maxLength={256} required />
          <Field label={t('portal.access.register.email')} type="email" value={values.email} onValue={set('email')}
            hint={hint('email')} autoComplete="email" maxLength={254} required />
          {fields.flatMap((field) => text(field))}
          <Field label={t('portal.access.register.password')} type="password" value={values.password} onValue={set('password')}
            hint={hint('password', t(`portal.access.register.password_${level}`))} autoComplete="new-password" required />
          <Field label={t('portal.access.register.confirm_password')} type="password" value={values.confirm_password}
            onValue={set('confirm_password')} hint={hint('confirm_password')} autoComplete="new-password" required />
          {captcha.field}
          <button type="submit" disabled={busy}>{busy ? t('portal.access.register.submitting') : t('portal.access.register.submit')}</button>
        </form>
      )}
      <p class="links">
        <Link href="/">{t('portal.access.register.back_to_login')}</Link>
      </p>
    </PublicLayout>
  );
}
