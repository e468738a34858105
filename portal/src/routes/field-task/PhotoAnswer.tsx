import { useEffect, useState } from 'preact/hooks';
import { FIELD_TASK_PHOTO_UPLOAD_KIND, type FieldAnswer, type FieldQuestion } from '@lp/shared/contract';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { uploadInvoice } from '../../lib/invoice-upload.ts';

const K = 'portal.fieldSales';

interface PhotoAnswerProps {
  question: FieldQuestion;
  value: FieldAnswer | undefined;
  /** the stored photo's URL (the server's answer), when there is one */
  fileUrl: string | null;
  onAnswer(value: FieldAnswer): void;
}

/**
 * spec 3 §1 "photo answers from the camera": a file input with `capture` opens the phone's
 * camera (a desktop browser, or a phone that declines, offers its file picker instead — the same
 * input). The picture goes up as a tus upload of kind field_task_photo; the answer then names the
 * upload and joins the page's answer queue like any other answer, and the server checks the
 * image when it saves it. A failed upload is said and nothing is queued: take the photo again.
 */
export function PhotoAnswer({ question, value, fileUrl, onAnswer }: PhotoAnswerProps) {
  const { t } = useI18n();
  const [preview, setPreview] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => { if (preview) URL.revokeObjectURL(preview); }, [preview]);

  const take = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setError(null);
    setSending(true);
    setPreview(URL.createObjectURL(file));
    try {
      onAnswer({ file: await uploadInvoice(file, FIELD_TASK_PHOTO_UPLOAD_KIND) });
    } catch (e) {
      setPreview(null);
      setError(errorText(t, errorCode(e)));
    } finally {
      setSending(false);
      input.value = '';
    }
  };

  const shown = preview ?? (value?.file ? fileUrl : null);
  const id = `fq-photo-${question.id}`;
  return (
    <div class="field-photo">
      {shown && <img src={shown} alt={t(`${K}.photo_of`, { question: question.text })} />}
      <label class="field-photo-take" for={id}>{t(`${K}.${value?.file || preview ? 'photo_retake' : 'photo_take'}`)}</label>
      <input id={id} class="visually-hidden" type="file" accept="image/jpeg,image/png" capture="environment" disabled={sending}
        onChange={(e) => void take(e.currentTarget as HTMLInputElement)} />
      {sending && <p class="field-save" aria-live="polite">{t(`${K}.photo_sending`)}</p>}
      {error && <p class="field-error" role="alert">{error}</p>}
    </div>
  );
}
