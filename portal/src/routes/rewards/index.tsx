import { Link } from 'wouter-preact';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { Message } from '../../components/message/index.tsx';
import { useRewardCampaigns } from '../../hooks/use-rewards.ts';

const K = 'portal.rewards';

/** spec 3 §2 "Learner campaign pages": the campaigns the learner takes part in, with their points. */
export default function RewardCampaigns() {
  const { t } = useI18n();
  const { data, error } = useRewardCampaigns();
  return (
    <section class="rewards" aria-labelledby="rewards-title">
      <h1 id="rewards-title">{t(`${K}.title`)}</h1>
      {error && <Message kind="error">{errorText(t, errorCode(error))}</Message>}
      {!data && !error && <p class="loading">{t('portal.loading')}</p>}
      {data?.length === 0 && <p>{t(`${K}.empty`)}</p>}
      {data && data.length > 0 && (
        <ul class="tiles">
          {data.map((c) => (
            <li key={c.id}>
              <Link href={`/rewards/${c.id}`}>
                <strong>{c.title}</strong>
                <span>{t(`${K}.points_available`, { n: c.points_for_use, count: c.points_for_use })}</span>
                {c.level && <span class="badges"><span class="badge">{c.level.name}</span></span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
