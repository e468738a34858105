import { useState } from 'preact/hooks';
import { LEARNER_REWARD_PATHS, REWARD_UPLOAD_KINDS, type LearnerCampaign, type PhotoInput, type PhotoUpload } from '@lp/shared/contract';
import { errorCode, send } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { uploadInvoice } from '../../lib/invoice-upload.ts';
import { Message } from '../../components/message/index.tsx';

const K = 'portal.rewards.photos';

/**
 * spec 3 §2 "upload photos", §3 "Photo upload: photo_type, photo information, status, reproval
 * reason": the learner files a photo under a type (the phone's camera opens: capture), and sees
 * theirs with the audit's outcome — a reproved one with its reason.
 */
export function Photos({ campaign, photos, onSaved }: { campaign: LearnerCampaign; photos: PhotoUpload[]; onSaved(): void }) {
  const { t } = useI18n();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    if (!file) { setError('make_sure_that_all_fields_are_filled_in'); return; }
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      const upload = await uploadInvoice(file, REWARD_UPLOAD_KINDS.photo);
      const typeId = data.get('photo_type_id');
      const body: PhotoInput = { photo_type_id: typeId ? Number(typeId) : null, information: String(data.get('information') ?? '').trim(), upload };
      await send<PhotoUpload>(LEARNER_REWARD_PATHS.photos(campaign.id), 'POST', body);
      form.reset();
      setFile(null);
      setDone(true);
      onSaved();
    } catch (e) {
      setError(errorCode(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <form class="reward-form" onSubmit={(e) => void submit(e)}>
        {done && <Message kind="success">{t(`${K}.sent`)}</Message>}
        {error && <Message kind="error">{errorText(t, error)}</Message>}
        {campaign.photo_types.length > 0 && (
          <label>{t(`${K}.type`)}
            <select name="photo_type_id" required>
              <option value="">{t(`${K}.choose_type`)}</option>
              {campaign.photo_types.map((p) => <option key={p.id} value={p.id}>{p.name}</option>)}
            </select>
          </label>
        )}
        <label>{t(`${K}.information`)}<textarea name="information" maxLength={2000} rows={3} /></label>
        <label>{t(`${K}.photo`)}
          <input type="file" name="photo" accept="image/jpeg,image/png" capture="environment" onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)} />
        </label>
        <button type="submit" disabled={busy}>{t(busy ? `${K}.sending` : `${K}.submit`)}</button>
      </form>
      <h2>{t(`${K}.mine`)}</h2>
      {photos.length === 0 && <p>{t(`${K}.empty`)}</p>}
      <ul class="reward-cards">
        {photos.map((p) => (
          <li key={p.id} class="reward-card">
            <img src={p.url} alt={p.photo_type ?? t(`${K}.photo`)} loading="lazy" />
            <strong>{p.photo_type ?? '—'}</strong>
            <span>{t(`portal.rewards.sale_statuses.${p.status}`)}</span>
            {p.status === 'reproved' && p.reproval_reason && <small class="reward-comment">{p.reproval_reason}</small>}
            {p.information && <small>{p.information}</small>}
          </li>
        ))}
      </ul>
    </>
  );
}
