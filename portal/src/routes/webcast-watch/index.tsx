import type { ComponentChildren } from 'preact';
import { lazy, Suspense } from 'preact/compat';
import { useState } from 'preact/hooks';
import { Link, useParams } from 'wouter-preact';
import { ApiRequestError } from '@lp/shared/client';
import { LEARNER_WEBCAST_PATHS, type LearnerWebcast } from '@lp/shared/contract';
import { errorCode, send } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { formatHours, useDateFormat } from '../../lib/format.ts';
import { safeHtml } from '../../lib/safe-html.ts';
import { usePreview } from '../../lib/preview.ts';
import { useWebcast } from '../../hooks/use-webcasts.ts';
import { Message } from '../../components/message/index.tsx';
import { VideoPlayer } from '../../components/video-player/index.tsx';
import type { PlaybackClock } from '../../components/video-player/playbackClock.ts';
import { TrainingEvaluation } from '../../components/training-evaluation/index.tsx';
import './webcast-watch.css';

// the chat (helper w1's component, realtime socket included) loads with the page that shows it
const WebcastChat = lazy(async () => ({ default: (await import('../../components/webcast-chat/index.tsx')).WebcastChat }));

const K = 'portal.webcasts';

/** Routes 'webcasts/:id' and the public link 'webinars/:id' (spec 2 §2.1). */
export default function WebcastWatchPage() {
  const params = useParams<{ id: string }>();
  return <WebcastWatch webcastId={Number(params.id)} />;
}

/** spec 2 §2.1 webcast watch page: the transmission, the chat, and after the end the tests and the evaluation. */
export function WebcastWatch({ webcastId }: { webcastId: number }) {
  const { t } = useI18n();
  const valid = Number.isInteger(webcastId) && webcastId > 0;
  const { data: webcast, error, mutate } = useWebcast(valid ? webcastId : null);
  const back = <Link href="/webcasts">{t(`${K}.back`)}</Link>;

  if (error || !valid) {
    const notFound = !valid || (error instanceof ApiRequestError && error.status === 404);
    return (
      <section class="webcast-watch">
        <Message kind="error">{notFound ? t(`${K}.not_found`) : errorText(t, errorCode(error))}</Message>
        <p>{back}</p>
      </section>
    );
  }
  if (!webcast) return <p class="loading">{t('portal.loading')}</p>;
  return <WatchView webcast={webcast} back={back} refresh={() => void mutate()} />;
}

/** What plays: the live stream or the recording over HLS, the provider's player, or why nothing does yet. */
function Transmission({ webcast, onClock }: { webcast: LearnerWebcast; onClock(clock: PlaybackClock | null): void }) {
  const { t } = useI18n();
  if (webcast.state === 'not_started') return <Message kind="info">{t(`${K}.not_started`)}</Message>;
  if (webcast.state === 'converting') return <Message kind="info">{t(`${K}.converting`)}</Message>;
  if (webcast.webcast_player_hls_playback_url) {
    // a live stream (kept near its edge, muted autoplay) or a recording: nothing to resume and no progress to keep
    return (
      <VideoPlayer url={webcast.webcast_player_hls_playback_url} title={webcast.title} resumeAt={0} onProgress={() => undefined}
        live={webcast.state === 'live'} webrtcUrl={webcast.state === 'live' ? webcast.webcast_player_webrtc_playback_url : null} onClock={onClock} />
    );
  }
  if (webcast.embed) {
    return (
      <div class="webcast-frame">
        <iframe class="content-frame" src={webcast.embed} title={webcast.title} allow="autoplay; fullscreen; picture-in-picture"
          referrerpolicy="strict-origin-when-cross-origin" />
      </div>
    );
  }
  // browser streaming ended without a saved video yet
  return <Message kind="info">{t(`${K}.converting`)}</Message>;
}

