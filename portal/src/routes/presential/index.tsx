import { Link } from 'wouter-preact';
import { LEARNER_PRESENTIAL_LIST_PATHS, type LearnerPresentialCard, type LearnerPresentialPage, type PresentialFavorite } from '@lp/shared/contract';
import { api, errorCode } from '../../lib/api.ts';
import { errorText, useI18n, type Translate } from '../../lib/i18n.ts';
import { isFiltered, useCatalogueFilters } from '../../lib/catalogue-filters.ts';
import { useDateFormat } from '../../lib/format.ts';
import { usePresentialList } from '../../hooks/use-presential.ts';
import { CatalogueFiltersForm } from '../../components/catalogue-filters/index.tsx';
import { Message } from '../../components/message/index.tsx';
import './presential.css';

const K = 'portal.presential';

/** The badges of a training: how the learner stands in it, its type, and the seats left. */
export function PresentialBadges({ card, t }: { card: LearnerPresentialCard; t: Translate }) {
  const awaiting = card.enrollment_status === 'awaiting_cancellation';
  return (
    <p class="badges">
      {card.progress !== 'not_started' && <span class={`badge badge-presential-${card.progress}`}>{t(`${K}.progress.${card.progress}`)}</span>}
      {card.progress === 'ongoing' && (
        <span class={`badge ${awaiting ? 'badge-presential-awaiting' : 'badge-presential-enrolled'}`}>{t(`${K}.enrollment.${card.enrollment_status}`)}</span>
      )}
      {card.instructor && <span class="badge">{t(`${K}.instructor`)}</span>}
      <span class="badge">{t(`${K}.type.${card.training_type}`)}</span>
      {!card.finished && card.progress === 'not_started' && card.vacancies !== null && (card.vacancies === 0
        ? <span class="badge badge-presential-no-vacancy">{t(`${K}.no_vacancy`)}</span>
        : <span class="badge">{t(`${K}.vacancies`, { count: card.vacancies })}</span>)}
    </p>
  );
}

/** The days of a training: one day, or the first and the last. */
export function presentialDays(card: Pick<LearnerPresentialCard, 'first_date' | 'last_date'>, day: (d: string) => string, t: Translate): string {
  if (!card.first_date) return t(`${K}.no_dates`);
  return card.last_date && card.last_date !== card.first_date
    ? t(`${K}.days_range`, { first: day(card.first_date), last: day(card.last_date) })
    : day(card.first_date);
}

function FavoriteButton({ card, onChange }: { card: LearnerPresentialCard; onChange(favorite: boolean): void }) {
  const { t } = useI18n();
  async function toggle() {
    const answer = await api.json<PresentialFavorite>(LEARNER_PRESENTIAL_LIST_PATHS.favorite(card.id), { method: 'POST', body: JSON.stringify({ favorite: !card.favorite }) });
    onChange(answer.favorite);
  }
  return (
    <button type="button" class="button-secondary" aria-pressed={card.favorite} onClick={() => void toggle().catch(() => undefined)}
      aria-label={t(card.favorite ? `${K}.unfavorite` : `${K}.favorite`, { title: card.title })}>
      {card.favorite ? '★' : '☆'}
    </button>
  );
}

/** A training in the list: title, days, place, how the learner stands, favourite. */
function PresentialCard({ card, onFavorite }: { card: LearnerPresentialCard; onFavorite(favorite: boolean): void }) {
  const { t } = useI18n();
  const dates = useDateFormat();
  const headingId = `presential-card-${card.id}`;
  return (
    <article class="course-card presential-card" aria-labelledby={headingId}>
      <div class="course-card-body">
        <h2 id={headingId} class="course-card-title"><Link href={`/presential/${card.id}`}>{card.title}</Link></h2>
        <p class="course-card-meta">
          {presentialDays(card, dates.day, t)}
          {card.location_name && <> · {card.location_name}</>}
        </p>
        <PresentialBadges card={card} t={t} />
        <div class="presential-card-actions">
          <span class="note">{t(`${K}.events_count`, { count: card.events_count })}</span>
          <FavoriteButton card={card} onChange={onFavorite} />
        </div>
      </div>
    </article>
  );
}

/** spec 1 §2.2 'presential' / spec 3 §2: the learner's face-to-face trainings with search, progress and favourite (kept for the list). */
export default function PresentialList() {
  const { t } = useI18n();
  const [filters, setFilters] = useCatalogueFilters('presential');
  const { data: pages, error, size, setSize, mutate, isLoading } = usePresentialList(filters);
  const cards = pages?.flatMap((page) => page.results) ?? [];
  const count = pages?.[0]?.count ?? 0;
  const loadingMore = size > 0 && pages !== undefined && pages[size - 1] === undefined;
  const setFavorite = (id: number, favorite: boolean) => void mutate(
    (current: LearnerPresentialPage[] | undefined) => current?.map((page) => ({
      ...page, results: page.results.map((card) => (card.id === id ? { ...card, favorite } : card)),
    })),
    { revalidate: filters.favorite === 'favorites' },
  );

  return (
    <section class="courses presential" aria-labelledby="presential-title">
      <h1 id="presential-title">{t(`${K}.title`)}</h1>
      <CatalogueFiltersForm filters={filters} onChange={setFilters} />
      {error && <Message kind="error">{errorText(t, errorCode(error))}</Message>}
      {isLoading && <p class="loading">{t('portal.loading')}</p>}
      {pages && count === 0 && <p class="empty" role="status">{t(isFiltered(filters) ? `${K}.empty_filtered` : `${K}.empty`)}</p>}
      {cards.length > 0 && (
        <>
          <p class="list-count" role="status">{t(`${K}.count`, { count })}</p>
          <ul class="card-grid">
            {cards.map((card) => <li key={card.id}><PresentialCard card={card} onFavorite={(favorite) => setFavorite(card.id, favorite)} /></li>)}
          </ul>
        </>
      )}
      {cards.length < count && (
        <button type="button" class="button-secondary load-more" disabled={loadingMore} onClick={() => void setSize(size + 1)}>
          {loadingMore ? t('portal.loading') : t(`${K}.load_more`)}
        </button>
      )}
    </section>
  );
}
