import { useMemo } from 'preact/hooks';
import { Link, useParams } from 'wouter-preact';
import { LEARNER_WEBCAST_PATHS } from '@lp/shared/contract';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { useWebcast } from '../../hooks/use-webcasts.ts';
import { Message } from '../../components/message/index.tsx';
import { TestSession, ownedTestActivity, type AttemptPaths } from '../test-taking/index.tsx';

/** /webcasts/:id/tests/:testId — a webcast's test, after the webcast is finished (spec 2 §2.1, §4.12). */
export default function WebcastTest() {
  const { t } = useI18n();
  const params = useParams<{ id: string; testId: string }>();
  const webcastId = Number(params.id);
  const testId = Number(params.testId);
  const { data: webcast, error, mutate } = useWebcast(Number.isInteger(webcastId) && webcastId > 0 ? webcastId : null);
  const back = `/webcasts/${params.id}`;
  const test = webcast?.tests.find((x) => x.id === testId);
  const paths = useMemo<AttemptPaths>(() => ({
    attempts: LEARNER_WEBCAST_PATHS.attempts(webcastId, testId),
    attempt: (attemptId) => LEARNER_WEBCAST_PATHS.attempt(webcastId, testId, attemptId),
    answer: (attemptId, questionId) => LEARNER_WEBCAST_PATHS.answer(webcastId, testId, attemptId, questionId),
    submit: (attemptId) => LEARNER_WEBCAST_PATHS.submit(webcastId, testId, attemptId),
  }), [webcastId, testId]);

  if (error) {
    return (
      <div class="test-taking">
        <Message kind="error">{errorText(t, errorCode(error))}</Message>
        <p><Link href="/webcasts">{t('portal.webcasts.back')}</Link></p>
      </div>
    );
  }
  if (!webcast) return <p class="loading">{t('portal.loading')}</p>;
  if (!test) {
    // before the end the webcast lists no tests (spec 2 §2.1)
    return (
      <div class="test-taking">
        <Message kind="info">{t(webcast.tests_available ? 'portal.tests.not_found' : 'portal.webcasts.tests_after_end')}</Message>
        <p><Link href={back}>{t('portal.webcasts.back_to_webcast')}</Link></p>
      </div>
    );
  }
  return <TestSession key={test.id} paths={paths} activity={ownedTestActivity(test)} back={back} backLabel="portal.webcasts.back_to_webcast" refresh={() => void mutate()} />;
}
