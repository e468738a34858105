import { useId } from 'preact/hooks';
import type { Attempt } from '@lp/shared/contract';
import { useI18n } from '../../lib/i18n.ts';
import type { SaveState } from '../../lib/answer-queue.ts';
import { safeHtml } from '../../lib/safe-html.ts';

export type Question = Attempt['questions'][number];

export interface TestQuestionProps {
  question: Question;
  /** 1-based, in the attempt's order */
  number: number;
  total: number;
  value: number | null;
  /** the answer is final (timed types after Confirm) or the attempt is over */
  disabled: boolean;
  saveState?: SaveState;
  /** the question was left unanswered at submit: marked and described */
  missing?: boolean;
  onChange(answerId: number): void;
}

/**
 * One question as a native radio group: arrow keys move between alternatives, the group is
 * named by the question. Titles are rich text (sanitised by the server, and again by safeHtml).
 */
export function TestQuestion({ question, number, total, value, disabled, saveState, missing, onChange }: TestQuestionProps) {
  const { t } = useI18n();
  const id = useId();
  const name = `question-${question.id}`;
  return (
    <section class={`test-question${missing ? ' test-question-missing' : ''}`} aria-labelledby={`${id}-n ${id}-title`}>
      <p class="test-question-number" id={`${id}-n`}>{t('portal.tests.question_of', { n: number, total })}</p>
      <div class="test-question-title" id={`${id}-title`} dangerouslySetInnerHTML={{ __html: safeHtml(question.title) }} />
      <div role="radiogroup" aria-labelledby={`${id}-title`} aria-describedby={`${id}-state`}
        aria-invalid={missing ? 'true' : undefined} class="test-answers">
        {question.answers.map((answer) => (
          <label key={answer.id} class={`test-answer${value === answer.id ? ' test-answer-chosen' : ''}`}>
            <input type="radio" name={name} value={String(answer.id)} checked={value === answer.id} disabled={disabled}
              onChange={() => onChange(answer.id)} />
            <span class="test-answer-text" dangerouslySetInnerHTML={{ __html: safeHtml(answer.title) }} />
          </label>
        ))}
      </div>
      <p class={`test-save test-save-${saveState ?? 'none'}`} id={`${id}-state`}>
        {missing ? t('portal.tests.unanswered') : saveState ? t(`portal.tests.save_state.${saveState}`) : question.confirmed ? t('portal.tests.save_state.saved') : ''}
      </p>
    </section>
  );
}
