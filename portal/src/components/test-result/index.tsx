import { useEffect, useRef } from 'preact/hooks';
import { Link } from 'wouter-preact';
import type { Attempt } from '@lp/shared/contract';
import { useI18n } from '../../lib/i18n.ts';
import { Message } from '../message/index.tsx';

export type AttemptResult = NonNullable<Attempt['result']>;

export interface TestResultProps {
  attempt: Attempt;
  /** where "Back to the training" leads */
  trainingHref: string;
  /** the translation key of that link (a webcast's test goes back to the webcast) */
  backLabel?: string;
  /** offered when failing left attempts and changed nothing else */
  onRetry?: () => void;
  retrying?: boolean;
}

/** What the attempt scored and what that did (spec 2 §4.8: blocked, restarted, attempts left). */
export function TestResult({ attempt, trainingHref, backLabel = 'portal.tests.back_to_training', onRetry, retrying }: TestResultProps) {
  const { t } = useI18n();
  const result = attempt.result;
  const heading = useRef<HTMLHeadingElement>(null);
  // the answers are gone from the page: the result takes the focus, so screen readers read it
  useEffect(() => heading.current?.focus(), []);
  const canRetry = result && !result.passed && result.consequence === 'none' && result.attempts_left !== 0 && onRetry;
  return (
    <section class="panel test-result" aria-labelledby="test-result-title">
      <h2 id="test-result-title" ref={heading} tabIndex={-1}>{t('portal.tests.result_title')}</h2>
      {attempt.status === 'expired' && <Message kind="info">{t('portal.tests.time_expired')}</Message>}
      {!result && <p>{t('portal.tests.result_pending')}</p>}
      {result && (
        <>
          <p class="test-result-score">{t('portal.tests.correct_count', { correct: result.correct_count, count: result.total_questions })}</p>
          {result.passed
            ? <Message kind="success">{t('portal.tests.passed')}</Message>
            : <Message kind="info">{t('portal.tests.not_passed')}</Message>}
          {result.consequence === 'blocked' && <Message kind="error">{t('portal.tests.consequence_blocked')}</Message>}
          {result.consequence === 'restarted' && <Message kind="error">{t('portal.tests.consequence_restarted')}</Message>}
          {result.attempts_left !== null && !result.passed && result.consequence === 'none' && (
            <p>{t('portal.tests.attempts_left', { n: result.attempts_left })}</p>
          )}
        </>
      )}
      <div class="actions">
        {canRetry && <button type="button" onClick={onRetry} disabled={retrying}>{t('portal.tests.try_again')}</button>}
        <Link href={trainingHref}>{t(backLabel)}</Link>
      </div>
    </section>
  );
}
