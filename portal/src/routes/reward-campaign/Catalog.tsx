import { useState } from 'preact/hooks';
import { LEARNER_REWARD_PATHS, PHONE_KINDS, type LearnerCampaign, type RedeemBody, type RedeemOrder, type Reward } from '@lp/shared/contract';
import { errorCode, send } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { Message } from '../../components/message/index.tsx';
import { useRewardCatalog } from '../../hooks/use-rewards.ts';

const K = 'portal.rewards.catalog';

/** The requester data and address of a redemption (spec 3 §3 "Redeem order"; phone kinds of spec 1 §9). */
function RedeemForm({ campaign, reward, onDone, onCancel }: { campaign: LearnerCampaign; reward: Reward; onDone(order: RedeemOrder): void; onCancel(): void }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    const d = new FormData(event.currentTarget as HTMLFormElement);
    const s = (k: string) => String(d.get(k) ?? '').trim();
    const body: RedeemBody = {
      reward_id: reward.id, quantity: 1,
      requester: {
        name: s('name'), email: s('email'),
        phone: { kind: s('phone_kind') as RedeemBody['requester']['phone']['kind'], country_code: s('country_code'), area_code: s('area_code'), number: s('number') },
        address: { zip_code: s('zip_code'), street: s('street'), number: s('house_number'), complement: s('complement'), district: s('district'), city: s('city'), state: s('state'), country: s('country') },
      },
    };
    setBusy(true);
    setError(null);
    try {
      onDone(await send<RedeemOrder>(LEARNER_REWARD_PATHS.redeem(campaign.id), 'POST', body));
    } catch (e) {
      setError(errorCode(e));
    } finally {
      setBusy(false);
    }
  };
  const field = (name: string, extra: Record<string, unknown> = {}) => <label>{t(`${K}.fields.${name}`)}<input name={name} {...extra} /></label>;
  return (
    <form class="reward-form" onSubmit={(e) => void submit(e)} aria-label={t(`${K}.redeem_title`, { title: reward.reward_title })}>
      <h3>{t(`${K}.redeem_title`, { title: reward.reward_title })}</h3>
      {error && <Message kind="error">{errorText(t, error)}</Message>}
      {field('name', { required: true, autoComplete: 'name' })}
      {field('email', { type: 'email', required: true, autoComplete: 'email' })}
      <label>{t(`${K}.fields.phone_kind`)}
        <select name="phone_kind">{PHONE_KINDS.map((k) => <option key={k} value={k}>{t(`${K}.phone_kinds.${k}`)}</option>)}</select>
      </label>
      <div class="reward-row">
        {field('country_code', { defaultValue: '55', inputMode: 'numeric', size: 3 })}
        {field('area_code', { inputMode: 'numeric', size: 3 })}
        {field('number', { required: true, inputMode: 'tel', autoComplete: 'tel-local' })}
      </div>
      {field('zip_code', { autoComplete: 'postal-code' })}
      {field('street', { required: true, autoComplete: 'address-line1' })}
      <div class="reward-row">{field('house_number')}{field('complement')}</div>
      {field('district')}
      <div class="reward-row">{field('city', { required: true, autoComplete: 'address-level2' })}{field('state', { autoComplete: 'address-level1' })}</div>
      {field('country', { defaultValue: 'BR', autoComplete: 'country' })}
      <div class="reward-actions">
        <button type="submit" disabled={busy}>{t(`${K}.confirm`)}</button>
        <button type="button" class="secondary" onClick={onCancel}>{t(`${K}.cancel`)}</button>
      </div>
    </form>
  );
}

/** spec 3 §2 "redeem rewards": the catalog with its filters; a reward above the balance or out of stock cannot be chosen. */
export function Catalog({ campaign, onRedeemed }: { campaign: LearnerCampaign; onRedeemed(): void }) {
  const { t } = useI18n();
  const [featured, setFeatured] = useState(false);
  const { data, error } = useRewardCatalog(campaign.id, { featured });
  const [chosen, setChosen] = useState<Reward | null>(null);
  const [done, setDone] = useState<RedeemOrder | null>(null);
  return (
    <div class="reward-catalog">
      <label class="reward-check"><input type="checkbox" checked={featured} onChange={(e) => setFeatured((e.target as HTMLInputElement).checked)} />{t(`${K}.featured_only`)}</label>
      {done && <Message kind="success">{t(`${K}.redeemed`, { order: done.order_number })}</Message>}
      {error && <Message kind="error">{errorText(t, errorCode(error))}</Message>}
      {chosen && (
        <RedeemForm campaign={campaign} reward={chosen} onCancel={() => setChosen(null)}
          onDone={(order) => { setChosen(null); setDone(order); onRedeemed(); }} />
      )}
      <ul class="reward-cards">
        {data?.results.map((r) => {
          const short = r.points_to_aquire > campaign.points_for_use;
          const out = r.qty_in_stock <= 0;
          return (
            <li key={r.id} class="reward-card">
              {r.image_url && <img src={r.image_url} alt="" loading="lazy" />}
              <strong>{r.reward_title}</strong>
              <span>{t(`${K}.price`, { n: r.points_to_aquire, count: r.points_to_aquire })}</span>
              {r.is_featured && <span class="badge">{t(`${K}.featured`)}</span>}
              <button type="button" disabled={short || out || campaign.status !== 'published'} onClick={() => { setDone(null); setChosen(r); }}>
                {t(out ? `${K}.out_of_stock` : short ? `${K}.not_enough` : `${K}.redeem`)}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
