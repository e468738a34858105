import { useEffect, useRef, useState } from 'preact/hooks';
import { Link, useParams } from 'wouter-preact';
import useSWR from 'swr';
import { FIELD_SALES_PATHS, type FieldAnswer, type FieldQuestion, type MyTask } from '@lp/shared/contract';
import { isAnswered } from '@lp/shared/rules';
import { api, errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { useDateFormat } from '../../lib/format.ts';
import { SaveQueue, type SaveState } from '../../lib/save-queue.ts';
import { Message } from '../../components/message/index.tsx';
import { taskAddress } from '../../lib/field-tasks.ts';
import { PhotoAnswer } from './PhotoAnswer.tsx';
import './field-task.css';

const K = 'portal.fieldSales';
const P = FIELD_SALES_PATHS;

/** The browser's position, or null when it is refused or does not come in time (check-in goes on without it). */
export function currentPosition(timeout = 10_000): Promise<{ latitude: number; longitude: number } | null> {
  return new Promise((resolve) => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) return resolve(null);
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ latitude: p.coords.latitude, longitude: p.coords.longitude }),
      () => resolve(null),
      { enableHighAccuracy: true, timeout, maximumAge: 60_000 },
    );
  });
}

const storageKey = (taskId: number) => `lp.field-task.${taskId}.answers`;

/** One stored entry read back: [questionId, answer] (storage is anyone's to change). */
function reviveAnswer(entry: unknown): [number, FieldAnswer] | null {
  if (!Array.isArray(entry) || !Number.isInteger(entry[0]) || typeof entry[1] !== 'object' || entry[1] === null) return null;
  return [entry[0] as number, entry[1] as FieldAnswer];
}

/**
 * spec 3 §1 a task in the field: check-in (time and the browser's position), the questionnaire
 * step by step with each answer saved as it is given (the portal's SaveQueue: retried until it
 * lands, kept across a reload), check-out, or "not realized" with a reason.
 */
