import { useId, useState } from 'preact/hooks';
import { Link, useParams } from 'wouter-preact';
import { ApiRequestError } from '@lp/shared/client';
import { LEARNER_PRESENTIAL_LIST_PATHS, LEARNER_PRESENTIAL_PATHS, type LearnerPresential, type PresentialSubscription } from '@lp/shared/contract';
import { api, errorCode, send } from '../../lib/api.ts';
import { downloadFile } from '../../lib/download.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { formatHours, useDateFormat } from '../../lib/format.ts';
import { usePresential } from '../../hooks/use-presential.ts';
import { Message } from '../../components/message/index.tsx';
import { CertificateBox } from '../../components/training-certificate/index.tsx';
import { PresentialBadges, presentialDays } from '../presential/index.tsx';
import { EventItem } from './events.tsx';
import '../presential/presential.css';

const K = 'portal.presential';

/** Route 'presential/:id' (spec 1 §2.2). */
export default function PresentialPage() {
  const params = useParams<{ id: string }>();
  return <PresentialDetail appointmentId={Number(params.id)} />;
}

export function PresentialDetail({ appointmentId }: { appointmentId: number }) {
  const { t } = useI18n();
  const valid = Number.isInteger(appointmentId) && appointmentId > 0;
  const { data, error, mutate } = usePresential(valid ? appointmentId : null);
  const back = <Link href="/presential">{t(`${K}.back`)}</Link>;
  if (error || !valid) {
    const notFound = !valid || (error instanceof ApiRequestError && error.status === 404);
    return (
      <section class="presential-detail">
        <Message kind="error">{notFound ? t(`${K}.not_found`) : errorText(t, errorCode(error))}</Message>
        <p>{back}</p>
      </section>
    );
  }
  if (!data) return <p class="loading">{t('portal.loading')}</p>;
  return (
    <article class="presential-detail" aria-labelledby="presential-detail-title">
      <p>{back}</p>
      <DetailView training={data} refresh={() => void mutate()} />
    </article>
  );
}

/** spec 3 §2 "request enrollment cancellation", with its reason (§3 "cancellation reason"). */
function CancellationRequest({ training, refresh }: { training: LearnerPresential; refresh(): void }) {
  const { t } = useI18n();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!training.enrollment || !training.can_request_cancellation) return null;
  const enrollmentId = training.enrollment.id;

  async function submit(event: Event) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await send(LEARNER_PRESENTIAL_PATHS.cancellationRequest(enrollmentId), 'POST', { reason: reason.trim() });
      setOpen(false);
      refresh();
    } catch (failure) {
      // 409 enrollment_cancelation_limit_date_expired "The request deadline has passed"
      setError(errorText(t, errorCode(failure)));
    } finally {
      setBusy(false);
    }
  }
  if (!open) return <button type="button" class="button-secondary" onClick={() => setOpen(true)}>{t(`${K}.request_cancellation`)}</button>;
  return (
    <form class="presential-cancel-form" onSubmit={(event) => void submit(event)}>
      <label for={id}>{t(`${K}.cancellation_reason`)}</label>
      <textarea id={id} rows={3} maxLength={2000} value={reason} onInput={(event) => setReason(event.currentTarget.value)} />
      {error && <Message kind="error">{error}</Message>}
      <div class="presential-actions">
        <button type="submit" disabled={busy}>{t(`${K}.send_cancellation`)}</button>
        <button type="button" class="button-secondary" onClick={() => setOpen(false)}>{t(`${K}.keep_subscription`)}</button>
      </div>
    </form>
  );
}

/** The learner's enrollment: where it stands, leaving it (unsubscribe) or asking to cancel it. */
function Enrollment({ training, refresh }: { training: LearnerPresential; refresh(): void }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const status = training.enrollment?.status;
  if (!status) return null;

  async function leave() {
    setBusy(true);
    setError(null);
    try {
      await api.json<PresentialSubscription>(LEARNER_PRESENTIAL_LIST_PATHS.subscription(training.id), { method: 'DELETE' });
    } catch (failure) {
      setError(errorText(t, errorCode(failure)));
    } finally {
      setBusy(false);
      refresh();
    }
  }
  return (
    <section class="presential-enrollment" aria-labelledby="presential-enrollment-title">
      <h2 id="presential-enrollment-title">{t(`${K}.your_enrollment`)}</h2>
      <p class="note">{t(`${K}.enrollment_note.${status}`)}</p>
      <div class="presential-actions">
        {training.can_unsubscribe && (
          <button type="button" class="button-secondary" disabled={busy} onClick={() => void leave()}>{t(`${K}.unsubscribe`)}</button>
        )}
        <CancellationRequest training={training} refresh={refresh} />
      </div>
      {error && <Message kind="error">{error}</Message>}
    </section>
  );
}

function DetailView({ training, refresh }: { training: LearnerPresential; refresh(): void }) {
  const { t, locale } = useI18n();
  const dates = useDateFormat();
  const [calendarError, setCalendarError] = useState<string | null>(null);
  return (
    <>
      <h1 id="presential-detail-title">{training.title}</h1>
      <p class="course-card-meta">
        {presentialDays(training, dates.day, t)} · {t(`${K}.workload`, { hours: formatHours(training.workload, locale) })}
      </p>
      <PresentialBadges card={training} t={t} />
      {training.course_name && training.course_name !== training.title && <p>{t(`${K}.course`, { name: training.course_name })}</p>}
      {training.participating_audience && <p>{training.participating_audience}</p>}
      {training.subscription_until && !training.enrollment && (
        <p class="note">{t(`${K}.subscription_until`, { date: dates.dateTime(training.subscription_until) })}</p>
      )}
      <Enrollment training={training} refresh={refresh} />
      {training.events.length > 0 && !training.finished && (
        <div class="presential-actions">
          <button type="button" class="button-secondary"
            onClick={() => void downloadFile(LEARNER_PRESENTIAL_LIST_PATHS.calendar(training.id), `presential-${training.id}.ics`)
              .then(() => setCalendarError(null)).catch((failure: unknown) => setCalendarError(errorText(t, errorCode(failure))))}>
            {t(`${K}.calendar`)}
          </button>
        </div>
      )}
      {calendarError && <Message kind="error">{calendarError}</Message>}
      <section aria-labelledby="presential-events-title">
        <h2 id="presential-events-title">{t(`${K}.events`)}</h2>
        {training.events.length === 0 && <p class="note">{t(`${K}.no_events`)}</p>}
        <ol class="presential-events">
          {training.events.map((event, i) => <li key={event.id}><EventItem training={training} event={event} n={i + 1} refresh={refresh} /></li>)}
        </ol>
      </section>
      {/* issue 17 item 1: shown once the results are released */}
      {training.result && (
        <section aria-labelledby="presential-result-title">
          <h2 id="presential-result-title">{t(`${K}.result`)}</h2>
          <p>
            <strong>{t(`${K}.result_status.${training.result.status}`)}</strong>
            {training.result.score !== null && <> · {t(`${K}.score`, { score: training.result.score })}</>}
          </p>
        </section>
      )}
      {training.certificate && (
        <section aria-labelledby="presential-certificate-title">
          <h2 id="presential-certificate-title">{t(`${K}.certificate`)}</h2>
          <CertificateBox certificate={training.certificate} />
        </section>
      )}
    </>
  );
}
