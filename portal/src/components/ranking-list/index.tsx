import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { useRanking } from '../../hooks/use-ranking.ts';
import { Message } from '../message/index.tsx';

/** spec 1 §2.2 "ranking": the client's top 10 by points, and the user's own place when outside it. */
export function RankingList() {
  const { t, locale } = useI18n();
  const { data, error } = useRanking();
  const number = new Intl.NumberFormat(locale === 'pt-br' ? 'pt-BR' : locale);
  if (error) return <Message kind="error">{errorText(t, errorCode(error))}</Message>;
  if (!data) return <p class="loading">{t('portal.loading')}</p>;
  if (data.results.length === 0) return <p class="note">{t('portal.home.ranking_empty')}</p>;
  const meOutside = data.me && !data.results.some((entry) => entry.me) ? data.me : null;
  return (
    <div class="ranking">
      {/* role: Safari drops the list semantics of a list without markers */}
      <ol class="ranking-list" role="list">
        {data.results.map((entry) => (
          <li key={entry.user_id} value={entry.position} class={entry.me ? 'ranking-me' : undefined}
            aria-current={entry.me ? 'true' : undefined}>
            {/* a flex list item draws no list marker, so the position is written out */}
            <span class="ranking-position">#{entry.position}</span>
            <span class="ranking-name">{entry.me ? t('portal.home.ranking_you', { name: entry.name }) : entry.name}</span>
            <span class="ranking-points">{t('portal.home.points_value', { points: number.format(entry.points), count: entry.points })}</span>
          </li>
        ))}
      </ol>
      {meOutside && (
        <p class="ranking-me-outside">
          {t('portal.home.ranking_my_position', { position: meOutside.position, points: number.format(meOutside.points), count: meOutside.points })}
        </p>
      )}
    </div>
  );
}
