import { useState } from 'preact/hooks';
import { useSWRConfig } from 'swr';
import { ApiRequestError } from '@lp/shared/client';
import { REGISTRATION_PATHS, type CompleteRegistrationRequest, type SessionUser } from '@lp/shared/contract';
import { registerFieldsOf, validateRegisterFields, type RegisterField, type RegistrationErrors } from '@lp/shared/rules';
import { errorCode, send } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { useLoginParams } from '../../hooks/use-login-params.ts';
import { SESSION_USER_KEY } from '../../hooks/use-session-user.ts';
import { Field, focusFirstEmpty } from '../field/index.tsx';
import { Message } from '../message/index.tsx';

type Values = Required<CompleteRegistrationRequest>;

/**
 * spec 1 §4.1 pre_registered / complete_registration: the person completes the data the login
 * configuration asks (register.fields; the same rule as the sign-up form) before anything else;
 * the account is then active and the session lets them through.
 */
export function CompleteRegistration({ user }: { user: SessionUser }) {
  const { t } = useI18n();
  const { data: params } = useLoginParams();
  const { mutate } = useSWRConfig();
  // the import code belongs to the sign-up (it chose the client): completing an account asks none
  const fields = registerFieldsOf(params?.register.fields ?? []).filter((f): f is Exclude<RegisterField, 'import_code'> => f !== 'import_code');
  const [values, setValues] = useState<Values>({
    full_name: user.full_name, document: user.user_document ?? '', nick_name: user.nick_name ?? '', register: '',
    mobile_area_code: '', mobile: '', birthday: '', gender: '',
  });
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const hint = (key: keyof Values) => (errors[key] ? errorText(t, errors[key]) : undefined);

  async function submit(event: Event) {
    event.preventDefault();
    const form = event.currentTarget;
    const found = validateRegisterFields(values, fields);
    setErrors(found);
    const first = Object.values(found)[0];
    if (first) {
      setError(errorText(t, first));
      return focusFirstEmpty(form);
    }
    setBusy(true);
    setError(null);
    try {
      await send(REGISTRATION_PATHS.complete, 'POST', values);
      await mutate(SESSION_USER_KEY);
    } catch (failure) {
      setErrors(failure instanceof ApiRequestError ? (failure.body.fields ?? {}) as RegistrationErrors : {});
      setError(errorText(t, errorCode(failure)));
      setBusy(false);
    }
  }

  const input = (field: Exclude<RegisterField, 'import_code'>) => (field === 'mobile' ? [
    <Field key="mobile_area_code" label={t('portal.access.register.mobile_area_code')} type="tel" inputMode="numeric" maxLength={5}
      value={values.mobile_area_code} onValue={set('mobile_area_code')} hint={hint('mobile_area_code')} required />,
    <Field key="mobile" label={t('portal.access.register.mobile')} type="tel" inputMode="numeric" maxLength={20}
      value={values.mobile} onValue={set('mobile')} hint={hint('mobile')} required />,
  ] : [
    <Field key={field} label={t(`portal.access.register.${field}`)} type={field === 'birthday' ? 'date' : 'text'}
      value={values[field]} onValue={set(field)} hint={hint(field)} required />,
  ]);

  return (
    <section class="panel" aria-labelledby="complete-registration-title">
      <h1 id="complete-registration-title">{t('portal.access.complete.title')}</h1>
      <form class="form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="complete-registration-title">
        <p>{t('portal.access.complete.intro')}</p>
        {error && <Message kind="error">{error}</Message>}
        <Field label={t('portal.access.register.full_name')} value={values.full_name} onValue={set('full_name')}
          hint={hint('full_name')} autoComplete="name" required />
        {fields.flatMap(input)}
        <button type="submit" disabled={busy}>{busy ? t('portal.access.complete.submitting') : t('portal.access.complete.submit')}</button>
      </form>
    </section>
  );
}
