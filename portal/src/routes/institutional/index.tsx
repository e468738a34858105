import { Link } from 'wouter-preact';
import type { InstitutionalPage } from '@lp/shared/rules';
import { useI18n } from '../../lib/i18n.ts';
import { isSignedIn } from '../../lib/session.ts';
import { InstitutionalTexts } from '../../components/legal-text/index.tsx';
import { PublicLayout } from '../../components/public-layout/index.tsx';

/** spec 1 §2.2 institutional/about, institutional/privacy, institutional/terms (inside the learner's layout). */
export function Institutional({ page }: { page: InstitutionalPage }) {
  return <InstitutionalTexts page={page} />;
}

/** spec 1 §2.1 about, privacy, terms: the same texts for visitors, without login, dressed as the login page. */
export function PublicInstitutional({ page }: { page: InstitutionalPage }) {
  const { t } = useI18n();
  return (
    <PublicLayout>
      <InstitutionalTexts page={page} />
      <p><Link href={isSignedIn() ? '/home' : '/'}>{t(isSignedIn() ? 'portal.institutional.back_home' : 'portal.institutional.back_login')}</Link></p>
    </PublicLayout>
  );
}

export default Institutional;