export default function FieldTaskPage() {
  const id = Number(useParams<{ id: string }>().id);
  const { t } = useI18n();
  const dates = useDateFormat();
  const { data, error, mutate } = useSWR<MyTask>(P.myTask(id));
  const [answers, setAnswers] = useState<Record<number, FieldAnswer>>({});
  const [, setTick] = useState(0);
  const [step, setStep] = useState(0);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'error' | 'success' | 'info'; text: string } | null>(null);
  const [missing, setMissing] = useState<Set<number>>(new Set());
  const [reasonOpen, setReasonOpen] = useState(false);
  const [reason, setReason] = useState('');
  const queue = useRef<SaveQueue<number, FieldAnswer> | null>(null);
  const running = data?.task.status === 'in_progress';

  // the queue lives while the task is in progress; what a reload kept is sent again first
  useEffect(() => {
    if (!running) return undefined;
    const q = new SaveQueue<number, FieldAnswer>({
      // the answer's reply is the task as saved: a photo's stored file (and its URL) comes back with it
      send: async (answer, questionId) => { await mutate(await api.json<MyTask>(P.answer(id, questionId), { method: 'PUT', body: JSON.stringify(answer) }), { revalidate: false }); },
      onRefused: (_q, code) => setNotice({ kind: 'error', text: errorText(t, code) }),
      storage: window.localStorage,
      storageKey: storageKey(id),
      revive: reviveAnswer,
    });
    queue.current = q;
    const unsubscribe = q.subscribe(() => setTick((n) => n + 1));
    const kept = q.stored();
    if (kept.length) setAnswers((a) => ({ ...a, ...Object.fromEntries(kept) }));
    q.resume();
    return () => { unsubscribe(); q.stop(); queue.current = null; };
  }, [running, id, t, mutate]);

  // the server's answers, under what the page holds (a newer answer may still be on its way)
  useEffect(() => {
    if (!data) return;
    const given = Object.fromEntries(data.answers.filter((a) => a.question_id !== null).map((a) => [a.question_id as number, a.value]));
    setAnswers((a) => ({ ...given, ...a }));
  }, [data]);

  const steps = data?.questionnaire?.steps ?? [];
  const current = steps[Math.min(step, Math.max(steps.length - 1, 0))];
  const give = (question: FieldQuestion, value: FieldAnswer) => {
    setAnswers((a) => ({ ...a, [question.id]: value }));
    setMissing((m) => { const next = new Set(m); next.delete(question.id); return next; });
    void queue.current?.put(question.id, value);
  };

  const act = async (path: string, body: unknown, success: string) => {
    setBusy(true);
    setNotice(null);
    try {
      const next = await api.json<MyTask>(path, { method: 'POST', body: JSON.stringify(body) });
      await mutate(next, { revalidate: false });
      setNotice({ kind: 'success', text: t(`${K}.${success}`) });
      return true;
    } catch (e) {
      const code = errorCode(e);
      setNotice({ kind: 'error', text: errorText(t, code) });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const checkIn = async () => {
    setBusy(true);
    const position = await currentPosition();
    if (!position) setNotice({ kind: 'info', text: t(`${K}.no_position`) });
    await act(P.checkIn(id), position ?? {}, 'checked_in');
  };

  const checkOut = async () => {
    if (!data) return;
    // every required question answered here first (the server checks it again)
    const open = steps.flatMap((s) => s.questions).filter((q) => q.required && !isAnswered(q.question_type, answers[q.id]));
    if (open.length) {
      setMissing(new Set(open.map((q) => q.id)));
      setStep(steps.findIndex((s) => s.questions.some((q) => q.id === open[0]!.id)));
      setNotice({ kind: 'error', text: errorText(t, 'task_required_answers_missing') });
      return;
    }
    setBusy(true);
    await queue.current?.idle();
    const position = await currentPosition();
    if (await act(P.checkOut(id), position ?? {}, 'checked_out')) window.localStorage.removeItem(storageKey(id));
  };

  const notRealized = async (e: Event) => {
    e.preventDefault();
    if (!reason.trim()) {
      setNotice({ kind: 'error', text: errorText(t, 'make_sure_that_all_fields_are_filled_in') });
      return;
    }
    if (await act(P.notRealized(id), { reason }, 'not_realized_saved')) setReasonOpen(false);
  };

  const saveState = (qid: number): SaveState | undefined => queue.current?.state(qid);

  if (error) return <Message kind="error">{errorText(t, errorCode(error))}</Message>;
  if (!data) return <p class="loading">{t('portal.loading')}</p>;
  const { task, actions } = data;
  return (
    <section class="field-task" aria-labelledby="field-task-title">
      <p><Link href="/field_sales">{t(`${K}.back`)}</Link></p>
      <h1 id="field-task-title">{task.title || taskAddress(task)}</h1>
      <dl>
        <dt>{t(`${K}.when`)}</dt><dd>{dates.day(task.task_date)} · {task.start_time}–{task.end_time}</dd>
        <dt>{t(`${K}.where`)}</dt><dd>{taskAddress(task)}{task.complement ? ` (${task.complement})` : ''}</dd>
        <dt>{t(`${K}.status_label`)}</dt><dd><span class={`badge field-status-${task.status}`}>{t(`${K}.status.${task.status}`)}</span></dd>
        {task.observation && <><dt>{t(`${K}.observation`)}</dt><dd>{task.observation}</dd></>}
        {task.check_in && <><dt>{t(`${K}.check_in`)}</dt><dd>{dates.time(task.check_in.at)}{task.check_in.distance_m !== null ? ` · ${t(`${K}.distance`, { m: task.check_in.distance_m })}` : ''}</dd></>}
        {task.check_out && <><dt>{t(`${K}.check_out`)}</dt><dd>{dates.time(task.check_out.at)}</dd></>}
        {task.not_realized_reason && <><dt>{t(`${K}.reason`)}</dt><dd>{task.not_realized_reason}</dd></>}
      </dl>
      {notice && <Message kind={notice.kind}>{notice.text}</Message>}
      {actions.includes('check_in') && (
        <p class="field-actions"><button type="button" disabled={busy} onClick={() => void checkIn()}>{t(`${K}.do_check_in`)}</button></p>
      )}
      {running && current && (
        <form onSubmit={(e) => e.preventDefault()} noValidate>
          <h2>{t(`${K}.step`, { n: Math.min(step, steps.length - 1) + 1, total: steps.length })}: {current.title}</h2>
          {current.questions.map((q) => (
            <QuestionField key={q.id} question={q} value={answers[q.id]} invalid={missing.has(q.id)} state={saveState(q.id)} onAnswer={(v) => give(q, v)}
              fileUrl={data.answers.find((a) => a.question_id === q.id)?.file_url ?? null} />
          ))}
          <p class="field-steps">
            <button type="button" class="button-secondary" disabled={step === 0} onClick={() => setStep(step - 1)}>{t(`${K}.previous`)}</button>
            {step < steps.length - 1 && <button type="button" onClick={() => setStep(step + 1)}>{t(`${K}.next`)}</button>}
          </p>
        </form>
      )}
      {actions.includes('check_out') && (
        <p class="field-actions"><button type="button" disabled={busy} onClick={() => void checkOut()}>{t(`${K}.do_check_out`)}</button></p>
      )}
      {actions.includes('not_realized') && !reasonOpen && (
        <p class="field-actions"><button type="button" class="button-secondary" disabled={busy} onClick={() => setReasonOpen(true)}>{t(`${K}.do_not_realized`)}</button></p>
      )}
      {reasonOpen && (
        <form onSubmit={(e) => void notRealized(e)} noValidate>
          <label class="field-question">
            <span>{t(`${K}.reason`)}</span>
            <textarea rows={3} maxLength={2000} value={reason} onInput={(e) => setReason((e.currentTarget as HTMLTextAreaElement).value)} />
          </label>
          <p class="field-actions">
            <button type="button" class="button-secondary" onClick={() => setReasonOpen(false)}>{t(`${K}.cancel`)}</button>
            <button type="submit" disabled={busy}>{t(`${K}.confirm_not_realized`)}</button>
          </p>
        </form>
      )}
    </section>
  );
}

interface QuestionFieldProps {
  question: FieldQuestion;
  value: FieldAnswer | undefined;
  invalid: boolean;
  state: SaveState | undefined;
  onAnswer(value: FieldAnswer): void;
  /** a photo answer's stored file, as the server gave it */
  fileUrl?: string | null;
}

/** One question by its type (docs/api.md "Field-sales tasks"). */
export function QuestionField({ question: q, value, invalid, state, onAnswer, fileUrl = null }: QuestionFieldProps) {
  const { t } = useI18n();
  const ids = value?.option_ids ?? [];
  const name = `fq-${q.id}`;
  return (
    <fieldset class="field-question" aria-invalid={invalid ? 'true' : undefined}>
      <legend>{q.text}{!q.required && <small> ({t(`${K}.optional`)})</small>}</legend>
      {(q.question_type === 'single_choice' || q.question_type === 'multiple_choice') && q.options.map((label, i) => (
        <label key={i} class="field-option">
          <input
            type={q.question_type === 'multiple_choice' ? 'checkbox' : 'radio'} name={name} checked={ids.includes(i)}
            onChange={(e) => {
              const on = (e.currentTarget as HTMLInputElement).checked;
              const next = q.question_type === 'multiple_choice' ? (on ? [...ids, i].sort((a, b) => a - b) : ids.filter((x) => x !== i)) : [i];
              onAnswer({ option_ids: next });
            }}
          />
          <span>{label}</span>
        </label>
      ))}
      {q.question_type === 'yes_no' && ([true, false] as const).map((b) => (
        <label key={String(b)} class="field-option">
          <input type="radio" name={name} checked={value?.boolean === b} onChange={() => onAnswer({ boolean: b })} />
          <span>{t(`${K}.${b ? 'yes' : 'no'}`)}</span>
        </label>
      ))}
      {q.question_type === 'text' && (
        <textarea aria-label={q.text} rows={3} maxLength={4000} value={value?.text ?? ''} onInput={(e) => onAnswer({ text: (e.currentTarget as HTMLTextAreaElement).value })} />
      )}
      {q.question_type === 'number' && (
        <input aria-label={q.text} type="number" inputMode="decimal" value={value?.number ?? ''} onInput={(e) => {
          const n = (e.currentTarget as HTMLInputElement).valueAsNumber;
          if (Number.isFinite(n)) onAnswer({ number: n });
        }} />
      )}
      {q.question_type === 'photo' && <PhotoAnswer question={q} value={value} fileUrl={fileUrl} onAnswer={onAnswer} />}
      {invalid && <p class="field-error">{errorText(t, 'task_required_answers_missing')}</p>}
      {state && <p class="field-save" aria-live="polite">{t(`${K}.save_${state}`)}</p>}
    </fieldset>
  );
}
