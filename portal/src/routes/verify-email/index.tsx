import { useEffect, useState } from 'preact/hooks';
import { Link, useParams } from 'wouter-preact';
import { REGISTRATION_PATHS, type RecoverLink } from '@lp/shared/contract';
import { errorCode, send } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { Message } from '../../components/message/index.tsx';
import { PublicLayout } from '../../components/public-layout/index.tsx';

function decode(value: string | undefined): string {
  try {
    return decodeURIComponent(value ?? '');
  } catch {
    return value ?? '';
  }
}

/**
 * spec 1 §2.1 register, "verify your email" outcome: the e-mailed link verify-email/{username}/
 * {uidb64}/{token} activates the self-registered account (once; an expired, used or altered link
 * is refused).
 */
export default function VerifyEmail() {
  const { t } = useI18n();
  const params = useParams<{ username: string; uidb64: string; token: string }>();
  const [state, setState] = useState<'checking' | 'done' | string>('checking');

  useEffect(() => {
    let live = true;
    const link: RecoverLink = { username: decode(params.username), uidb64: decode(params.uidb64), token: decode(params.token) };
    send(REGISTRATION_PATHS.verify, 'POST', link)
      .then(() => live && setState('done'))
      .catch((failure: unknown) => live && setState(errorCode(failure)));
    return () => {
      live = false;
    };
  }, [params.username, params.uidb64, params.token]);

  return (
    <PublicLayout aside={<h1>{t('portal.access.verify_email.title')}</h1>}>
      {state === 'checking' && <p class="loading">{t('portal.access.verify_email.checking')}</p>}
      {state === 'done' && <Message kind="success">{t('portal.access.verify_email.done')}</Message>}
      {state !== 'checking' && state !== 'done' && <Message kind="error">{errorText(t, state)}</Message>}
      <p class="links">
        <Link href="/">{t('portal.access.verify_email.go_to_login')}</Link>
      </p>
    </PublicLayout>
  );
}
