import { useEffect, useState } from 'preact/hooks';
import { selectedLearnerMenu, sectionHeading, type LearnerMenuKey } from '@lp/shared/rules';
import { useSWRConfig } from 'swr';
import { Link, useLocation } from 'wouter-preact';
import { hasPermission } from '@lp/shared/rules';
import { api, userKeys } from '../../lib/api.ts';
import { useI18n } from '../../lib/i18n.ts';
import { useSessionUser } from '../../hooks/use-session-user.ts';
import { LanguageSwitch } from '../language-switch/index.tsx';
import { MessagesLink } from '../messages-link/index.tsx';
import { NotificationsBell } from '../notifications-bell/index.tsx';

/** Where each menu entry leads (spec 1 §2.2 learner routes). */
const MENU_HREF: Record<LearnerMenuKey, string> = {
  home: '/home', courses: '/courses', trails: '/trails', webcasts: '/webcasts', live_classes: '/live_classes', presential: '/presential',
  field_sales: '/field_sales', surveys: '/surveys', drills: '/drills', general_tests: '/general_tests', rewards: '/rewards',
  library: '/library', podcasts: '/podcasts', news: '/news', feed: '/feed', calendar: '/calendar', messages: '/messages', profile: '/profile',
};
/** Entries current on their own path only (the others also on the pages under theirs). */
const EXACT = new Set<LearnerMenuKey>(['home', 'feed', 'calendar', 'messages']);
/** Entries a client also renames through its section words (spec 2 §1 title_trainings, title_webcasts; spec 3 §2 title_news). */
const SECTION_OF = { courses: 'trainings', webcasts: 'webcasts', news: 'news' } as const;

/**
 * The portal's header and menu: the entries in the selected client's order, renamed or hidden
 * as its menu settings say (spec 1 §2.3 settings for menu editing), read from the session.
 */
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
          {selectedLearnerMenu(user).map(({ key, label }) => {
            // the field-sales operator's tasks: only for who carries them out (4traders_apply_events)
            if (key === 'field_sales' && !(user && hasPermission(user, '4traders_apply_events'))) return null;
            const href = MENU_HREF[key];
            const isCurrent = EXACT.has(key) ? location === href : location.startsWith(href);
            // the client's own label (settings_menu), else its section word (title_*), else ours
            const text = label || (key in SECTION_OF ? sectionHeading(user, SECTION_OF[key as keyof typeof SECTION_OF]) : null) || t(`portal.nav.${key}`);
            if (key === 'messages') return <MessagesLink key={key} current={isCurrent} label={text} />;
            return <Link key={key} href={href} aria-current={isCurrent ? 'page' : undefined}>{text}</Link>;
          })}
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
