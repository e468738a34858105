import { useState } from 'preact/hooks';
import { Link, useParams } from 'wouter-preact';
import useSWR from 'swr';
import { LEARNER_DRILL_PATHS, type DrillAnswered, type LearnerDrillDay } from '@lp/shared/contract';
import { errorCode, send } from '../../lib/api.ts';
import { clockOffset } from '../../lib/countdown.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { Message } from '../../components/message/index.tsx';
import { TestCountdown } from '../../components/test-countdown/index.tsx';
import { TestQuestion } from '../../components/test-question/index.tsx';

const K = 'portal.drills';

/**
 * /drills/:id — today's questions of a drill, one at a time (spec 3 §3 "Drill"): the countdown of
 * the question shown is the server's (its deadline and clock); at zero, or when the server answers
 * "Time expired", the day is read again and the next question comes with its own time.
 */
export default function Drill() {
  const { t } = useI18n();
  const id = Number(useParams<{ id: string }>().id);
  const path = LEARNER_DRILL_PATHS.today(id);
  const { data, error, mutate } = useSWR<LearnerDrillDay>(Number.isInteger(id) && id > 0 ? path : null, { revalidateOnFocus: false });
  const [choice, setChoice] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<DrillAnswered | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  if (error) {
    return (
      <div class="test-taking">
        <Message kind={errorCode(error) === 'drill_no_questions_today' || errorCode(error) === 'drill_already_approved' ? 'info' : 'error'}>
          {errorText(t, errorCode(error))}
        </Message>
        <p><Link href="/drills">{t(`${K}.back`)}</Link></p>
      </div>
    );
  }
  if (!data) return <p class="loading">{t('portal.loading')}</p>;
  const current = data.current;
  const offset = clockOffset(data.server_now);

  const confirm = async () => {
    if (!current || choice === null) return;
    setBusy(true);
    setProblem(null);
    try {
      const answered = await send<DrillAnswered>(LEARNER_DRILL_PATHS.answer(id), 'POST', { question_id: current.id, answer_id: choice });
      setFeedback(answered);
      setChoice(null);
      await mutate(answered.day, { revalidate: false });
    } catch (failure) {
      setProblem(errorText(t, errorCode(failure)));
      setChoice(null);
      await mutate();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="test-taking">
      <h1>{data.title}</h1>
      <p>{t(`${K}.progress`, { done: data.answered.length, count: data.total_today })} · {t(`${K}.score`, { correct: data.correct, count: data.minimum_score })}</p>
      {problem && <Message kind="error">{problem}</Message>}
      {feedback && feedback.correct !== null && (
        <Message kind={feedback.correct ? 'success' : 'info'}>{t(`${K}.${feedback.correct ? 'right' : 'wrong'}`)}</Message>
      )}
      {current ? (
        <>
          {current.deadline_at && (
            <TestCountdown key={`${current.id}-${current.deadline_at}`} deadlineAt={current.deadline_at} offsetMs={offset} onExpire={() => { setChoice(null); void mutate(); }} />
          )}
          <TestQuestion
            question={{ id: current.id, position: current.position, title: current.title, answers: current.answers, answer_id: choice, confirmed: false }}
            number={data.answered.length + 1} total={data.total_today} value={choice} disabled={busy} onChange={setChoice} />
          <button type="button" class="button" disabled={busy || choice === null} onClick={() => void confirm()}>{t(`${K}.confirm`)}</button>
        </>
      ) : (
        <Message kind="success">{t(data.approved ? `${K}.done_approved` : `${K}.done`)}</Message>
      )}
      {data.show_feedback && data.answered.length > 0 && (
        <ol class="drill-answered">
          {data.answered.map((q) => (
            <li key={q.id}>
              {q.timed_out ? t(`${K}.timed_out`) : t(`${K}.${q.correct ? 'right' : 'wrong'}`)}
              {!q.correct && q.correct_answer_id !== null && (
                <span>{' '}{t(`${K}.right_answer`, { answer: q.answers.find((a) => a.id === q.correct_answer_id)?.title.replace(/<[^>]*>/g, '') ?? '' })}</span>
              )}
            </li>
          ))}
        </ol>
      )}
      <p><Link href="/drills">{t(`${K}.back`)}</Link></p>
    </div>
  );
}
