import { useEffect, useState } from 'preact/hooks';
import { Link, useParams } from 'wouter-preact';
import { ApiRequestError } from '@lp/shared/client';
import { LEARNER_LIVE_CLASS_PATHS, type LearnerLiveClass, type LiveClassSubscription } from '@lp/shared/contract';
import { liveClassIcs } from '@lp/shared/rules';
import { api, errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { formatHours, useDateFormat } from '../../lib/format.ts';
import { safeHtml } from '../../lib/safe-html.ts';
import { useLiveClass } from '../../hooks/use-live-classes.ts';
import { Message } from '../../components/message/index.tsx';
import { TrainingEvaluation } from '../../components/training-evaluation/index.tsx';
import { CertificateBox } from '../../components/training-certificate/index.tsx';
import { LiveClassBadges } from '../live-classes/index.tsx';
import { EnterRoom } from './room.tsx';
import '../live-classes/live-classes.css';

const K = 'portal.liveClasses';
/** a timer further away than this is not worth keeping: the page is asked again every 30 s anyway */
const DAY_MS = 86_400_000;

/** Route 'live_classes/:id' (spec 1 §2.2). */
export default function LiveClassPage() {
  const params = useParams<{ id: string }>();
  return <LiveClassDetail liveClassId={Number(params.id)} />;
}

export function LiveClassDetail({ liveClassId }: { liveClassId: number }) {
  const { t } = useI18n();
  const valid = Number.isInteger(liveClassId) && liveClassId > 0;
  const { data, error, mutate } = useLiveClass(valid ? liveClassId : null);
  // the room opens at a known instant (spec 3 §9): ask again then, not only on the 30 s refresh
  useEffect(() => {
    if (!data || data.room_open || data.finished || data.role === 'none') return undefined;
    const wait = new Date(data.room_opens_at).getTime() - Date.now();
    if (!(wait > 0 && wait < DAY_MS)) return undefined;
    const timer = setTimeout(() => void mutate(), wait + 500);
    return () => clearTimeout(timer);
  }, [data, mutate]);

  const back = <Link href="/live_classes">{t(`${K}.back`)}</Link>;
  if (error || !valid) {
    const notFound = !valid || (error instanceof ApiRequestError && error.status === 404);
    return (
      <section class="live-class">
        <Message kind="error">{notFound ? t(`${K}.not_found`) : errorText(t, errorCode(error))}</Message>
        <p>{back}</p>
      </section>
    );
  }
  if (!data) return <p class="loading">{t('portal.loading')}</p>;
  return (
    <article class="live-class" aria-labelledby="live-class-title">
      <p>{back}</p>
      <DetailView liveClass={data} refresh={() => void mutate()} />
    </article>
  );
}

/** Subscribe / unsubscribe of an open class (spec 3 §2), or what a closed class says instead. */
function Participation({ liveClass, refresh }: { liveClass: LearnerLiveClass; refresh(): void }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  if (liveClass.finished || liveClass.role === 'instructor') return null;
  if (liveClass.live_class_type === 'closed') {
    return <p class="note">{t(liveClass.role === 'participant' ? `${K}.closed_invitee` : `${K}.closed_not_invited`)}</p>;
  }

  async function change(method: 'POST' | 'DELETE') {
    setBusy(true);
    setError(null);
    setNote(null);
    try {
      const answer = await api.json<LiveClassSubscription>(LEARNER_LIVE_CLASS_PATHS.subscription(liveClass.id), { method });
      setNote(t(answer.subscribed ? `${K}.subscribed_note` : `${K}.unsubscribed_note`));
    } catch (failure) {
      // 409 no_vacancy, 403 live_class_not_available / live_class_closed (docs/api.md)
      setError(errorText(t, errorCode(failure)));
    } finally {
      setBusy(false);
      refresh();
    }
  }

  let action;
  if (liveClass.can_unsubscribe) {
    action = <button type="button" class="button-secondary" disabled={busy} onClick={() => void change('DELETE')}>{t(`${K}.unsubscribe`)}</button>;
  } else if (liveClass.can_subscribe) {
    action = <button type="button" class="button-primary" disabled={busy} onClick={() => void change('POST')}>{t(`${K}.subscribe`)}</button>;
  } else if (liveClass.role !== 'participant') {
    // spec 3 §2: "No vacancy" replaces the subscribe button when the class is full
    action = <p class="note">{t(liveClass.sold_out ? `${K}.no_vacancy` : `${K}.subscription_closed`)}</p>;
  }
  return (
    <div class="live-class-participation">
      {liveClass.role === 'participant' && !note && <p class="note">{t(`${K}.subscribed_note`)}</p>}
      {note && <Message kind="success">{note}</Message>}
      {action}
      {error && <Message kind="error">{error}</Message>}
    </div>
  );
}

/** "Add to calendar": the .ics built by the shared rule from what the page holds. */
function downloadCalendar(liveClass: LearnerLiveClass) {
  const ics = liveClassIcs({
    id: liveClass.id, title: liveClass.title, start: new Date(liveClass.live_class_date), workload: liveClass.workload,
    url: `${location.origin}/live_classes/${liveClass.id}`, host: location.host,
  });
  const url = URL.createObjectURL(new Blob([ics], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `live-class-${liveClass.id}.ics`;
  document.body.append(link);
  link.click();
  link.remove();
  // the browser needs a moment to start the download before the URL goes away
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function DetailView({ liveClass, refresh }: { liveClass: LearnerLiveClass; refresh(): void }) {
  const { t, locale } = useI18n();
  const dates = useDateFormat();
  const takesPart = liveClass.role !== 'none';
  return (
    <>
      <h1 id="live-class-title">{liveClass.title}</h1>
      <p class="course-card-meta">
        {t(`${K}.when`, { date: dates.dateTime(liveClass.live_class_date) })} · {t(`${K}.workload`, { hours: formatHours(liveClass.workload, locale) })}
      </p>
      <LiveClassBadges card={liveClass} t={t} />
      {liveClass.instructors.length > 0 && (
        <p class="live-class-instructors"><strong>{t(`${K}.instructors`)}:</strong> {liveClass.instructors.map((person) => person.name).join(', ')}</p>
      )}
      {/* spec 3 §2: instructors and students see different helper texts */}
      {takesPart && !liveClass.finished && (
        <p class="note">{t(liveClass.role === 'instructor' ? `${K}.helper_instructor` : `${K}.helper_participant`)}</p>
      )}
      <Participation liveClass={liveClass} refresh={refresh} />
      <div class="live-class-actions">
        {liveClass.room_open && <EnterRoom liveClass={liveClass} />}
        {!liveClass.room_open && takesPart && !liveClass.finished && (
          <p class="note">{t(`${K}.room_opens`, { date: dates.dateTime(liveClass.room_opens_at) })}</p>
        )}
        {!liveClass.finished && (
          <button type="button" class="button-secondary" onClick={() => downloadCalendar(liveClass)}>{t(`${K}.calendar`)}</button>
        )}
      </div>
      {/* sanitised by the server when saved, and again here (DOMPurify) */}
      {liveClass.description && <div class="rich-text" dangerouslySetInnerHTML={{ __html: safeHtml(liveClass.description) }} />}
      {takesPart && <Activities liveClass={liveClass} refresh={refresh} />}
    </>
  );
}

/** spec 3 §4: after Finished, a participant's tests, reaction evaluation and certificate. */
function Activities({ liveClass, refresh }: { liveClass: LearnerLiveClass; refresh(): void }) {
  const { t } = useI18n();
  if (!liveClass.activities_available) {
    return liveClass.role === 'participant' ? <p class="note">{t(`${K}.tests_after_end`)}</p> : null;
  }
  return (
    <>
      {liveClass.completed && <Message kind="success">{t(`${K}.completed`)}</Message>}
      <section aria-labelledby="live-class-tests">
        <h2 id="live-class-tests">{t(`${K}.tests`)}</h2>
        {liveClass.tests.length === 0 && <p class="note">{t(`${K}.no_tests`)}</p>}
        {liveClass.tests.length > 0 && (
          <ul class="activity-list">
            {liveClass.tests.map((test) => (
              <li key={test.id}>
                <Link href={`/live_classes/${liveClass.id}/tests/${test.id}`}>{test.title}</Link>
                {' '}
                <span class="note">{test.passed ? t(`${K}.test_passed`) : t(`${K}.test_questions`, { count: test.qty_questions })}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {liveClass.evaluation && (
        <section aria-labelledby="live-class-evaluation">
          <h2 id="live-class-evaluation">{t(`${K}.evaluation`)}</h2>
          <TrainingEvaluation trainingId={liveClass.id} evaluation={liveClass.evaluation} finished
            answerPath={LEARNER_LIVE_CLASS_PATHS.evaluation(liveClass.id)} onAnswered={refresh} />
        </section>
      )}
      {liveClass.certificate && (
        <section aria-labelledby="live-class-certificate">
          <h2 id="live-class-certificate">{t(`${K}.certificate`)}</h2>
          <CertificateBox certificate={liveClass.certificate} />
        </section>
      )}
    </>
  );
}