function SubscribeButton({ webcast, onSubscribed }: { webcast: LearnerWebcast; onSubscribed(): void }) {
  const { t } = useI18n();
  const preview = usePreview() !== null;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (webcast.subscribed) return <p class="note">{t(`${K}.subscribed_note`)}</p>;
  const subscribe = async () => {
    setBusy(true);
    setError(null);
    try {
      await send(LEARNER_WEBCAST_PATHS.subscribe(webcast.id), 'POST', {});
      onSubscribed();
    } catch (failure) {
      setError(errorText(t, errorCode(failure)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div>
      <button type="button" class="button-primary" disabled={busy || preview} title={preview ? t('portal.courses.preview.disabled') : undefined}
        onClick={() => void subscribe()}>{t(`${K}.subscribe`)}</button>
      {error && <Message kind="error">{error}</Message>}
    </div>
  );
}

function WatchView({ webcast, back, refresh }: { webcast: LearnerWebcast; back: ComponentChildren; refresh(): void }) {
  const { t, locale } = useI18n();
  // spec 1 §2.3 "view editor as a student": the page as the learner sees it, with nothing that writes (no chat, no tests)
  const preview = usePreview() !== null;
  const dates = useDateFormat();
  // the publisher time on screen while the live picture plays: the chat keeps in step with it
  const [clock, setClock] = useState<PlaybackClock | null>(null);
  // spec 4 "Dates": a transmission is shown in its own zone
  const when = dates.dateTime(webcast.transmission_date, { zone: webcast.timezone });
  return (
    <article class="webcast-watch" aria-labelledby="webcast-title">
      <p>{back}</p>
      <h1 id="webcast-title">{webcast.title}</h1>
      <p class="course-card-meta">
        {t(`${K}.when`, { date: when, zone: webcast.timezone })} · {t('portal.courses.workload', { hours: formatHours(webcast.workload, locale) })}
      </p>
      <p class="badges"><span class={`badge badge-webcast-${webcast.state}`}>{t(`${K}.state.${webcast.state}`)}</span></p>
      <div class="webcast-stage">
        <div class="webcast-player">
          <Transmission webcast={webcast} onClock={setClock} />
        </div>
        {webcast.use_chat && !preview && (
          <aside class="webcast-chat-column" aria-label={t(`${K}.chat_region`)}>
            <Suspense fallback={<p class="loading">{t('portal.loading')}</p>}>
              <WebcastChat webcastId={webcast.id} clock={clock} />
            </Suspense>
          </aside>
        )}
      </div>
      {webcast.state === 'not_started' && <SubscribeButton webcast={webcast} onSubscribed={refresh} />}
      {/* sanitised by the server when saved, and again here (DOMPurify) */}
      {webcast.description && <div class="rich-text" dangerouslySetInnerHTML={{ __html: safeHtml(webcast.description) }} />}

      {webcast.materials.length > 0 && (
        <section aria-labelledby="webcast-materials">
          <h2 id="webcast-materials">{t(`${K}.materials`)}</h2>
          <ul class="materials">
            {webcast.materials.map((m) => (
              <li key={m.id}><a href={m.resource_url} target="_blank" rel="noopener noreferrer">{m.title}</a>{m.extension ? ` (${m.extension})` : ''}</li>
            ))}
          </ul>
        </section>
      )}

      <section aria-labelledby="webcast-tests">
        <h2 id="webcast-tests">{t(`${K}.tests`)}</h2>
        {!webcast.tests_available && <p class="note">{t(`${K}.tests_after_end`)}</p>}
        {webcast.tests_available && webcast.tests.length === 0 && <p class="note">{t(`${K}.no_tests`)}</p>}
        {webcast.tests.length > 0 && (
          <ul class="activity-list">
            {webcast.tests.map((test) => (
              <li key={test.id}>
                {preview
                  ? <span title={t('portal.courses.preview.disabled')}>{test.title}</span>
                  : <Link href={`/webcasts/${webcast.id}/tests/${test.id}`}>{test.title}</Link>}
                {' '}
                <span class="note">{test.passed ? t(`${K}.test_passed`) : t(`${K}.test_questions`, { count: test.qty_questions })}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      {webcast.evaluation && !preview && (
        <section aria-labelledby="webcast-evaluation">
          <h2 id="webcast-evaluation">{t(`${K}.evaluation`)}</h2>
          <TrainingEvaluation trainingId={webcast.id} evaluation={webcast.evaluation} finished={webcast.tests_available}
            answerPath={LEARNER_WEBCAST_PATHS.evaluation(webcast.id)} onAnswered={refresh} />
        </section>
      )}
    </article>
  );
}
