import { useId, useState } from 'preact/hooks';
import { FAQ_LIMITS, validateAskedQuestion } from '@lp/shared/rules';
import { FAQ_PATHS } from '@lp/shared/contract';
import { errorCode, send } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { Field } from '../field/index.tsx';
import { Message } from '../message/index.tsx';
import { useCaptcha } from '../captcha/use-captcha.tsx';
import { useLoginParams } from '../../hooks/use-login-params.ts';
import '../faq-list/faq.css';

/**
 * "send your question" (spec 3 §2; spec 1 §2.1): a visitor of the login page gives a name and an
 * e-mail to be answered at; a logged-in learner only the question. The FAQ managers receive it.
 */
export function AskQuestion({ visitor }: { visitor: boolean }) {
  const { t } = useI18n();
  const questionId = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [question, setQuestion] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const { data: params } = useLoginParams();
  // spec 1 §5.5: the visitor's form carries the captcha while use_recaptcha is on
  const captcha = useCaptcha(visitor && !!params?.use_recaptcha);

  async function submit(event: Event) {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const fields = validateAskedQuestion({ name, email, question }, { visitor });
    const first = Object.keys(fields)[0];
    if (first) {
      setError(errorText(t, fields[first]!));
      form.querySelector<HTMLElement>(first === 'question' ? 'textarea' : `[data-field="${first}"] input`)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await send(visitor ? FAQ_PATHS.publicAsk : FAQ_PATHS.learnerAsk, 'POST', visitor ? { name, email, question, ...captcha.body } : { question });
      setSent(true);
      setQuestion('');
    } catch (failure) {
      setError(errorText(t, errorCode(failure)));
    } finally {
      if (visitor) captcha.spent();
      setBusy(false);
    }
  }

  return (
    <form class="form faq-ask" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${questionId}-title`}>
      <h2 id={`${questionId}-title`}>{t('portal.faq.ask.title')}</h2>
      {sent && <Message kind="success">{t('portal.faq.ask.sent')}</Message>}
      {error && <Message kind="error">{error}</Message>}
      {visitor && (
        <>
          <NamedField name="name" label={t('portal.faq.ask.name')} value={name} onValue={setName} autoComplete="name" />
          <NamedField name="email" label={t('portal.faq.ask.email')} value={email} onValue={setEmail} type="email" autoComplete="email" />
        </>
      )}
      <div class="field">
        <label for={questionId}>{t('portal.faq.ask.question')}</label>
        <textarea id={questionId} name="question" rows={4} maxLength={FAQ_LIMITS.askedMax} required value={question}
          onInput={(event) => setQuestion(event.currentTarget.value)} />
      </div>
      {captcha.field}
      <button type="submit" disabled={busy}>{t('portal.faq.ask.submit')}</button>
    </form>
  );
}

/** The shared Field, wrapped so the form can find (and focus) it by its field name. */
function NamedField({ name, ...props }: Parameters<typeof Field>[0] & { name: string }) {
  return <div data-field={name}><Field {...props} required /></div>;
}
