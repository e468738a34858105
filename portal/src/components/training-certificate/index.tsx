import { useState } from 'preact/hooks';
import { LEARNER_PATHS, type LearnerTraining } from '@lp/shared/contract';
import { errorCode } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { useDateFormat } from '../../lib/format.ts';
import { Message } from '../message/index.tsx';

/** spec 2 §2.1 "see and get the certificate"; §4.9 an expired one is renewed by retaking. */
export function TrainingCertificate({ training }: { training: LearnerTraining }) {
  const { t } = useI18n();
  if (!training.certificate) {
    // spec 2 §4.6: an open training never certifies
    return training.is_open ? <p class="note">{t('portal.courses.certificate.open_training')}</p> : null;
  }
  return <CertificateBox certificate={training.certificate} />;
}

/** An earned certificate (a training's, a live class's — spec 3 §4): its dates and the PDF download. */
export function CertificateBox({ certificate }: { certificate: NonNullable<LearnerTraining['certificate']> }) {
  const { t } = useI18n();
  const dates = useDateFormat();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function download() {
    setBusy(true);
    setError(null);
    try {
      await downloadFile(LEARNER_PATHS.certificatePdf(certificate.id), `${t('portal.courses.certificate.file_name')}.pdf`);
    } catch (failure) {
      setError(errorText(t, errorCode(failure)));
    } finally {
      setBusy(false);
    }
  }

  const expired = certificate.status === 'expired';
  return (
    <div class={`certificate-box certificate-${certificate.status}`}>
      <p>
        <strong>{t(expired ? 'portal.courses.certificate.badge_expired' : 'portal.courses.certificate.badge_valid')}</strong>
        {' · '}{t('portal.courses.certificate.earned', { date: dates.instant(certificate.earned_in) })}
        {certificate.expires_at && <>{' · '}{t(expired ? 'portal.courses.certificate.expired_on' : 'portal.courses.certificate.valid_until', { date: dates.instant(certificate.expires_at) })}</>}
      </p>
      {expired && <p class="note">{t('portal.courses.certificate.renew')}</p>}
      <button type="button" class="button-secondary" disabled={busy} onClick={() => void download()}>
        {t('portal.courses.certificate.download')}
      </button>
      {error && <Message kind="error">{error}</Message>}
    </div>
  );
}
