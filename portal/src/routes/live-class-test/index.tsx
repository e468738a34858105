import { useMemo } from 'preact/hooks';
import { Link, useParams } from 'wouter-preact';
import { LEARNER_LIVE_CLASS_PATHS } from '@lp/shared/contract';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { useLiveClass } from '../../hooks/use-live-classes.ts';
import { Message } from '../../components/message/index.tsx';
import { TestSession, ownedTestActivity, type AttemptPaths } from '../test-taking/index.tsx';

/** /live_classes/:id/tests/:testId — a live class's test, once the class is Finished (spec 3 §4). */
export default function LiveClassTest() {
  const { t } = useI18n();
  const params = useParams<{ id: string; testId: string }>();
  const liveClassId = Number(params.id);
  const testId = Number(params.testId);
  const { data: liveClass, error, mutate } = useLiveClass(Number.isInteger(liveClassId) && liveClassId > 0 ? liveClassId : null);
  const back = `/live_classes/${params.id}`;
  const test = liveClass?.tests.find((x) => x.id === testId);
  const paths = useMemo<AttemptPaths>(() => ({
    attempts: LEARNER_LIVE_CLASS_PATHS.attempts(liveClassId, testId),
    attempt: (attemptId) => LEARNER_LIVE_CLASS_PATHS.attempt(liveClassId, testId, attemptId),
    answer: (attemptId, questionId) => LEARNER_LIVE_CLASS_PATHS.answer(liveClassId, testId, attemptId, questionId),
    submit: (attemptId) => LEARNER_LIVE_CLASS_PATHS.submit(liveClassId, testId, attemptId),
  }), [liveClassId, testId]);

  if (error) {
    return (
      <div class="test-taking">
        <Message kind="error">{errorText(t, errorCode(error))}</Message>
        <p><Link href="/live_classes">{t('portal.liveClasses.back')}</Link></p>
      </div>
    );
  }
  if (!liveClass) return <p class="loading">{t('portal.loading')}</p>;
  if (!test) {
    // before Finished the class lists no tests (spec 3 §4)
    return (
      <div class="test-taking">
        <Message kind="info">{t(liveClass.activities_available ? 'portal.tests.not_found' : 'portal.liveClasses.tests_after_end')}</Message>
        <p><Link href={back}>{t('portal.liveClasses.back_to_class')}</Link></p>
      </div>
    );
  }
  return <TestSession key={test.id} paths={paths} activity={ownedTestActivity(test)} back={back} backLabel="portal.liveClasses.back_to_class" refresh={() => void mutate()} />;
}
