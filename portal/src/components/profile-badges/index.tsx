import type { LearnerBadge } from '@lp/shared/contract';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { useDateFormat } from '../../lib/format.ts';
import { useBadges } from '../../hooks/use-badges.ts';
import { Message } from '../message/index.tsx';

function BadgeImage({ badge }: { badge: LearnerBadge }) {
  // the title says what the image shows: the picture itself is decoration
  return badge.image_url
    ? <img class="badge-image" src={badge.image_url} alt="" width={64} height={64} loading="lazy" />
    : <span class="badge-image badge-placeholder" aria-hidden="true">★</span>;
}

/**
 * The profile's badges (spec 1 §2.2 profile, spec 3 §1 badges): those earned, with the day, and
 * those still to earn with the way there (a rule's count), or "awarded by the team".
 */
export function ProfileBadges() {
  const { t } = useI18n();
  const dates = useDateFormat();
  const { data, error } = useBadges();
  return (
    <section class="panel profile-badges" id="badges" aria-labelledby="badges-title">
      <h2 id="badges-title">{t('portal.badges.title')}</h2>
      {error && <Message kind="error">{errorText(t, errorCode(error))}</Message>}
      {!data && !error && <p class="loading">{t('portal.loading')}</p>}
      {data && (
        <>
          <h3>{t('portal.badges.earned')}</h3>
          {data.earned.length === 0
            ? <p class="note">{t('portal.badges.none_earned')}</p>
            : (
              <ul class="badge-grid" aria-label={t('portal.badges.earned')}>
                {data.earned.map((badge) => (
                  <li key={badge.id} class="badge-card earned">
                    <BadgeImage badge={badge} />
                    <strong>{badge.title}</strong>
                    {badge.description && <span>{badge.description}</span>}
                    <small>{t('portal.badges.earned_on', { date: dates.instant(badge.awarded_at!) })}</small>
                  </li>
                ))}
              </ul>
            )}
          {data.to_earn.length > 0 && (
            <>
              <h3>{t('portal.badges.to_earn')}</h3>
              <ul class="badge-grid" aria-label={t('portal.badges.to_earn')}>
                {data.to_earn.map((badge) => (
                  <li key={badge.id} class="badge-card locked">
                    <BadgeImage badge={badge} />
                    <strong>{badge.title}</strong>
                    {badge.description && <span>{badge.description}</span>}
                    {badge.progress
                      ? (
                        <small>
                          <progress max={badge.progress.target} value={badge.progress.current}
                            aria-label={t(`portal.badges.metrics.${badge.progress.metric}`)} />
                          {' '}{t('portal.badges.progress', { current: badge.progress.current, target: badge.progress.target })}
                        </small>
                      )
                      : <small>{t('portal.badges.manual')}</small>}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
