import { describe, expect, it } from 'vitest';
import { documentTitle, pageTitleKey } from './page-title.ts';

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
});
