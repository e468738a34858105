import { useId, useState } from 'preact/hooks';
import { errorCode, send } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { Message } from '../message/index.tsx';
import { StarRating } from '../star-rating/index.tsx';

export interface CommentFormProps {
  /** where the comment is POSTed ({ comment, stars? }) */
  path: string;
  /** the star rating beside the text; news comments have none (spec 3 §9) */
  withStars: boolean;
  /** the content's own words for the field, the stars and the button */
  texts: { label: string; stars: string; submit: string };
  /** accepted (true), or refused as a repeat (false: spec 2 §8 'you already commented') */
  onDone(accepted: boolean): void;
}

/** spec 2 §4.10: the one comment a learner leaves after finishing (trainings, trails, podcasts, news). */
export function CommentForm({ path, withStars, texts, onDone }: CommentFormProps) {
  const { t } = useI18n();
  const id = useId();
  const [text, setText] = useState('');
  const [stars, setStars] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: Event) {
    event.preventDefault();
    if (!text.trim()) {
      setError(errorText(t, 'make_sure_that_all_fields_are_filled_in'));
      document.getElementById(id)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await send(path, 'POST', { comment: text.trim(), ...(stars ? { stars } : {}) });
      onDone(true);
    } catch (failure) {
      const code = errorCode(failure);
      setError(errorText(t, code));
      // the form goes, the message stays
      if (code === 'you_already_commented') onDone(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="form comment-form" onSubmit={(event) => void submit(event)} noValidate>
      <div class="field">
        <label for={id}>{texts.label}</label>
        <textarea id={id} rows={3} maxLength={2000} required value={text} onInput={(event) => setText(event.currentTarget.value)} />
      </div>
      {withStars && <StarRating legend={texts.stars} value={stars} onChange={setStars} />}
      {error && <Message kind="error">{error}</Message>}
      <button type="submit" disabled={busy}>{texts.submit}</button>
    </form>
  );
}
