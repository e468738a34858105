import { useEffect, useState } from 'preact/hooks';
import { Link, Redirect, useParams } from 'wouter-preact';
import useSWR, { useSWRConfig } from 'swr';
import { LEARNER_SURVEY_PATHS, type LearnerSurvey, type LearnerSurveyCard, type SurveyAnswer } from '@lp/shared/contract';
import { allowsManyOptions, hasOptions, takesText, validateSurveyAnswers } from '@lp/shared/rules';
import { api, errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { SESSION_USER_KEY, useSessionUser } from '../../hooks/use-session-user.ts';
import { Message } from '../../components/message/index.tsx';
import './survey.css';

const K = 'portal.surveys';
type Answers = Record<number, SurveyAnswer>;

const toMap = (answers: readonly SurveyAnswer[]): Answers => Object.fromEntries(answers.map((a) => [a.question_id, a]));

/**
 * spec 3 §3, §5 answering a survey: one field per question by its type; "Save and continue later"
 * keeps a draft on the server; sending checks "Select at least one option" and the mandatory
 * questions first (shared validateSurveyAnswers, as the server does). `/surveys/mandatory` is the
 * gate's: the learner's first open mandatory survey, with no way back until it is answered.
 */
export default function SurveyPage() {
  const params = useParams<{ id: string }>();
  const gate = params.id === 'mandatory';
  const { data: list } = useSWR<LearnerSurveyCard[]>(gate ? LEARNER_SURVEY_PATHS.surveys : null);
  // the gate's survey stays on the page once answered (its thanks, then the way on)
  const [chosen, setChosen] = useState<number | undefined>(undefined);
  const pending = list?.find((s) => s.mandatory && !s.answered)?.id;
  useEffect(() => { if (gate && chosen === undefined && pending !== undefined) setChosen(pending); }, [gate, chosen, pending]);
  const id = gate ? chosen ?? pending : Number(params.id);
  const { t } = useI18n();
  // nothing mandatory left (a session read before the answer sent the learner here): on to the home
  if (gate && list && id === undefined) return <Redirect to="/home" replace />;
  if (id === undefined) return <p class="loading">{t('portal.loading')}</p>;
  return <SurveyForm id={id} gate={gate} />;
}

function SurveyForm({ id, gate }: { id: number; gate: boolean }) {
  const { t } = useI18n();
  const { mutate } = useSWRConfig();
  const { data: user } = useSessionUser();
  const { data: survey, error, mutate: reload } = useSWR<LearnerSurvey>(LEARNER_SURVEY_PATHS.survey(id));
  const [answers, setAnswers] = useState<Answers>({});
  const [fields, setFields] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => { if (survey) setAnswers(toMap(survey.answers)); }, [survey]);

  if (error) return <Message kind="error">{errorText(t, errorCode(error))}</Message>;
  if (!survey) return <p class="loading">{t('portal.loading')}</p>;
  const locked = survey.answered;
  const answerOf = (qid: number): SurveyAnswer => answers[qid] ?? { question_id: qid, answer_ids: [], answer_text: null };
  const change = (qid: number, next: Partial<SurveyAnswer>) => setAnswers({ ...answers, [qid]: { ...answerOf(qid), ...next } });
  const given = () => Object.values(answers);

  const save = async (final: boolean) => {
    setNotice(null);
    const shapes = survey.questions.map((q) => ({ id: q.id, question_type: q.question_type, is_mandatory: q.is_mandatory, option_ids: q.options.map((o) => o.id) }));
    const problems = validateSurveyAnswers(shapes, given(), final);
    setFields(problems);
    if (Object.keys(problems).length) {
      setNotice({ kind: 'error', text: errorText(t, Object.values(problems)[0]!) });
      return;
    }
    setBusy(true);
    try {
      const path = final ? LEARNER_SURVEY_PATHS.submit(id) : LEARNER_SURVEY_PATHS.draft(id);
      await api.json(path, { method: final ? 'POST' : 'PUT', body: JSON.stringify({ answers: given() }) });
      if (final) {
        // the gate opens once the session no longer names an unanswered mandatory survey
        await Promise.all([reload(), mutate(LEARNER_SURVEY_PATHS.surveys), mutate(SESSION_USER_KEY)]);
      }
      setNotice({ kind: 'success', text: t(`${K}.${final ? 'sent' : 'saved'}`) });
    } catch (e) {
      setNotice({ kind: 'error', text: errorText(t, errorCode(e)) });
    } finally {
      setBusy(false);
    }
  };

  const feedback = new Map((survey.feedback ?? []).map((f) => [f.question_id, f.counts]));
  return (
    <section class="survey" aria-labelledby="survey-title">
      {gate && !locked && <Message kind="info">{t(`${K}.gate`)}</Message>}
      <h1 id="survey-title">{survey.title}</h1>
      {survey.description && <div class="survey-description" dangerouslySetInnerHTML={{ __html: survey.description }} />}
      <form onSubmit={(e) => { e.preventDefault(); void save(true); }} noValidate>
        {survey.questions.map((q, index) => {
          const a = answerOf(q.id);
          const problem = fields[`questions.${q.id}`];
          const counts = feedback.get(q.id);
          const many = allowsManyOptions(q.question_type);
          return (
            <fieldset key={q.id} class="survey-question" aria-invalid={problem ? 'true' : undefined} aria-describedby={problem ? `q-${q.id}-error` : undefined}>
              <legend>
                <span>{index + 1}. </span>
                <span dangerouslySetInnerHTML={{ __html: q.title }} />
                {!q.is_mandatory && <small> ({t(`${K}.optional`)})</small>}
              </legend>
              {hasOptions(q.question_type) && q.options.map((o) => (
                <label key={o.id} class="survey-option">
                  <input
                    type={many ? 'checkbox' : 'radio'} name={`q-${q.id}`} value={o.id} disabled={locked}
                    checked={a.answer_ids.includes(o.id)}
                    onChange={(e) => {
                      const on = (e.currentTarget as HTMLInputElement).checked;
                      const ids = many ? (on ? [...a.answer_ids, o.id] : a.answer_ids.filter((x) => x !== o.id)) : [o.id];
                      change(q.id, { answer_ids: ids });
                    }}
                  />
                  <span dangerouslySetInnerHTML={{ __html: o.title }} />
                  {counts && <small class="survey-count">{t(`${K}.feedback`, { count: counts[o.id] ?? 0 })}</small>}
                </label>
              ))}
              {takesText(q.question_type) && (
                <label class="survey-text">
                  <span>{t(`${K}.${q.question_type === 'dissertative' ? 'your_answer' : 'justification'}`)}</span>
                  <textarea rows={3} maxLength={5000} disabled={locked} value={a.answer_text ?? ''}
                    onInput={(e) => change(q.id, { answer_text: (e.currentTarget as HTMLTextAreaElement).value })} />
                </label>
              )}
              {problem && <p class="field-error" id={`q-${q.id}-error`}>{errorText(t, problem)}</p>}
            </fieldset>
          );
        })}
        {notice && <Message kind={notice.kind}>{notice.text}</Message>}
        {!locked && (
          <p class="survey-actions">
            <button type="button" class="button-secondary" disabled={busy} onClick={() => void save(false)}>{t(`${K}.save_draft`)}</button>
            <button type="submit" disabled={busy}>{t(`${K}.submit`)}</button>
          </p>
        )}
      </form>
      {locked && !user?.has_mandatory_surveys && <p><Link href={gate ? '/home' : '/surveys'}>{t(gate ? 'portal.nav.home' : `${K}.back`)}</Link></p>}
    </section>
  );
}
