import type { LearnerTrainingPage, Reactions } from '@lp/shared/contract';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { isFiltered, useCatalogueFilters } from '../../lib/catalogue-filters.ts';
import { useTrainings } from '../../hooks/use-trainings.ts';
import { useAreas, useUserGroups } from '../../hooks/use-lookups.ts';
import { CatalogueFiltersForm } from '../../components/catalogue-filters/index.tsx';
import { CourseCard } from '../../components/course-card/index.tsx';
import { Message } from '../../components/message/index.tsx';

/** spec 2 §2.1 'courses': the training catalogue with the filters of spec 1 §2.2. */
export default function Courses() {
  const { t } = useI18n();
  const [filters, setFilters] = useCatalogueFilters('courses');
  const { data: areas } = useAreas();
  const { data: groups } = useUserGroups();
  const { data: pages, error, size, setSize, mutate, isLoading } = useTrainings(filters);

  const cards = pages?.flatMap((page) => page.results) ?? [];
  const count = pages?.[0]?.count ?? 0;
  const loadingMore = size > 0 && pages !== undefined && pages[size - 1] === undefined;

  // a reaction changes one card in the cached pages; the list is not asked again
  const updateCard = (id: number, reactions: Reactions) => void mutate(
    (current: LearnerTrainingPage[] | undefined) => current?.map((page) => ({
      ...page, results: page.results.map((card) => (card.id === id ? { ...card, ...reactions } : card)),
    })),
    { revalidate: false },
  );

  return (
    <section class="courses" aria-labelledby="courses-title">
      <h1 id="courses-title">{t('portal.courses.title')}</h1>
      <CatalogueFiltersForm filters={filters} onChange={setFilters} areas={areas} groups={groups} />
      {error && <Message kind="error">{errorText(t, errorCode(error))}</Message>}
      {isLoading && <p class="loading">{t('portal.loading')}</p>}
      {pages && count === 0 && (
        <p class="empty" role="status">
          {t(isFiltered(filters) ? 'portal.courses.empty_filtered' : 'portal.courses.empty')}
        </p>
      )}
      {cards.length > 0 && (
        <>
          <p class="list-count" role="status">{t('portal.courses.count', { count })}</p>
          <ul class="card-grid">
            {cards.map((card) => (
              <li key={card.id}>
                <CourseCard training={card} onReactions={(reactions) => updateCard(card.id, reactions)} />
              </li>
            ))}
          </ul>
        </>
      )}
      {cards.length < count && (
        <button type="button" class="button-secondary load-more" disabled={loadingMore} onClick={() => void setSize(size + 1)}>
          {loadingMore ? t('portal.loading') : t('portal.courses.load_more')}
        </button>
      )}
    </section>
  );
}
