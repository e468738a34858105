import { useEffect, useState } from 'preact/hooks';
import { Link, useParams } from 'wouter-preact';
import { checkNewPassword } from '@lp/shared/rules';
import type { RecoverLink } from '@lp/shared/contract';
import { errorCode, send } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { useLoginParams } from '../../hooks/use-login-params.ts';
import { Field } from '../../components/field/index.tsx';
import { Message } from '../../components/message/index.tsx';
import { PublicLayout } from '../../components/public-layout/index.tsx';

type Stage = 'checking' | 'invalid' | 'ready' | 'done';

function decode(value: string | undefined): string {
  try {
    return decodeURIComponent(value ?? '');
  } catch {
    return value ?? '';
  }
}

/**
 * spec 1 §2.1 recover-password/{username}/{uidb64}/{token} and set-password/… (first access):
 * check the link, then set a new password.
 */
export default function SetNewPassword({ firstAccess = false }: { firstAccess?: boolean }) {
  const { t } = useI18n();
  const params = useParams<{ username: string; uidb64: string; token: string }>();
  const { data: loginParams } = useLoginParams();
  const link: RecoverLink = { username: decode(params.username), uidb64: decode(params.uidb64), token: decode(params.token) };
  const [stage, setStage] = useState<Stage>('checking');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const level = loginParams?.register.password_strong_level ?? 'low';

  useEffect(() => {
    let live = true;
    setStage('checking');
    send('/users/recover_password/check/', 'POST', link)
      .then(() => live && setStage('ready'))
      .catch((failure: unknown) => {
        if (!live) return;
        if (errorCode(failure) !== 'invalid_password_change_link') setError(errorText(t, errorCode(failure)));
        setStage('invalid');
      });
    return () => {
      live = false;
    };
    // checked once per link; t only words the message
  // eslint-disable-next-line react-hooks/exhaustive-deps -- checked once per link; t only words the message
  }, [link.username, link.uidb64, link.token]);

  async function submit(event: Event) {
    event.preventDefault();
    const problem = checkNewPassword(password, confirmation, level);
    if (problem) return setError(errorText(t, problem));
    setBusy(true);
    setError(null);
    try {
      await send('/users/set_new_password/', 'POST', { ...link, password, confirm_password: confirmation });
      setStage('done');
    } catch (failure) {
      const code = errorCode(failure);
      if (code === 'invalid_password_change_link') setStage('invalid');
      else setError(errorText(t, code));
    } finally {
      setBusy(false);
    }
  }

  return (
    <PublicLayout aside={<h1>{t(firstAccess ? 'portal.set_password.first_access_title' : 'portal.set_password.title')}</h1>}>
      {stage === 'checking' && <p class="loading">{t('portal.set_password.checking')}</p>}
      {stage === 'invalid' && (
        <>
          <Message kind="error">{error ?? errorText(t, 'invalid_password_change_link')}</Message>
          <p class="links">
            <Link href="/recover-password">{t('portal.set_password.request_new')}</Link>
          </p>
        </>
      )}
      {stage === 'ready' && (
        <form class="form" onSubmit={(event) => void submit(event)} noValidate aria-label={t('portal.set_password.title')}>
          {error && <Message kind="error">{error}</Message>}
          <input type="text" name="username" autoComplete="username" value={link.username} readOnly hidden />
          <Field label={t('portal.password.new')} type="password" autoComplete="new-password" value={password}
            onValue={setPassword} hint={t(`portal.password.hint_${level}`)} required />
          <Field label={t('portal.password.confirm')} type="password" autoComplete="new-password" value={confirmation}
            onValue={setConfirmation} required />
          <button type="submit" disabled={busy}>{t('portal.set_password.submit')}</button>
        </form>
      )}
      {stage === 'done' && (
        <>
          <Message kind="success">{t('portal.set_password.done')}</Message>
          <p class="links">
            <Link href="/">{t('portal.set_password.go_to_login')}</Link>
          </p>
        </>
      )}
    </PublicLayout>
  );
}
