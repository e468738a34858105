import { useParams } from 'wouter-preact';
import { ApiRequestError } from '@lp/shared/client';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { formatHours, useDateFormat } from '../../lib/format.ts';
import { useCertificateVerification } from '../../hooks/use-certificate-verification.ts';
import { PublicLayout } from '../../components/public-layout/index.tsx';
import { Message } from '../../components/message/index.tsx';

/**
 * /certificates/verify/:code — public, no login (spec 2 §4.9 "public verification URL"): whoever
 * holds the link sees whether the certificate is valid, expired or replaced by a newer one.
 */
export default function CertificateVerify() {
  const { t, locale } = useI18n();
  const { code = '' } = useParams<{ code: string }>();
  const { data, error } = useCertificateVerification(code);
  const dates = useDateFormat();
  const notFound = error instanceof ApiRequestError && error.status === 404;
  return (
    <PublicLayout>
      <h1>{t('portal.certificates.verify_title')}</h1>
      {notFound && <Message kind="error">{t('portal.certificates.verify_not_found')}</Message>}
      {error && !notFound && <Message kind="error">{errorText(t, errorCode(error))}</Message>}
      {!data && !error && <p class="loading">{t('portal.loading')}</p>}
      {data && (
        <>
          <Message kind={data.status === 'valid' ? 'success' : 'error'}>{t(`portal.certificates.verify_${data.status}`)}</Message>
          <dl class="read-only">
            <dt>{t('portal.certificates.holder')}</dt>
            <dd>{data.holder_name}</dd>
            <dt>{t('portal.certificates.content')}</dt>
            <dd>{data.title}</dd>
            <dt>{t('portal.certificates.workload')}</dt>
            <dd>{t('portal.certificates.workload_hours', { hours: formatHours(data.workload, locale) })}</dd>
            <dt>{t('portal.certificates.earned_in')}</dt>
            <dd>{dates.instant(data.earned_in)}</dd>
            <dt>{t('portal.certificates.expires_at')}</dt>
            <dd>{data.expires_at ? dates.instant(data.expires_at) : t('portal.certificates.no_expiry')}</dd>
            <dt>{t('portal.certificates.issuer')}</dt>
            <dd>{data.client_name}</dd>
          </dl>
        </>
      )}
    </PublicLayout>
  );
}
