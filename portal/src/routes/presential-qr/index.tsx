import { useMemo } from 'preact/hooks';
import { Link, useParams } from 'wouter-preact';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { useQrTest } from '../../hooks/use-presential.ts';
import { Message } from '../../components/message/index.tsx';
import { TestSession, ownedTestActivity } from '../test-taking/index.tsx';
import { eventAttemptPaths } from '../presential-test/index.tsx';

/**
 * /presential/qr/:token — what the instructor's QR code opens on the learner's phone (issue 17
 * item 2): the event's test while the window is open and the learner is enrolled; otherwise the
 * server's refusal (presential_test_window_closed, you_must_subscribe_for_event) in their words.
 */
export default function PresentialQrTest() {
  const { t } = useI18n();
  const { token } = useParams<{ token: string }>();
  const { data, error, mutate } = useQrTest(token || null);
  const paths = useMemo(() => (data ? eventAttemptPaths(data.event_id, data.test.id) : null), [data]);
  if (error) {
    return (
      <div class="test-taking">
        <h1>{t('portal.presential.qr_title')}</h1>
        <Message kind="error">{errorText(t, errorCode(error))}</Message>
        <p><Link href="/presential">{t('portal.presential.back')}</Link></p>
      </div>
    );
  }
  if (!data || !paths) return <p class="loading">{t('portal.loading')}</p>;
  return (
    <TestSession key={data.test.id} paths={paths} activity={ownedTestActivity(data.test)} back={`/presential/${data.appointment_id}`}
      backLabel="portal.presential.back_to_training" refresh={() => void mutate()} />
  );
}
