import { useMemo } from 'preact/hooks';
import { Link, useParams } from 'wouter-preact';
import useSWR from 'swr';
import { LEARNER_GENERAL_TEST_PATHS, type LearnerGeneralTestCard } from '@lp/shared/contract';
import { minutesToClock } from '@lp/shared/rules';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { Message } from '../../components/message/index.tsx';
import { TestSession, type AttemptPaths, type TestActivity } from '../test-taking/index.tsx';

const K = 'portal.generalTests';

/** The card as the test-taking screen reads an activity: one timed attempt. */
function activityOf(card: LearnerGeneralTestCard): TestActivity {
  return {
    type: 'test', id: card.test_id, title: card.title, order: 1, available: true, lock_reason: null, available_in: null, prerequisite: null, module: null,
    status: card.standing === 'passed' ? 'finished' : card.standing === 'not_started' || card.standing === 'can_restart' ? 'not_started' : 'ongoing',
    test: {
      test_type: card.test_type, timed: true, qty_questions: card.questions, maximum_attempts: 1,
      // an attempt in progress is not resumed: starting again shows it as the server ended it
      attempts_used: card.standing === 'passed' || card.standing === 'blocked' ? 1 : 0, time_to_answer: minutesToClock(card.time_to_finish),
      minimum_score: card.minimum_score, best_correct: null, passed: card.standing === 'passed', open_attempt_id: null,
    },
  };
}

/**
 * /general_tests/:id — a general test taken on the shared test screen (spec 3 §4): one attempt in
 * the time limit, one question at a time, answers final once confirmed. The page never reads the
 * attempt back: the server ends an attempt that is reloaded or started again.
 */
export default function GeneralTest() {
  const { t } = useI18n();
  const id = Number(useParams<{ id: string }>().id);
  const { data, error, mutate } = useSWR<LearnerGeneralTestCard>(Number.isInteger(id) && id > 0 ? LEARNER_GENERAL_TEST_PATHS.item(id) : null, { revalidateOnFocus: false });
  const paths = useMemo<AttemptPaths | null>(() => (data ? {
    attempts: LEARNER_GENERAL_TEST_PATHS.attempts(id, data.test_id),
    attempt: (attemptId) => LEARNER_GENERAL_TEST_PATHS.attempt(id, data.test_id, attemptId),
    answer: (attemptId, questionId) => LEARNER_GENERAL_TEST_PATHS.answer(id, data.test_id, attemptId, questionId),
    submit: (attemptId) => LEARNER_GENERAL_TEST_PATHS.submit(id, data.test_id, attemptId),
  } : null), [id, data]);

  if (error) {
    return (
      <div class="test-taking">
        <Message kind="error">{errorText(t, errorCode(error))}</Message>
        <p><Link href="/general_tests">{t(`${K}.back`)}</Link></p>
      </div>
    );
  }
  if (!data || !paths) return <p class="loading">{t('portal.loading')}</p>;
  return (
    <>
      {data.standing !== 'passed' && data.standing !== 'blocked' && <Message kind="info">{t(`${K}.no_reload`)}</Message>}
      <TestSession key={data.test_id} paths={paths} activity={activityOf(data)} back="/general_tests" backLabel={`${K}.back`} refresh={() => void mutate()} />
    </>
  );
}
