import { useEffect, useState } from 'preact/hooks';
import { Link } from 'wouter-preact';
import { LEARNER_PRESENTIAL_LIST_PATHS, LEARNER_PRESENTIAL_PATHS, type LearnerPresential, type LearnerPresentialEvent, type TestWindow } from '@lp/shared/contract';
import { errorCode, send } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { useDateFormat } from '../../lib/format.ts';
import { Message } from '../../components/message/index.tsx';
import { CommentForm } from '../../components/comment-form/index.tsx';
import { TrainingEvaluation } from '../../components/training-evaluation/index.tsx';

const K = 'portal.presential';

/** What a closed test says (spec 3 §8 "Waiting states", "Learner preconditions"). */
const REFUSAL_TEXT: Record<string, string> = {
  event_not_finished: `${K}.tests_after_end`,
  presential_test_window_closed: `${K}.tests_in_room`,
  you_must_subscribe_for_event: `${K}.tests_subscribe_first`,
};

/** The QR code of the window's link, drawn by uqr (loaded only for the instructor's panel). */
function QrImage({ url }: { url: string }) {
  const { t } = useI18n();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('uqr').then(({ renderSVG }) => {
      if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(url, { border: 2 }))}`);
    });
    return () => { live = false; };
  }, [url]);
  return src ? <img src={src} alt={t(`${K}.qr_alt`)} width={280} height={280} /> : <p class="loading">{t('portal.loading')}</p>;
}

/** Issue 17 item 2: the instructor (presential_test_instructor) opens and closes the test window and shows its QR code in the room. */
export function TestWindowPanel({ eventId, window, refresh }: { eventId: number; window: TestWindow; refresh(): void }) {
  const { t } = useI18n();
  const dates = useDateFormat();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function change(open: boolean) {
    setBusy(true);
    setError(null);
    try {
      await send(open ? LEARNER_PRESENTIAL_LIST_PATHS.openTestWindow(eventId) : LEARNER_PRESENTIAL_LIST_PATHS.closeTestWindow(eventId), 'POST', {});
    } catch (failure) {
      setError(errorText(t, errorCode(failure)));
    } finally {
      setBusy(false);
      refresh();
    }
  }
  const url = window.qr_path ? `${location.origin}${window.qr_path}` : null;
  return (
    <div class="presential-window" aria-live="polite">
      <h4>{t(`${K}.window_title`)}</h4>
      {window.open && url ? (
        <div class="presential-qr">
          <p>{t(`${K}.window_open_since`, { date: dates.dateTime(window.opened_at!) })}</p>
          <QrImage url={url} />
          <a class="presential-qr-link" href={url}>{url}</a>
          <button type="button" disabled={busy} onClick={() => void change(false)}>{t(`${K}.close_window`)}</button>
        </div>
      ) : (
        <>
          <p class="note">{window.closed_at ? t(`${K}.window_closed_at`, { date: dates.dateTime(window.closed_at) }) : t(`${K}.window_never_opened`)}</p>
          <button type="button" disabled={busy} onClick={() => void change(true)}>{t(`${K}.open_window`)}</button>
        </>
      )}
      {error && <Message kind="error">{error}</Message>}
    </div>
  );
}

function Subscribe({ training, event, refresh }: { training: LearnerPresential; event: LearnerPresentialEvent; refresh(): void }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function subscribe() {
    setBusy(true);
    setError(null);
    try {
      await send(LEARNER_PRESENTIAL_LIST_PATHS.subscription(training.id), 'POST', { event_id: event.id });
    } catch (failure) {
      // 409 seat and plan keys, 403 a closed training (docs/api.md)
      setError(errorText(t, errorCode(failure)));
    } finally {
      setBusy(false);
      refresh();
    }
  }
  if (event.can_subscribe) {
    return (
      <>
        <button type="button" class="button-primary" disabled={busy} onClick={() => void subscribe()}>{t(`${K}.subscribe`)}</button>
        {error && <Message kind="error">{error}</Message>}
      </>
    );
  }
  // spec 3 §2 (as live classes): "No vacancy" replaces the subscribe button when the event is full
  if (!training.enrollment_status && event.vacancies === 0 && !training.finished) return <p class="note">{t(`${K}.no_vacancy`)}</p>;
  return error ? <Message kind="error">{error}</Message> : null;
}

/** One event: when and where, who teaches, the linked live class or webcast, subscribing, its tests, the QR window and the comment. */
export function EventItem({ training, event, n, refresh }: { training: LearnerPresential; event: LearnerPresentialEvent; n: number; refresh(): void }) {
  const { t } = useI18n();
  const dates = useDateFormat();
  const [commented, setCommented] = useState(false);
  const headingId = `presential-event-${event.id}`;
  const refusalText = event.tests_refusal ? REFUSAL_TEXT[event.tests_refusal] : undefined;
  return (
    <article class="presential-event" aria-labelledby={headingId}>
      <h3 id={headingId}>{t(`${K}.event_heading`, { n, day: dates.day(event.date) })}</h3>
      <dl>
        <dt>{t(`${K}.hours`)}</dt>
        <dd>
          {event.starts_at && event.ends_at
            ? t(`${K}.hours_value`, { start: dates.time(event.starts_at), end: dates.time(event.ends_at) })
            : `${event.start_hour}–${event.end_hour}`}
          {event.intermission_minutes > 0 && <> ({t(`${K}.intermission`, { minutes: event.intermission_minutes })})</>}
        </dd>
        {(event.location_name || event.location) && (
          <>
            <dt>{t(`${K}.location`)}</dt>
            <dd>{[event.location_name, event.location].filter(Boolean).join(' — ')}</dd>
          </>
        )}
        {event.instructors.length > 0 && (
          <>
            <dt>{t(`${K}.instructors`)}</dt>
            <dd>{event.instructors.map((p) => p.name).join(', ')}</dd>
          </>
        )}
        <dt>{t(`${K}.event_type`)}</dt>
        <dd>{t(`${K}.event_types.${event.event_type}`)}</dd>
      </dl>
      {/* spec 3 §2 "go to the related live class or webcast" */}
      {(event.live_class_id !== null || event.webcast_id !== null) && (
        <p class="presential-actions">
          {event.live_class_id !== null && <Link href={`/live_classes/${event.live_class_id}`}>{t(`${K}.go_live_class`)}</Link>}
          {event.webcast_id !== null && <Link href={`/webcasts/${event.webcast_id}`}>{t(`${K}.go_webcast`)}</Link>}
        </p>
      )}
      {event.enrolled && <p class="note"><strong>{t(`${K}.your_event`)}</strong></p>}
      <Subscribe training={training} event={event} refresh={refresh} />
      {event.tests.length > 0 && (
        <ul class="activity-list">
          {event.tests.map((test) => (
            <li key={test.id}>
              <Link href={`/presential/${training.id}/events/${event.id}/tests/${test.id}`}>{t(`${K}.take_test`, { title: test.title })}</Link>
              {' '}
              <span class="note">{test.passed ? t(`${K}.test_passed`) : t(`${K}.test_questions`, { count: test.qty_questions })}</span>
            </li>
          ))}
        </ul>
      )}
      {event.enrolled && refusalText && <p class="note">{t(refusalText)}</p>}
      {event.test_window && <TestWindowPanel eventId={event.id} window={event.test_window} refresh={refresh} />}
      {/* spec 3 §2 "Reaction evaluations": the enrolled learner answers the event's once, after finishing */}
      {event.evaluation && (
        <section class="presential-evaluation" aria-labelledby={`${headingId}-evaluation`}>
          <h4 id={`${headingId}-evaluation`}>{t(`${K}.evaluation`)}</h4>
          {event.evaluation_refusal === 'event_not_finished' && !event.evaluation.answered
            ? <p class="note">{t(`${K}.evaluation_after_end`)}</p>
            : <TrainingEvaluation trainingId={training.id} evaluation={event.evaluation} finished={event.evaluation_refusal === null}
              answerPath={LEARNER_PRESENTIAL_PATHS.evaluation(event.id)} onAnswered={refresh} />}
        </section>
      )}
      {/* spec 3 §5 "Comments are allowed only after finishing, once per user" */}
      {event.can_comment && !commented && (
        <CommentForm path={LEARNER_PRESENTIAL_LIST_PATHS.comments(event.id)} withStars
          texts={{ label: t(`${K}.comment_label`), stars: t(`${K}.comment_stars`), submit: t(`${K}.comment_submit`) }}
          onDone={() => { setCommented(true); refresh(); }} />
      )}
      {(commented || event.comment_refusal === 'you_already_commented') && <p class="note">{t(`${K}.commented`)}</p>}
      {event.enrolled && training.finished && event.comment_refusal === 'you_need_to_complete_all_activities' && (
        <p class="note">{errorText(t, 'you_need_to_complete_all_activities')}</p>
      )}
    </article>
  );
}
