import { useState } from 'preact/hooks';
import { useRoute } from 'wouter-preact';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { Message } from '../../components/message/index.tsx';
import { useMyOrders, useMyPhotos, useMySales, useRewardCampaign, useRewardStatement } from '../../hooks/use-rewards.ts';
import { Catalog } from './Catalog.tsx';
import { Orders } from './Orders.tsx';
import { Photos } from './Photos.tsx';
import { SaleForm } from './SaleForm.tsx';
import './campaign.css';

const K = 'portal.rewards';
const TABS = ['points', 'sale', 'photos', 'catalog', 'orders'] as const;
type Tab = (typeof TABS)[number];

/**
 * spec 3 §2 "Learner campaign pages" (mobile first): the rules, my level and points with the
 * statement, report a sale (camera capture for the invoice), photo uploads by type, the catalog and redemption, and my
 * orders with their timeline. A blocked learner is told so by the server (campaign_user_blocked).
 */
export default function RewardCampaign() {
  const { t } = useI18n();
  const [, params] = useRoute<{ id: string }>('/rewards/:id');
  const id = Number(params?.id);
  const [tab, setTab] = useState<Tab>('points');
  const campaign = useRewardCampaign(id);
  const statement = useRewardStatement(id);
  const sales = useMySales(id);
  const orders = useMyOrders(id);
  const photos = useMyPhotos(id);
  const refresh = () => { void campaign.mutate(); void statement.mutate(); void sales.mutate(); void orders.mutate(); void photos.mutate(); };

  if (campaign.error) return <section class="reward-campaign"><Message kind="error">{errorText(t, errorCode(campaign.error))}</Message></section>;
  const c = campaign.data;
  if (!c) return <p class="loading">{t('portal.loading')}</p>;
  return (
    <section class="reward-campaign" aria-labelledby="campaign-title">
      <h1 id="campaign-title">{c.title}</h1>
      <div class="reward-summary" role="group" aria-label={t(`${K}.summary`)}>
        <div><span>{t(`${K}.points_for_use`)}</span><strong>{c.points_for_use}</strong></div>
        <div><span>{t(`${K}.total_points`)}</span><strong>{c.total_points}</strong></div>
        <div><span>{t(`${K}.level`)}</span><strong>{c.level?.name ?? '—'}</strong></div>
      </div>
      <nav class="tabs" role="tablist" aria-label={t(`${K}.sections`)}>
        {TABS.filter((x) => x !== 'sale' || c.allows_invoice_registration).map((x) => (
          <button key={x} type="button" role="tab" aria-selected={tab === x} class={tab === x ? 'active' : ''} onClick={() => setTab(x)}>{t(`${K}.tabs.${x}`)}</button>
        ))}
      </nav>
      <div role="tabpanel">
        {tab === 'points' && (
          <>
            {c.description && <p class="reward-rules">{c.description}</p>}
            {c.levels.length > 0 && (
              <ul class="reward-levels">
                {c.levels.map((l) => (
                  <li key={l.id} class={c.level?.id === l.id ? 'current' : ''}>{l.name}: {l.points_to === null ? t(`${K}.level_from`, { from: l.points_from }) : `${l.points_from}–${l.points_to}`}</li>
                ))}
              </ul>
            )}
            <h2>{t(`${K}.statement`)}</h2>
            <ul class="reward-statement">
              {statement.data?.map((e) => (
                <li key={e.id} class={e.points < 0 ? 'debit' : 'credit'}>
                  <span>{t(`${K}.kinds.${e.kind}`)}{e.reason ? ` — ${e.reason}` : ''}</span>
                  <strong>{e.points > 0 ? `+${e.points}` : e.points}</strong>
                  <small>{e.points_from} → {e.points_to}</small>
                </li>
              ))}
            </ul>
            {statement.data?.length === 0 && <p>{t(`${K}.no_points`)}</p>}
            <h2>{t(`${K}.my_sales`)}</h2>
            <ul class="reward-statement">
              {sales.data?.results.map((s) => (
                <li key={s.id}><span>{s.invoice_number} · {t(`${K}.sale_statuses.${s.status}`)}</span><strong>{s.sale_total_points}</strong></li>
              ))}
            </ul>
          </>
        )}
        {tab === 'sale' && <SaleForm campaign={c} onSaved={refresh} />}
        {tab === 'photos' && <Photos campaign={c} photos={photos.data ?? []} onSaved={refresh} />}
        {tab === 'catalog' && <Catalog campaign={c} onRedeemed={refresh} />}
        {tab === 'orders' && <Orders orders={orders.data?.results ?? []} />}
      </div>
    </section>
  );
}
