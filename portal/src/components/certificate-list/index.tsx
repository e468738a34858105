import { useState } from 'preact/hooks';
import { LEARNER_PATHS, type LearnerCertificate } from '@lp/shared/contract';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { formatHours, useDateFormat } from '../../lib/format.ts';
import { downloadFile } from '../../lib/download.ts';
import { CERTIFICATES_PAGE_SIZE, useCertificates } from '../../hooks/use-certificates.ts';
import { Message } from '../message/index.tsx';

/** spec 1 §2.2 profile certificates (with load more), spec 2 §3.9: earned, expiry, status. */
export function CertificateList() {
  const { t } = useI18n();
  const { data, error, size, setSize } = useCertificates();
  const certificates = data?.flatMap((page) => page.results) ?? [];
  const count = data?.[0]?.count ?? 0;
  const loadingMore = data !== undefined && data.length < size && !error;
  // pages are fixed-size: another exists while the pages loaded do not reach the count
  const hasMore = data !== undefined && data.length * CERTIFICATES_PAGE_SIZE < count;

  if (error && !data) return <Message kind="error">{errorText(t, errorCode(error))}</Message>;
  if (!data) return <p class="loading">{t('portal.loading')}</p>;
  if (certificates.length === 0) return <p>{t('portal.certificates.empty')}</p>;
  return (
    <div class="certificate-list">
      <ul class="certificates">
        {certificates.map((certificate) => <CertificateItem key={certificate.id} certificate={certificate} />)}
      </ul>
      <p class="list-count" role="status">{t('portal.certificates.showing', { shown: certificates.length, count })}</p>
      {error && <Message kind="error">{errorText(t, errorCode(error))}</Message>}
      {hasMore && (
        <button type="button" class="button-secondary" disabled={loadingMore} onClick={() => void setSize(size + 1)}>
          {loadingMore ? t('portal.loading') : t('portal.certificates.load_more')}
        </button>
      )}
    </div>
  );
}

function CertificateItem({ certificate }: { certificate: LearnerCertificate }) {
  const { t, locale } = useI18n();
  const dates = useDateFormat();
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const titleId = `certificate-${certificate.id}`;

  async function download() {
    setDownloading(true);
    setError(null);
    try {
      await downloadFile(LEARNER_PATHS.certificatePdf(certificate.id), `certificate-${certificate.id}.pdf`);
    } catch (failure) {
      const code = errorCode(failure);
      setError(code === 'unexpected_error' ? t('portal.certificates.download_error') : errorText(t, code));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <li class="certificate" aria-labelledby={titleId}>
      <h3 id={titleId}>{certificate.title}</h3>
      <p class={`badge badge-${certificate.status}`}>{t(`portal.certificates.status.${certificate.status}`)}</p>
      <dl class="read-only">
        <dt>{t(`portal.certificates.kind.${certificate.content_type}`)}</dt>
        <dd>{t('portal.certificates.workload_hours', { hours: formatHours(certificate.workload, locale) })}</dd>
        <dt>{t('portal.certificates.earned_in')}</dt>
        <dd>{dates.instant(certificate.earned_in)}</dd>
        <dt>{t('portal.certificates.expires_at')}</dt>
        <dd>{certificate.expires_at ? dates.instant(certificate.expires_at) : t('portal.certificates.no_expiry')}</dd>
      </dl>
      {certificate.status === 'expired' && <p class="help-text">{t('portal.certificates.renew_hint')}</p>}
      <div class="actions">
        <button type="button" onClick={() => void download()} disabled={downloading}
          aria-label={t('portal.certificates.download_of', { title: certificate.title })}>
          {downloading ? t('portal.certificates.downloading') : t('portal.certificates.download')}
        </button>
        <a href={certificate.verify_url} target="_blank" rel="noopener noreferrer"
          aria-label={t('portal.certificates.verify_of', { title: certificate.title })}>
          {t('portal.certificates.verify_link')}
        </a>
      </div>
      {error && <Message kind="error">{error}</Message>}
    </li>
  );
}
