import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { useDateFormat } from '../../lib/format.ts';
import { POINTS_PAGE_SIZE, usePointsStatement } from '../../hooks/use-points-statement.ts';
import { Message } from '../message/index.tsx';

const KNOWN_REASONS = new Set([
  'training_completed', 'trail_completed', 'live_class_completed', 'survey_answered', 'drill_approved', 'general_test_approved',
  // spec 3 §9 points categories of a finalized face-to-face training (shared PRESENTIAL_POINTS_CATEGORIES)
  'training_kpi', 'training_non_kpi', 'webinar', 'special_training',
]);

/** spec 1 §2.2 "points statement": what earned each point, newest first, with "load more". */
export function PointsStatement() {
  const { t, locale } = useI18n();
  const dates = useDateFormat();
  const { data: pages, error, size, setSize } = usePointsStatement();
  const entries = pages?.flatMap((page) => page.results) ?? [];
  const count = pages?.[0]?.count ?? 0;
  const hasMore = pages !== undefined && pages.length * POINTS_PAGE_SIZE < count;
  const loadingMore = pages !== undefined && pages.length < size && !error;
  const number = new Intl.NumberFormat(locale === 'pt-br' ? 'pt-BR' : locale);

  if (error && !pages) return <Message kind="error">{errorText(t, errorCode(error))}</Message>;
  if (!pages) return <p class="loading">{t('portal.loading')}</p>;
  if (entries.length === 0) return <p class="note">{t('portal.home.points_empty')}</p>;
  return (
    <div class="points-statement">
      <table>
        <caption class="visually-hidden">{t('portal.home.points_title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('portal.home.points_date')}</th>
            <th scope="col">{t('portal.home.points_what')}</th>
            <th scope="col" class="number">{t('portal.home.points_points')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{dates.instant(entry.created_at)}</td>
              <td>
                {KNOWN_REASONS.has(entry.reason) && <span class="muted">{t(`portal.home.points_reason.${entry.reason}`)}: </span>}
                {entry.title}
              </td>
              <td class="number">+{number.format(entry.points)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p class="list-count">{t('portal.home.points_total', { total: number.format(pages[0]?.total ?? 0), count: pages[0]?.total ?? 0 })}</p>
      {hasMore && (
        <button type="button" class="button-secondary" disabled={loadingMore} onClick={() => void setSize(size + 1)}>
          {loadingMore ? t('portal.loading') : t('portal.home.load_more')}
        </button>
      )}
    </div>
  );
}
