import { useEffect, useState } from 'preact/hooks';
import { sectionHeading } from '@lp/shared/rules';
import { useSWRConfig } from 'swr';
import { Link, useLocation } from 'wouter-preact';
import { hasPermission } from '@lp/shared/rules';
import { api, userKeys } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.ts';
import { useSessionUser } from '../../hooks/use-session-user.ts';
import { LanguageSwitch } from '../language-switch/index.tsx';
import { MessagesLink } from '../messages-link/index.tsx';
import { NotificationsBell } from '../notifications-bell/index.tsx';

export function AppHeader() {
  const { t } = useI18n();
  const { data: user } = useSessionUser();
  const { mutate } = useSWRConfig();
  const [location, navigate] = useLocation();
  const [leaving, setLeaving] = useState(false);
  // phones: the links sit behind a menu button, closed again by any navigation
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [location]);

  async function logout() {
    setLeaving(true);
    // spec 1 §4.4: logout revokes the tokens and clears the user data (the language stays)
    await api.logout();
    await mutate(userKeys, undefined, { revalidate: false });
    navigate('/', { replace: true });
  }

  const current = (path: string) => (location === path ? 'page' : undefined);
  return (
    <header class={`app-header${open ? ' app-header-open' : ''}`}
      onKeyDown={(event) => { if (open && event.key === 'Escape') setOpen(false); }}>
      <div class="app-header-bar">
        <Link href="/home" class="brand">{t('portal.app_name')}</Link>
        <button type="button" class="app-header-menu" aria-expanded={open} aria-controls="app-header-panel"
          onClick={() => setOpen(!open)}>
          <span class="app-header-menu-icon" aria-hidden="true" />
          {t('portal.nav.menu')}
        </button>
      </div>
      <div class="app-header-panel" id="app-header-panel">
        <nav aria-label={t('portal.nav.label')}>
          <Link href="/home" aria-current={current('/home')}>{t('portal.nav.home')}</Link>
          <Link href="/courses" aria-current={location.startsWith('/courses') ? 'page' : undefined}>{sectionHeading(user, 'trainings') ?? t('portal.nav.courses')}</Link>
          <Link href="/trails" aria-current={location.startsWith('/trails') ? 'page' : undefined}>{t('portal.nav.trails')}</Link>
          <Link href="/webcasts" aria-current={location.startsWith('/webcasts') ? 'page' : undefined}>{sectionHeading(user, 'webcasts') ?? t('portal.nav.webcasts')}</Link>
          <Link href="/live_classes" aria-current={location.startsWith('/live_classes') ? 'page' : undefined}>{t('portal.nav.live_classes')}</Link>
          <Link href="/presential" aria-current={location.startsWith('/presential') ? 'page' : undefined}>{t('portal.nav.presential')}</Link>
          {/* the field-sales operator's tasks: only for who carries them out (4traders_apply_events) */}
          {user && hasPermission(user, '4traders_apply_events') && (
            <Link href="/field_sales" aria-current={location.startsWith('/field_sales') ? 'page' : undefined}>{t('portal.nav.field_sales')}</Link>
          )}
          <Link href="/surveys" aria-current={location.startsWith('/surveys') ? 'page' : undefined}>{t('portal.nav.surveys')}</Link>
          <Link href="/drills" aria-current={location.startsWith('/drills') ? 'page' : undefined}>{t('portal.nav.drills')}</Link>
          <Link href="/general_tests" aria-current={location.startsWith('/general_tests') ? 'page' : undefined}>{t('portal.nav.general_tests')}</Link>
          <Link href="/rewards" aria-current={location.startsWith('/rewards') ? 'page' : undefined}>{t('portal.nav.rewards')}</Link>
          <Link href="/library" aria-current={location.startsWith('/library') ? 'page' : undefined}>{t('portal.nav.library')}</Link>
          <Link href="/podcasts" aria-current={location.startsWith('/podcasts') ? 'page' : undefined}>{t('portal.nav.podcasts')}</Link>
          <Link href="/news" aria-current={location.startsWith('/news') ? 'page' : undefined}>{sectionHeading(user, 'news') ?? t('portal.nav.news')}</Link>
          <Link href="/feed" aria-current={current('/feed')}>{t('portal.nav.feed')}</Link>
          <Link href="/calendar" aria-current={current('/calendar')}>{t('portal.nav.calendar')}</Link>
          <MessagesLink current={location === '/messages'} />
          <Link href="/profile" aria-current={location.startsWith('/profile') ? 'page' : undefined}>{t('portal.nav.profile')}</Link>
        </nav>
        <div class="app-header-user">
          {user && <span class="user-name">{user.nick_name || user.full_name}</span>}
          <LanguageSwitch />
          <button type="button" class="button-secondary" onClick={() => void logout()} disabled={leaving}>
            {t('portal.nav.logout')}
          </button>
        </div>
      </div>
      {/* after the panel: its end of the bar on a wide screen; beside the menu button on a phone (its css) */}
      <NotificationsBell current={location === '/notifications'} />
    </header>
  );
}
