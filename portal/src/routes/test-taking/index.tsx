import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { Link, useParams } from 'wouter-preact';
import type { Attempt, LearnerTraining } from '@lp/shared/contract';
import { api, errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { AnswerQueue, isRetriable } from '../../lib/answer-queue.ts';
import { clockOffset } from '../../lib/countdown.ts';
import { useTraining } from '../../hooks/use-training.ts';
import { Message } from '../../components/message/index.tsx';
import { TestQuestion } from '../../components/test-question/index.tsx';
import { TestCountdown } from '../../components/test-countdown/index.tsx';
import { TestResult } from '../../components/test-result/index.tsx';
import { TestIntro } from './TestIntro.tsx';
import { trainingAttemptPaths, type AttemptPaths, type TestActivity } from './testActivity.ts';

export { ownedTestActivity, type AttemptPaths, type TestActivity } from './testActivity.ts';

/** spec 2 §5.12: the server refuses a submit with unanswered questions. */
const ANSWER_ALL = 'you_must_answer_all_questions';
/** spec 2 §8 'Time expired': the server's clock ended the attempt. */
const TIME_EXPIRED = 'time_expired';
/** submitted meanwhile (another tab, or a retry that got through): the stored result stands */
const ALREADY_FINISHED = 'attempt_already_finished';

/** How long submitting at the deadline waits for answers still on their way (they are usually there). */
const EXPIRY_FLUSH_MS = 5000;
const SUBMIT_RETRY_MS = [1000, 2000, 4000, 8000, 15000];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const storageKey = (attemptId: number) => `lp-attempt-${attemptId}`;

/** /courses/:id/tests/:testId — start or resume an attempt, answer, submit, see the result (spec 2 §4.8). */
export default function TestTaking() {
  const { t } = useI18n();
  const params = useParams<{ id: string; testId: string }>();
  const testId = Number(params.testId);
  const { data: training, error } = useTraining(params.id);
  const activity = training?.activities.find((a): a is TestActivity => a.type === 'test' && a.id === testId && a.test !== null);
  const back = `/courses/${params.id}`;

  if (error) {
    return (
      <div class="test-taking">
        <Message kind="error">{errorText(t, errorCode(error))}</Message>
        <p><Link href="/courses">{t('portal.tests.back_to_catalogue')}</Link></p>
      </div>
    );
  }
  if (!training) return <p class="loading">{t('portal.loading')}</p>;
  if (!activity) {
    return (
      <div class="test-taking">
        <Message kind="error">{t('portal.tests.not_found')}</Message>
        <p><Link href={back}>{t('portal.tests.back_to_training')}</Link></p>
      </div>
    );
  }
  return <TrainingTestSession key={activity.id} training={training} activity={activity} back={back} />;
}

function TrainingTestSession({ training, activity, back }: { training: LearnerTraining; activity: TestActivity; back: string }) {
  const { mutate } = useTraining(training.id);
  const paths = useMemo(() => trainingAttemptPaths(training.id, activity.id), [training.id, activity.id]);
  // a downloaded training's test is answered offline on the attempt the download opened (lib/offline)
  const offline = useCallback(async () => (await import('../../lib/offline/fallback.ts')).keptAttempt(training.id, activity.id), [training.id, activity.id]);
  return <TestSession paths={paths} activity={activity} back={back} refresh={() => void mutate()} offlineAttempt={offline} />;
}

type Phase = 'intro' | 'starting' | 'answering' | 'submitting' | 'done';

export interface TestSessionProps {
  paths: AttemptPaths;
  activity: TestActivity;
  /** the page the test belongs to (the training, or the webcast) */
  back: string;
  /** the owner's page data changed (a submit) */
  refresh(): void;
  /** the translation key of the way back (the training's by default) */
  backLabel?: string;
  /** without a connection: the attempt kept for offline answering, if there is one */
  offlineAttempt?(): Promise<Attempt | null>;
}

/** One test taken from its intro to its result; the calls go to `paths`. */
export function TestSession({ paths, activity, back, refresh, backLabel = 'portal.tests.back_to_training', offlineAttempt }: TestSessionProps) {
  const { t } = useI18n();
  const mutate = refresh;
  const test = activity.test;
  const [phase, setPhase] = useState<Phase>('intro');
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const [offset, setOffset] = useState(0);
  const [answers, setAnswers] = useState<Map<number, number>>(new Map());
  const [confirmed, setConfirmed] = useState<Set<number>>(new Set());
  const [missing, setMissing] = useState<Set<number>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [submitRetrying, setSubmitRetrying] = useState(false);
  const [, setTick] = useState(0);
  const queue = useRef<AnswerQueue | null>(null);
  const alive = useRef(true);
  const questionsRef = useRef<HTMLDivElement>(null);

  useEffect(() => () => {
    alive.current = false;
    queue.current?.stop();
  }, []);

  const begin = useCallback((next: Attempt) => {
    queue.current?.stop();
    setAttempt(next);
    setOffset(clockOffset(next.server_now));
    setMissing(new Set());
    if (next.status !== 'in_progress') {
      setExpired(next.status === 'expired');
      setPhase('done');
      return;
    }
    const given = new Map<number, number>();
    const final = new Set<number>();
    for (const q of next.questions) {
      if (q.answer_id !== null) given.set(q.id, q.answer_id);
      if (q.confirmed) final.add(q.id);
    }
    const created = new AnswerQueue({
      save: (questionId, answer) => api.json(paths.answer(next.id, questionId), {
        method: 'PUT',
        body: JSON.stringify(answer.confirm ? answer : { answer_id: answer.answer_id }),
      }),
      onRefused: (_questionId, code) => {
        if (code === TIME_EXPIRED) setExpired(true);
        else if (code === ALREADY_FINISHED) void reloadRef.current();
        else setError(errorText(t, code));
      },
      storage: window.localStorage,
      storageKey: storageKey(next.id),
    });
    queue.current = created;
    created.subscribe(() => setTick((n) => n + 1));
    // answers given before a reload that the server had not stored yet are sent again, in
    // the order they were given (a timed attempt takes them one question after the other)
    for (const [questionId, kept] of created.stored()) {
      const question = next.questions.find((q) => q.id === questionId);
      if (!question || question.confirmed || !question.answers.some((a) => a.id === kept.answer_id)) continue;
      given.set(questionId, kept.answer_id);
      if (kept.confirm) final.add(questionId);
      created.give(questionId, kept.answer_id, kept.confirm);
    }
    setAnswers(given);
    setConfirmed(final);
    setExpired(false);
    setPhase('answering');
  }, [paths, t]);

  const start = useCallback(async () => {
    setPhase('starting');
    setError(null);
    try {
      begin(await api.json<Attempt>(paths.attempts, { method: 'POST' }));
    } catch (failure) {
      const kept = isRetriable(failure) && offlineAttempt ? await offlineAttempt().catch(() => null) : null;
      if (!alive.current) return;
      // offline: the answers wait in the queue (and in storage) until the connection is back
      if (kept?.status === 'in_progress') {
        begin(kept);
        return;
      }
      setError(isRetriable(failure) ? t('portal.tests.connection_failed') : errorText(t, errorCode(failure)));
      setPhase('intro');
    }
  }, [paths, begin, t, offlineAttempt]);

  // an attempt in progress is resumed at once, with the answers the server holds; only when the
  // page opens (the training refreshes after a submit and must not start anything by itself)
  const resumeAtOpen = useRef(test.open_attempt_id !== null);
  useEffect(() => {
    if (resumeAtOpen.current) void start();
    resumeAtOpen.current = false;
  }, [start]);

  const timed = attempt?.one_at_a_time ?? false;
  const questions = attempt?.questions ?? [];
  const current = timed ? questions.find((q) => !confirmed.has(q.id)) ?? null : null;

  // timed types: while the clock runs, leaving or reloading asks first (spec 2 §4.8 "in one session")
  useEffect(() => {
    if (!attempt?.timed || phase !== 'answering') return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [attempt?.timed, phase]);

  // after a confirmation the next question takes the focus
  useEffect(() => {
    if (timed && current) questionsRef.current?.querySelector<HTMLInputElement>('input[type=radio]')?.focus();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the focus moves once per confirmed question
  }, [timed, current?.id]);

  const choose = (questionId: number, answerId: number) => {
    if (expired || phase !== 'answering' || confirmed.has(questionId)) return;
    setAnswers((before) => new Map(before).set(questionId, answerId));
    setMissing((before) => {
      const next = new Set(before);
      next.delete(questionId);
      return next;
    });
    setError(null);
    queue.current?.give(questionId, answerId);
  };

  const confirm = (questionId: number) => {
    const answerId = answers.get(questionId);
    if (answerId === undefined) {
      setError(t('portal.tests.choose_first'));
      return;
    }
    setConfirmed((before) => new Set(before).add(questionId));
    setError(null);
    queue.current?.give(questionId, answerId, true);
  };

  const submitting = useRef(false);
  const submit = async (reason: 'user' | 'expired') => {
    if (!attempt || submitting.current || phase === 'done') return;
    if (reason === 'user') {
      const unanswered = questions.filter((q) => (timed ? !confirmed.has(q.id) : !answers.has(q.id)));
      if (unanswered.length > 0) {
        setMissing(new Set(unanswered.map((q) => q.id)));
        setError(t('portal.tests.answer_all'));
        const first = questionsRef.current?.querySelector<HTMLInputElement>(`input[name="question-${unanswered[0]!.id}"]`);
        first?.focus();
        return;
      }
    }
    submitting.current = true;
    try {
      await send(reason);
    } finally {
      submitting.current = false;
    }
  };

  const send = async (reason: 'user' | 'expired') => {
    if (!attempt) return;
    setPhase('submitting');
    setError(null);
    const saving = queue.current?.idle() ?? Promise.resolve();
    await (reason === 'expired' ? Promise.race([saving, sleep(EXPIRY_FLUSH_MS)]) : saving);
    // submitting twice is harmless on the server (idempotent): a failure is simply tried again
    for (let tries = 0; alive.current; tries++) {
      try {
        const finished = await api.json<Attempt>(paths.submit(attempt.id), { method: 'POST' });
        if (!alive.current) return;
        queue.current?.stop();
        queue.current?.clearStorage();
        setSubmitRetrying(false);
        setAttempt(finished);
        setPhase('done');
        void mutate();
        return;
      } catch (failure) {
        if (!alive.current) return;
        if (isRetriable(failure)) {
          setSubmitRetrying(true);
          await sleep(SUBMIT_RETRY_MS[Math.min(tries, SUBMIT_RETRY_MS.length - 1)]!);
          continue;
        }
        setSubmitRetrying(false);
        const code = errorCode(failure);
        if (code === TIME_EXPIRED || code === ALREADY_FINISHED) {
          setExpired(code === TIME_EXPIRED);
          await reload();
          return;
        }
        setError(code === ANSWER_ALL ? t('portal.tests.answer_all') : errorText(t, code));
        setPhase('answering');
        return;
      }
    }
  };

  /** The server ended the attempt on its own (deadline): show what it recorded. */
  const reload = async () => {
    if (!attempt) return;
    try {
      const stored = await api.json<Attempt>(paths.attempt(attempt.id));
      if (!alive.current) return;
      queue.current?.stop();
      queue.current?.clearStorage();
      setAttempt(stored);
      setPhase(stored.status === 'in_progress' ? 'answering' : 'done');
      void mutate();
    } catch (failure) {
      if (alive.current) setError(errorText(t, errorCode(failure)));
    }
  };

  // the countdown reaching zero, or a save refused with "time expired", ends the attempt
  const reloadRef = useRef(reload);
  reloadRef.current = reload;

  const onExpire = useCallback(() => setExpired(true), []);
  const submitOnExpiry = useRef(submit);
  submitOnExpiry.current = submit;
  useEffect(() => {
    if (expired) void submitOnExpiry.current('expired');
  }, [expired]);

  // the queue tells of every change through setTick
  const q = queue.current;
  // "all saved" only once every question has an answer; before that, say how many are
  const answered = questions.filter((question) => answers.has(question.id)).length;
  const saveSummary = !q || phase !== 'answering' ? ''
    : q.offline ? t('portal.tests.saving_offline')
      : q.busy ? t('portal.tests.saving')
        : answered === 0 ? ''
          : answered < questions.length ? t('portal.tests.some_saved', { n: answered, count: questions.length })
            : t('portal.tests.all_saved');

  const title = <h1>{activity.title}</h1>;

  if (phase === 'done' && attempt) {
    return (
      <div class="test-taking">
        {title}
        {expired && attempt.status !== 'expired' && <Message kind="info">{t('portal.tests.time_expired')}</Message>}
        <TestResult attempt={attempt} trainingHref={back} backLabel={backLabel} onRetry={() => void start()} />
      </div>
    );
  }

  if (!attempt || phase === 'intro' || phase === 'starting') {
    return (
      <div class="test-taking">
        {title}
        <TestIntro activity={activity} starting={phase === 'starting'} error={error} onStart={() => void start()} back={back} backLabel={backLabel} />
      </div>
    );
  }

  const shown = timed ? (current ? [current] : []) : questions;
  const done = phase === 'submitting' || expired;
  return (
    <div class="test-taking">
      {title}
      {attempt.timed && attempt.deadline_at && (
        <TestCountdown deadlineAt={attempt.deadline_at} offsetMs={offset} onExpire={onExpire} />
      )}
      {expired && <Message kind="error">{t('portal.tests.time_expired')}</Message>}
      {error && !expired && <Message kind="error">{error}</Message>}
      <p class="test-save-summary" role="status">{saveSummary}</p>
      <form class="test-form" noValidate onSubmit={(event) => { event.preventDefault(); void submit('user'); }}>
        <div ref={questionsRef}>
          {shown.map((q) => (
            <TestQuestion key={q.id} question={q} number={questions.indexOf(q) + 1} total={questions.length}
              value={answers.get(q.id) ?? null} disabled={done || confirmed.has(q.id)}
              saveState={queue.current?.state(q.id)} missing={missing.has(q.id)} onChange={(a) => choose(q.id, a)} />
          ))}
        </div>
        {timed && current && (
          <div class="actions">
            <button type="button" onClick={() => confirm(current.id)} disabled={done || !answers.has(current.id)}>
              {t('portal.tests.confirm')}
            </button>
            <p class="help-text">{t('portal.tests.confirm_help')}</p>
          </div>
        )}
        {timed && !current && <Message kind="info">{t('portal.tests.all_confirmed')}</Message>}
        {(!timed || !current) && (
          <div class="actions">
            <button type="submit" disabled={done}>
              {phase === 'submitting' ? t('portal.tests.submitting') : t('portal.tests.submit')}
            </button>
          </div>
        )}
        {phase === 'submitting' && submitRetrying && <Message kind="info">{t('portal.tests.submit_retrying')}</Message>}
      </form>
    </div>
  );
}
