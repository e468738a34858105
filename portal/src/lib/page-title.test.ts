import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@lp/shared/contract';
import { clientHeading, documentTitle, pageTitleKey } from './page-title.ts';

describe('page titles', () => {
  it('names the page by its section, the most specific prefix first', () => {
    expect(pageTitleKey('/')).toBe('portal.login.title');
    expect(pageTitleKey('/courses')).toBe('portal.nav.courses');
    expect(pageTitleKey('/courses/4/tests/2')).toBe('portal.nav.courses');
    expect(pageTitleKey('/profile/certificates')).toBe('portal.certificates.title');
    expect(pageTitleKey('/profile')).toBe('portal.nav.profile');
    expect(pageTitleKey('/recover-password')).toBe('portal.recover.title');
    expect(pageTitleKey('/recover-password/ana/MQ/tok')).toBe('portal.set_password.title');
    expect(pageTitleKey('/newsletter')).toBeNull();
    expect(pageTitleKey('/p/welcome')).toBeNull();
  });

  it('joins the page and the site, or the site alone', () => {
    expect(documentTitle('Courses', 'Demo Retail')).toBe('Courses · Demo Retail');
    expect(documentTitle(null, 'Demo Retail')).toBe('Demo Retail');
  });

  it('takes the name the client gave the page’s menu entry, then its section words (spec 1 §2.3 menu editing)', () => {
    const user = {
      id_user_client_selected: 1,
      user_clients: [{ id: 1, settings: { title_news: 'Mural', learner_menu: [{ key: 'calendar', label: 'Agenda', hidden: false }, { key: 'news', label: '', hidden: false }] } }],
    } as unknown as SessionUser;
    expect(clientHeading('portal.nav.calendar', user)).toBe('Agenda');
    expect(clientHeading('portal.nav.news', user)).toBe('Mural');
    expect(clientHeading('portal.nav.feed', user)).toBeNull();
    expect(clientHeading('portal.faq.title', user)).toBeNull();
  });
});
