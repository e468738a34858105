import { useMemo } from 'preact/hooks';
import { Link, useParams } from 'wouter-preact';
import { LEARNER_PRESENTIAL_PATHS } from '@lp/shared/contract';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { usePresential } from '../../hooks/use-presential.ts';
import { Message } from '../../components/message/index.tsx';
import { TestSession, ownedTestActivity, type AttemptPaths } from '../test-taking/index.tsx';

/** The attempt paths of an event's test (the owned-content engine, LEARNER_PRESENTIAL_PATHS). */
export const eventAttemptPaths = (eventId: number, testId: number): AttemptPaths => ({
  attempts: LEARNER_PRESENTIAL_PATHS.attempts(eventId, testId),
  attempt: (attemptId) => LEARNER_PRESENTIAL_PATHS.attempt(eventId, testId, attemptId),
  answer: (attemptId, questionId) => LEARNER_PRESENTIAL_PATHS.answer(eventId, testId, attemptId, questionId),
  submit: (attemptId) => LEARNER_PRESENTIAL_PATHS.submit(eventId, testId, attemptId),
});

/**
 * /presential/:id/events/:eventId/tests/:testId — an event's test: the online one after the
 * training is finished, the presential one while the instructor's window is open (issue 17 item 2).
 */
export default function PresentialTest() {
  const { t } = useI18n();
  const params = useParams<{ id: string; eventId: string; testId: string }>();
  const appointmentId = Number(params.id);
  const eventId = Number(params.eventId);
  const testId = Number(params.testId);
  const { data, error, mutate } = usePresential(Number.isInteger(appointmentId) && appointmentId > 0 ? appointmentId : null);
  const back = `/presential/${params.id}`;
  const paths = useMemo(() => eventAttemptPaths(eventId, testId), [eventId, testId]);
  const event = data?.events.find((e) => e.id === eventId);
  const test = event?.tests.find((x) => x.id === testId);

  if (error) {
    return (
      <div class="test-taking">
        <Message kind="error">{errorText(t, errorCode(error))}</Message>
        <p><Link href="/presential">{t('portal.presential.back')}</Link></p>
      </div>
    );
  }
  if (!data) return <p class="loading">{t('portal.loading')}</p>;
  if (!test) {
    const refusal = event?.tests_refusal;
    return (
      <div class="test-taking">
        <Message kind="info">{refusal ? errorText(t, refusal) : t('portal.tests.not_found')}</Message>
        <p><Link href={back}>{t('portal.presential.back_to_training')}</Link></p>
      </div>
    );
  }
  return <TestSession key={test.id} paths={paths} activity={ownedTestActivity(test)} back={back} backLabel="portal.presential.back_to_training" refresh={() => void mutate()} />;
}
