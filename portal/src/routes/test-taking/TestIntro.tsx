import { Link } from 'wouter-preact';
import { allowedAttempts, retakeAfterPassing } from '@lp/shared/rules';
import { useI18n } from '../../lib/i18n.ts';
import { timeLimitLabel } from '../../lib/time-limit.ts';
import { Message } from '../../components/message/index.tsx';
import type { TestActivity } from './testActivity.ts';

/** What a test is before an attempt starts: its rules, the attempts left, and why it is locked (spec 2 §4.8). */
export function TestIntro({ activity, starting, error, onStart, back, backLabel }: {
  activity: TestActivity; starting: boolean; error: string | null; onStart(): void; back: string; backLabel: string;
}) {
  const { t } = useI18n();
  const test = activity.test;
  const allowed = allowedAttempts(test.test_type, test.maximum_attempts);
  const exhausted = allowed !== null && test.attempts_used >= allowed && test.open_attempt_id === null;
  const lock = activity.available ? null : activity.lock_reason;
  // spec 2 §4.8: a passed test is done; only the quizzes may be practised again
  const done = test.passed && !retakeAfterPassing(test.test_type) && test.open_attempt_id === null;
  return (
    <section class="panel test-intro" aria-labelledby="test-intro-title">
      <h2 id="test-intro-title">{t(`portal.tests.types.${test.test_type}`)}</h2>
      <p>{t(`portal.tests.types.${test.test_type}_description`)}</p>
      <dl class="read-only">
        <dt>{t('portal.tests.questions')}</dt>
        <dd>{test.qty_questions}</dd>
        {test.time_to_answer && (
          <>
            <dt>{t('portal.tests.time_limit')}</dt>
            <dd>{timeLimitLabel(t, test.time_to_answer)}</dd>
          </>
        )}
        {test.minimum_score !== null && test.test_type !== 'unevaluated_quiz' && (
          <>
            <dt>{t('portal.tests.minimum_score')}</dt>
            <dd>{test.minimum_score}</dd>
          </>
        )}
        <dt>{t('portal.tests.attempts')}</dt>
        <dd>{allowed === null
          ? t('portal.tests.attempts_unlimited', { used: test.attempts_used })
          : t('portal.tests.attempts_of', { used: test.attempts_used, allowed })}</dd>
        {test.best_correct !== null && (
          <>
            <dt>{t('portal.tests.best_result')}</dt>
            <dd>{test.best_correct}</dd>
          </>
        )}
      </dl>
      {test.passed && <Message kind="success">{t('portal.tests.already_passed')}</Message>}
      {test.timed && <Message kind="info">{t('portal.tests.timed_warning')}</Message>}
      {lock === 'not_yet_available' && <Message kind="info">{t('portal.tests.not_yet_available')}</Message>}
      {lock === 'prerequisite' && (
        <Message kind="info">{t('portal.tests.locked_prerequisite', { title: activity.prerequisite?.title ?? '' })}</Message>
      )}
      {lock === 'blocked' && <Message kind="error">{t('portal.tests.locked_blocked')}</Message>}
      {exhausted && !lock && !done && <Message kind="info">{t('portal.tests.no_attempts_left')}</Message>}
      {error && <Message kind="error">{error}</Message>}
      <div class="actions">
        {!lock && !exhausted && !done && (
          <button type="button" onClick={onStart} disabled={starting}>
            {starting ? t('portal.loading') : test.open_attempt_id !== null ? t('portal.tests.resume') : t('portal.tests.start')}
          </button>
        )}
        <Link href={back}>{t(backLabel)}</Link>
      </div>
    </section>
  );
}
