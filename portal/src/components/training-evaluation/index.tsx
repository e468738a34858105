import { useState } from 'preact/hooks';
import { LEARNER_PATHS, type LearnerTraining } from '@lp/shared/contract';
import { errorCode, send } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { Message } from '../message/index.tsx';
import { StarRating } from '../star-rating/index.tsx';

type Evaluation = NonNullable<LearnerTraining['evaluation']>;
type Answer = { grade?: number; stars?: number; text?: string };

export interface TrainingEvaluationProps {
  trainingId: number;
  evaluation: Evaluation;
  /** spec 2 §2.1: the reaction evaluation comes after finishing */
  finished: boolean;
  /** where the answers go: the training's evaluation by default (a webcast's: LEARNER_WEBCAST_PATHS.evaluation) */
  answerPath?: string;
  onAnswered(): void;
}

const GRADES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** spec 2 §3.5: the reaction evaluation, each question graded 0–10, in stars, or in words. */
export function TrainingEvaluation({ trainingId, evaluation, finished, answerPath, onAnswered }: TrainingEvaluationProps) {
  const { t } = useI18n();
  const [answers, setAnswers] = useState<Record<number, Answer>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  if (sent) return <Message kind="success">{t('portal.courses.evaluation.sent')}</Message>;
  if (evaluation.answered) return <p class="note">{t('portal.courses.evaluation.answered')}</p>;
  if (!finished) return <p class="note">{t('portal.courses.need_complete')}</p>;

  const set = (questionId: number, answer: Answer) => setAnswers((current) => ({ ...current, [questionId]: answer }));

  async function submit(event: Event) {
    event.preventDefault();
    const missing = evaluation.questions.find((q) =>
      (q.type === 'grade_0_10' && answers[q.id]?.grade === undefined) || (q.type === 'stars' && !answers[q.id]?.stars));
    if (missing) {
      setError(errorText(t, 'make_sure_that_all_fields_are_filled_in'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await send(answerPath ?? LEARNER_PATHS.evaluation(trainingId), 'POST', {
        answers: evaluation.questions
          .map((q) => ({ question_id: q.id, ...answers[q.id], ...(q.type === 'text' ? { text: answers[q.id]?.text?.trim() ?? '' } : {}) }))
          .filter((a) => !('text' in a) || a.text !== ''),
      });
      setSent(true);
      onAnswered();
    } catch (failure) {
      setError(errorText(t, errorCode(failure)));
      // already answered elsewhere: show the training as the server has it
      if (errorCode(failure) === 'evaluation_already_answered') onAnswered();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="form evaluation-form" onSubmit={(event) => void submit(event)} noValidate>
      <p class="evaluation-title">{evaluation.title}</p>
      {evaluation.questions.map((question) => {
        const answer = answers[question.id] ?? {};
        if (question.type === 'stars') {
          return <StarRating key={question.id} legend={question.title} value={answer.stars ?? null} onChange={(stars) => set(question.id, { stars })} />;
        }
        if (question.type === 'text') {
          const id = `evaluation-${question.id}`;
          return (
            <div key={question.id} class="field">
              <label for={id}>{question.title}</label>
              <textarea id={id} rows={3} maxLength={2000} value={answer.text ?? ''}
                onInput={(event) => set(question.id, { text: event.currentTarget.value })} />
            </div>
          );
        }
        return (
          <fieldset key={question.id} class="grade-scale">
            <legend>{question.title}</legend>
            {GRADES.map((grade) => (
              <label key={grade}>
                <input type="radio" name={`evaluation-${question.id}`} value={String(grade)} checked={answer.grade === grade}
                  onChange={() => set(question.id, { grade })} />
                <span>{grade}</span>
              </label>
            ))}
          </fieldset>
        );
      })}
      {error && <Message kind="error">{error}</Message>}
      <button type="submit" disabled={busy}>{t('portal.courses.evaluation.submit')}</button>
    </form>
  );
}
