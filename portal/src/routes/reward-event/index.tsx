import { useEffect, useRef, useState } from 'preact/hooks';
import { Link, useRoute } from 'wouter-preact';
import { LEARNER_REWARD_PATHS, REWARD_EVENT_PAGE, type ScanAnswer, type ScanBody } from '@lp/shared/contract';
import { errorCode, send } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { Message } from '../../components/message/index.tsx';

const K = 'portal.rewards.scan';

/**
 * The page an event's QR code opens (issue 18 item 2; spec 3 §1 "events linked to campaigns with
 * QR code"): it hands the code to the server once on arrival — the server credits the event's
 * points once per learner — and says what happened: credited, already credited, or why not.
 */
export default function RewardEventScan() {
  const { t } = useI18n();
  const [, params] = useRoute<{ code: string }>(REWARD_EVENT_PAGE);
  const code = params?.code ?? '';
  const [answer, setAnswer] = useState<ScanAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  // one request per code, even if the page renders again
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!code || sent.current === code) return;
    sent.current = code;
    const body: ScanBody = { code };
    send<ScanAnswer>(LEARNER_REWARD_PATHS.scan, 'POST', body).then(setAnswer, (e: unknown) => setError(errorCode(e)));
  }, [code]);

  const invalid = error === 'not_found' || error === 'validation_error' || (!code && !answer);
  return (
    <section class="reward-scan" aria-labelledby="scan-title" aria-busy={!answer && !error}>
      <h1 id="scan-title">{t(`${K}.title`)}</h1>
      {!answer && !error && code && <p class="loading">{t(`${K}.working`)}</p>}
      {answer?.credited && <Message kind="success">{t(`${K}.credited`, { points: answer.points, event: answer.event, count: answer.points })}</Message>}
      {answer && !answer.credited && <Message kind="info">{t(`${K}.already`, { event: answer.event })}</Message>}
      {error && <Message kind="error">{invalid ? t(`${K}.invalid`) : errorText(t, error)}</Message>}
      {answer && <p><Link href={`/rewards/${answer.campaign_id}`}>{t(`${K}.open_campaign`)}</Link></p>}
      {error && <p><Link href="/rewards">{t(`${K}.my_campaigns`)}</Link></p>}
    </section>
  );
}
