import { lazy, Suspense } from 'preact/compat';
import { useState } from 'preact/hooks';
import { useSWRConfig } from 'swr';
import { Link, Redirect, useLocation, useSearch } from 'wouter-preact';
import { localeForLanguageId, normaliseUsername } from '@lp/shared/rules';
import { PARTNER_LOGIN_PATHS, type SessionUser } from '@lp/shared/contract';
import { api, errorCode } from '../../lib/api.ts';
import { errorText, useI18n, withMessages } from '../../lib/i18n.ts';
import { getSession, isSignedIn, loseSession, storeUser, takeRememberedPath } from '../../lib/session.ts';
import { ADMIN_OVERVIEW, landing } from '../../lib/landing.ts';
import { isMobileBrowser } from '../../lib/mobile-app.ts';
import { useLoginParams } from '../../hooks/use-login-params.ts';
import { SESSION_USER_KEY } from '../../hooks/use-session-user.ts';
import { Field, focusFirstEmpty } from '../../components/field/index.tsx';
import { Message } from '../../components/message/index.tsx';
import { PublicLayout } from '../../components/public-layout/index.tsx';
import { CLOSURE_NOTICE } from '../../components/account-closure/index.tsx';

// spec 1 §2.1 public FAQ (show_public_faq): its own chunk, so the login page's first load stays small
const PublicFaq = lazy(() => import('../../components/public-faq/index.tsx'));
// spec 1 §5.5 captcha (use_recaptcha, or asked after repeated failures): the widget loads only then
const Captcha = lazy(() => withMessages('access', import('../../components/captcha/index.tsx')));
// spec 1 §1 install-the-app suggestion (mobile browsers, a store configured) and §2.1 help-desk widget: each its own chunk
const InstallSuggestion = lazy(() => withMessages('access', import('../../components/mobile-app/install-suggestion.tsx')));
const HelpDesk = lazy(() => withMessages('access', import('../../components/help-desk/index.tsx')));

