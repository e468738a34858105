import type { SessionUser } from '@lp/shared/contract';
import { isLearnerMenuKey, learnerMenuEntries, sectionHeading } from '@lp/shared/rules';

/**
 * The page part of the document title (WCAG 2.4.2: each page its own title, `{page} · {client}`)
 * by path prefix, longest first. Only eager texts (portal.nav, portal.*.title of the shell) so a
 * title never waits for a page's lazy namespace.
 */
const PAGES: readonly (readonly [prefix: string, key: string])[] = [
  ['/profile/certificates', 'portal.certificates.title'],
  ['/certificates/verify', 'portal.certificates.verify_title'],
  ['/recover-password/sms', 'portal.recover.by_sms'],
  ['/recover-password/', 'portal.set_password.title'],
  ['/recover-password', 'portal.recover.title'],
  ['/set-password/', 'portal.set_password.first_access_title'],
  ['/register', 'portal.login.register'],
  ['/institutional/faq', 'portal.faq.title'],
  ['/institutional/help', 'portal.help.title'],
  ['/help', 'portal.help.title'],
  ['/home', 'portal.nav.home'],
  ['/courses', 'portal.nav.courses'],
  ['/online-courses', 'portal.nav.courses'],
  ['/trails', 'portal.nav.trails'],
  ['/webcasts', 'portal.nav.webcasts'],
  ['/webinars', 'portal.nav.webcasts'],
  ['/live_classes', 'portal.nav.live_classes'],
  ['/presential', 'portal.nav.presential'],
  ['/library', 'portal.nav.library'],
  ['/podcasts', 'portal.nav.podcasts'],
  ['/news', 'portal.nav.news'],
  ['/feed', 'portal.nav.feed'],
  ['/calendar', 'portal.nav.calendar'],
  ['/messages', 'portal.nav.messages'],
  ['/profile', 'portal.nav.profile'],
];

const matches = (path: string, prefix: string) =>
  prefix.endsWith('/') ? path.startsWith(prefix) : path === prefix || path.startsWith(`${prefix}/`);

/** The message key of the page at `path`; the login's title for `/`, null when no page is known. */
export function pageTitleKey(path: string): string | null {
  if (path === '/' || path === '') return 'portal.login.title';
  return PAGES.find(([prefix]) => matches(path, prefix))?.[1] ?? null;
}

/**
 * The client's own words win over ours: the name its menu settings give the page's menu entry
 * (spec 1 §2.3 settings for menu editing), else its section words for news and webcasts (spec 1
 * §3.2 title_news, title_webcasts).
 */
export function clientHeading(key: string, user: SessionUser | null | undefined): string | null {
  const entry = key.startsWith('portal.nav.') ? key.slice('portal.nav.'.length) : '';
  if (isLearnerMenuKey(entry)) {
    const client = user?.user_clients.find((c) => c.id === user.id_user_client_selected);
    const label = learnerMenuEntries(client?.settings.learner_menu).find((e) => e.key === entry)?.label;
    if (label) return label;
  }
  if (key === 'portal.nav.news') return sectionHeading(user, 'news');
  if (key === 'portal.nav.webcasts') return sectionHeading(user, 'webcasts');
  return null;
}

export function selectedClientName(user: SessionUser | null | undefined): string | null {
  return user?.user_clients.find((c) => c.id === user.id_user_client_selected)?.name ?? null;
}

export function documentTitle(page: string | null, site: string): string {
  return page ? `${page} · ${site}` : site;
}
