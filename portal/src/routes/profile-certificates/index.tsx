import { useI18n } from '../../lib/i18n.ts';
import { ProfileTabs } from '../../components/profile-tabs/index.tsx';
import { CertificateList } from '../../components/certificate-list/index.tsx';

/** /profile/certificates — the profile's certificates tab (spec 1 §2.2, spec 2 §3.9, §4.9). */
export default function ProfileCertificates() {
  const { t } = useI18n();
  return (
    <div class="profile">
      <h1>{t('portal.profile.title')}</h1>
      <ProfileTabs />
      <section class="panel" aria-labelledby="certificates-title">
        <h2 id="certificates-title">{t('portal.certificates.title')}</h2>
        <CertificateList />
      </section>
    </div>
  );
}