/** spec 1 §2.1 login: e-mail or document and password, dressed in the login configuration. */
export default function Login() {
  const { t, setLocale } = useI18n();
  const { data: params } = useLoginParams();
  const { mutate } = useSWRConfig();
  const [location, navigate] = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [askCaptcha, setAskCaptcha] = useState(false);
  // a solution counts once: each failed attempt gets a fresh widget
  const [round, setRound] = useState(0);
  // the stored session ended here (redirect-control-pannel-v2, a guard): show the form again
  const [, setEnded] = useState(false);

  // a page that ended the session may leave a note for the login page (allow-listed keys only)
  const search = useSearch();
  const notice = new URLSearchParams(search).get('notice');
  const query = search ? `?${search}` : '';

  // spec 1 §2.1 "Already logged in" (the admin shares the session): on to where a login leads,
  // keeping the query; on redirect-control-pannel-v2 the stored session is ended instead
  if (isSignedIn() && !busy) {
    const user = getSession().user;
    if (location === '/redirect-control-pannel-v2' || !user) {
      void api.logout().then(() => setEnded(true));
      return null;
    }
    const to = landing(user, params, '/home');
    if (to === ADMIN_OVERVIEW) window.location.replace(to + query);
    else if (to) return <Redirect to={to + query} replace />;
    else void api.logout().then(() => setEnded(true));
    return null;
  }

  async function submit(event: Event) {
    event.preventDefault();
    const login = normaliseUsername(username);
    if (!login || !password) {
      setError(errorText(t, 'make_sure_that_all_fields_are_filled_in'));
      focusFirstEmpty(event.currentTarget);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.login(login, password, captcha ?? undefined);
      const user = await api.json<SessionUser>(SESSION_USER_KEY);
      storeUser(user);
      await mutate(SESSION_USER_KEY, user, { revalidate: false });
      // the language saved on the user wins over the one picked before login
      await setLocale(localeForLanguageId(user.id_user_language_selected));
      // spec 1 §2.4 tmp_system_new_version: the control panel for its users, everyone else logged out
      const to = landing(user, params, takeRememberedPath() ?? '/home');
      if (to === ADMIN_OVERVIEW) {
        window.location.assign(to + query);
        return;
      }
      if (!to) {
        await api.logout();
        loseSession('/');
        setError(errorText(t, 'user_does_not_have_access'));
        setBusy(false);
        return;
      }
      navigate(to, { replace: true });
    } catch (failure) {
      // tokens without a session user are no use: end them rather than half log in
      if (api.accessToken()) await api.logout();
      const code = errorCode(failure);
      if (code.startsWith('captcha_')) setAskCaptcha(true);
      setCaptcha(null);
      setRound((n) => n + 1);
      setError(errorText(t, code));
      setBusy(false);
    }
  }

  const aside = (
    <>
      <h1>{params?.text_header || t('portal.login.title')}</h1>
      {params?.text && <p class="public-text">{params.text}</p>}
    </>
  );

  return (
    <PublicLayout aside={aside}>
      {params?.mobile_app && isMobileBrowser(params.mobile_app.user_agent) && (params.mobile_app.app_store_url || params.mobile_app.play_store_url) && <Suspense fallback={null}><InstallSuggestion /></Suspense>}
      {params?.under_maintenance && <Message kind="info">{t('errors.under_maintenance')}</Message>}
      {notice === CLOSURE_NOTICE && <Message kind="success">{t('portal.closure.requested')}</Message>}
      <form class="form" onSubmit={(event) => void submit(event)} noValidate aria-label={t('portal.login.form')}>
        {error && <Message kind="error">{error}</Message>}
        <Field label={t('portal.login.username')} value={username} onValue={setUsername}
          autoComplete="username" inputMode="email" required />
        <Field label={t('portal.login.password')} type="password" value={password} onValue={setPassword}
          autoComplete="current-password" required />
        {(params?.use_recaptcha || askCaptcha) && <Suspense fallback={null}><Captcha key={round} onPayload={setCaptcha} /></Suspense>}
        <button type="submit" disabled={busy}>{busy ? t('portal.login.submitting') : t('portal.login.submit')}</button>
      </form>
      {/* spec 1 §2.1 login-{partner}: single sign-on through each partner's provider */}
      {params?.partners?.map((p) => (
        <p key={p.slug} class="links"><a class="button-secondary" href={`/api${PARTNER_LOGIN_PATHS.authorize(p.slug)}`}>{t('portal.login.with_partner', { name: p.name })}</a></p>
      ))}
      <p class="links">
        <Link href="/recover-password">{t('portal.login.recover_password')}</Link>
        {params?.user_register && <>{' · '}<Link href="/register">{t('portal.login.register')}</Link></>}
        {params?.user_pre_register && <>{' · '}<Link href="/pre-register">{t('portal.login.pre_register')}</Link></>}
      </p>
      <p class="help">{t('portal.login.help')}</p>
      {/* spec 1 §2.1: the help request form and the institutional pages, open without login */}
      <p class="links">
        <Link href="/help">{t('portal.help.title')}</Link>
        {' · '}<Link href="/about">{t('portal.institutional.pages.about')}</Link>
        {' · '}<Link href="/privacy">{t('portal.institutional.pages.privacy')}</Link>
        {' · '}<Link href="/terms">{t('portal.institutional.pages.terms')}</Link>
        {/* spec 1 §2.1 portfolio page (use_portfolio_page): served as a page of its own, not by the app */}
        {params?.use_portfolio_page && <>{' · '}<a href="/portfolio">{t('portal.login.portfolio')}</a></>}
      </p>
      {params?.use_help_desk && params.help_desk_url && <Suspense fallback={null}><HelpDesk url={params.help_desk_url} /></Suspense>}
      {params?.show_public_faq && (
        <Suspense fallback={null}>
          <PublicFaq />
        </Suspense>
      )}
    </PublicLayout>
  );
}
