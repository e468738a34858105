import { useState } from 'preact/hooks';
import { checkNewPassword, type PasswordLevel } from '@lp/shared/rules';
import type { ChangePasswordRequest } from '@lp/shared/contract';
import { errorCode, send } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { Field, focusFirstEmpty } from '../field/index.tsx';
import { Message } from '../message/index.tsx';

const EMPTY: ChangePasswordRequest = { current_password: '', new_password: '', confirm_password: '' };

/** spec 1 §2.2 / §5.1: current password, new password, confirmation; checked here, then by the server. */
export interface ChangePasswordFormProps {
  level?: PasswordLevel;
  /** lets password managers file the new password under the right account */
  username?: string;
  /** after the server accepted the new password */
  onChanged?: () => void;
}

export function ChangePasswordForm({ level = 'low', username, onChanged }: ChangePasswordFormProps) {
  const { t } = useI18n();
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (name: keyof ChangePasswordRequest) => (value: string) => {
    setForm((current) => ({ ...current, [name]: value }));
    setDone(false);
  };

  async function submit(event: Event) {
    event.preventDefault();
    setDone(false);
    const problem = form.current_password
      ? checkNewPassword(form.new_password, form.confirm_password, level)
      : 'make_sure_that_all_fields_are_filled_in';
    if (problem) {
      setError(errorText(t, problem));
      if (problem === 'make_sure_that_all_fields_are_filled_in') focusFirstEmpty(event.currentTarget);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await send('/users/change_password/', 'POST', form);
      setForm(EMPTY);
      setDone(true);
      onChanged?.();
    } catch (failure) {
      setError(errorText(t, errorCode(failure)));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="change-password-title">
      <h2 id="change-password-title">{t('portal.password.change_title')}</h2>
      {error && <Message kind="error">{error}</Message>}
      {done && <Message kind="success">{t('portal.password.changed')}</Message>}
      {username && <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />}
      <Field label={t('portal.password.current')} type="password" autoComplete="current-password"
        value={form.current_password} onValue={set('current_password')} required />
      <Field label={t('portal.password.new')} type="password" autoComplete="new-password"
        value={form.new_password} onValue={set('new_password')} hint={t(`portal.password.hint_${level}`)} required />
      <Field label={t('portal.password.confirm')} type="password" autoComplete="new-password"
        value={form.confirm_password} onValue={set('confirm_password')} required />
      <button type="submit" disabled={busy}>{t('portal.password.change_submit')}</button>
    </form>
  );
}
