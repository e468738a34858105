import { useEffect, useState } from 'preact/hooks';
import { useSWRConfig } from 'swr';
import { Link, useLocation, useSearch } from 'wouter-preact';
import { localeForLanguageId } from '@lp/shared/rules';
import type { SessionUser } from '@lp/shared/contract';
import { api, errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { loseSession, storeUser, takeRememberedPath } from '../../lib/session.ts';
import { ADMIN_OVERVIEW, landing } from '../../lib/landing.ts';
import { useLoginParams } from '../../hooks/use-login-params.ts';
import { SESSION_USER_KEY } from '../../hooks/use-session-user.ts';
import { Message } from '../../components/message/index.tsx';
import { PublicLayout } from '../../components/public-layout/index.tsx';

/**
 * spec 1 §2.1 login-{partner}: the partner's provider sends the browser back here with its answer;
 * the server checks it (state, PKCE, ID token) and answers tokens, kept like a normal login.
 */
export default function LoginPartner({ partner }: { partner: string }) {
  const { t, setLocale } = useI18n();
  const search = useSearch();
  const [, navigate] = useLocation();
  const { mutate } = useSWRConfig();
  const [error, setError] = useState<string | null>(null);
  const { data: params } = useLoginParams();

  useEffect(() => {
    let live = true;
    const query = new URLSearchParams(search);
    // the provider's own refusal (the person cancelled, …) needs no server round trip
    if (query.get('error') || !query.get('code')) {
      setError('login_error');
      return undefined;
    }
    void (async () => {
      try {
        await api.partnerLogin(partner, search);
        const user = await api.json<SessionUser>(SESSION_USER_KEY);
        storeUser(user);
        await mutate(SESSION_USER_KEY, user, { revalidate: false });
        await setLocale(localeForLanguageId(user.id_user_language_selected));
        // spec 1 §2.4 tmp_system_new_version, as after a password login
        const to = landing(user, params, takeRememberedPath() ?? '/home');
        if (!to) {
          await api.logout();
          loseSession('/');
          if (live) setError('user_does_not_have_access');
        } else if (to === ADMIN_OVERVIEW) window.location.assign(to);
        else if (live) navigate(to, { replace: true });
      } catch (failure) {
        if (api.accessToken()) await api.logout();
        if (live) setError(errorCode(failure));
      }
    })();
    return () => {
      live = false;
    };
    // once per answer; the rest only words the page
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [partner, search]);

  return (
    <PublicLayout aside={<h1>{t('portal.login.title')}</h1>}>
      {error ? <Message kind="error">{errorText(t, error)}</Message> : <p class="loading">{t('portal.loading')}</p>}
      <p class="links">
        <Link href="/">{t('portal.recover.back_to_login')}</Link>
      </p>
    </PublicLayout>
  );
}
