import type { Reactions } from '@lp/shared/contract';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { isFiltered, useCatalogueFilters } from '../../lib/catalogue-filters.ts';
import { TRAILS_PAGE_SIZE, useTrails, type LearnerTrailPage } from '../../hooks/use-trails.ts';
import { useAreas, useUserGroups } from '../../hooks/use-lookups.ts';
import { CatalogueFiltersForm } from '../../components/catalogue-filters/index.tsx';
import { TrailCard } from '../../components/trail-card/index.tsx';
import { Message } from '../../components/message/index.tsx';

/** spec 2 §2.1 'trails': the trails list, with the courses' filters (spec 1 §2.2) kept for this list. */
export default function Trails() {
  const { t } = useI18n();
  const [filters, setFilters] = useCatalogueFilters('trails');
  const { data: areas } = useAreas();
  const { data: groups } = useUserGroups();
  const { data: pages, error, size, setSize, mutate, isLoading } = useTrails(filters);

  const cards = pages?.flatMap((page) => page.results) ?? [];
  const count = pages?.[0]?.count ?? 0;
  const loadingMore = pages !== undefined && pages.length < size && !error;
  const hasMore = pages !== undefined && pages.length * TRAILS_PAGE_SIZE < count;

  // a reaction changes one card in the cached pages; the list is not asked again
  const updateCard = (id: number, reactions: Reactions) => void mutate(
    (current: LearnerTrailPage[] | undefined) => current?.map((page) => ({
      ...page, results: page.results.map((card) => (card.id === id ? { ...card, ...reactions } : card)),
    })),
    { revalidate: false },
  );

  return (
    <section class="courses trails" aria-labelledby="trails-title">
      <h1 id="trails-title">{t('portal.trails.title')}</h1>
      <CatalogueFiltersForm filters={filters} onChange={setFilters} areas={areas} groups={groups} />
      {error && <Message kind="error">{errorText(t, errorCode(error))}</Message>}
      {isLoading && <p class="loading">{t('portal.loading')}</p>}
      {pages && count === 0 && (
        <p class="empty" role="status">{t(isFiltered(filters) ? 'portal.trails.empty_filtered' : 'portal.trails.empty')}</p>
      )}
      {cards.length > 0 && (
        <>
          <p class="list-count" role="status">{t('portal.trails.count', { count })}</p>
          <ul class="card-grid">
            {cards.map((card) => (
              <li key={card.id}>
                <TrailCard trail={card} onReactions={(reactions) => updateCard(card.id, reactions)} />
              </li>
            ))}
          </ul>
        </>
      )}
      {hasMore && (
        <button type="button" class="button-secondary load-more" disabled={loadingMore} onClick={() => void setSize(size + 1)}>
          {loadingMore ? t('portal.loading') : t('portal.trails.load_more')}
        </button>
      )}
    </section>
  );
}
