import type { RedeemOrder } from '@lp/shared/contract';
import { useI18n } from '../../lib/i18n.ts';
import { useDateFormat } from '../../lib/format.ts';

const K = 'portal.rewards.orders';

/** spec 3 §2 "my orders with their timeline": each status change with its comment. */
export function Orders({ orders }: { orders: RedeemOrder[] }) {
  const { t } = useI18n();
  const dates = useDateFormat();
  if (orders.length === 0) return <p>{t(`${K}.empty`)}</p>;
  return (
    <ul class="reward-orders">
      {orders.map((o) => (
        <li key={o.id} class="reward-order">
          <strong>{o.reward_title}</strong>
          <span>{t(`${K}.number`, { n: o.order_number })} · {t(`${K}.points`, { n: o.points, count: o.points })}</span>
          {o.redeem_code && <span class="reward-code">{t(`${K}.code`)}: <code>{o.redeem_code}</code></span>}
          {o.redemption_link && o.redeem_code && <a href={o.redemption_link} target="_blank" rel="noreferrer">{t(`${K}.link`)}</a>}
          {o.redeem_instructions && <p>{o.redeem_instructions}</p>}
          <ol class="reward-timeline" aria-label={t(`${K}.timeline`)}>
            {o.history.map((h) => (
              <li key={h.id} class={`is-${h.status}`}>
                <span class="reward-status">{t(`${K}.statuses.${h.status}`)}</span>
                <time dateTime={h.created_at}>{dates.instant(h.created_at)}</time>
                {h.status_comment && <span class="reward-comment">{h.status_comment}</span>}
              </li>
            ))}
          </ol>
        </li>
      ))}
    </ul>
  );
}
