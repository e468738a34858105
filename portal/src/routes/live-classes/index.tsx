import { Link } from 'wouter-preact';
import type { LearnerLiveClassCard } from '@lp/shared/contract';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n, type Translate } from '../../lib/i18n.ts';
import { isAudienceFiltered, useAudienceFilters } from '../../lib/audience-filters.ts';
import { useAreas, useUserGroups } from '../../hooks/use-lookups.ts';
import { useLiveClassTags, useLiveClasses } from '../../hooks/use-live-classes.ts';
import { useDateFormat } from '../../lib/format.ts';
import { Message } from '../../components/message/index.tsx';
import { AudienceFiltersForm } from '../../components/audience-filters/index.tsx';
import './live-classes.css';

const K = 'portal.liveClasses';

/** Where the class stands for the learner: finished, its room open, or coming up. */
export function liveClassState(card: LearnerLiveClassCard): 'finished' | 'room_open' | 'scheduled' {
  return card.finished ? 'finished' : card.room_open ? 'room_open' : 'scheduled';
}

/** The badges of a class: its state, its type, how the learner takes part, and the seats (open class). */
export function LiveClassBadges({ card, t }: { card: LearnerLiveClassCard; t: Translate }) {
  const state = liveClassState(card);
  const role = card.role === 'instructor' ? 'instructor' : card.role === 'participant' ? (card.live_class_type === 'open' ? 'subscribed' : 'invited') : null;
  return (
    <p class="badges">
      <span class={`badge badge-live-class-${state}`}>{t(`${K}.state.${state}`)}</span>
      <span class="badge">{t(`${K}.type.${card.live_class_type}`)}</span>
      {role && <span class="badge badge-live-class-role">{t(`${K}.role.${role}`)}</span>}
      {/* spec 3 §2: "No vacancy" when the open class is full */}
      {card.live_class_type === 'open' && !card.finished && (card.sold_out
        ? <span class="badge badge-live-class-sold-out">{t(`${K}.no_vacancy`)}</span>
        : card.vacancies !== null && <span class="badge">{t(`${K}.vacancies`, { count: card.vacancies })}</span>)}
    </p>
  );
}

/** A live class in the list: title, when (in the learner's timezone), state, type, seats, tags. */
function LiveClassCard({ card }: { card: LearnerLiveClassCard }) {
  const { t } = useI18n();
  const dates = useDateFormat();
  const headingId = `live-class-card-${card.id}`;
  return (
    <article class="course-card live-class-card" aria-labelledby={headingId}>
      <div class="course-card-body">
        <h2 id={headingId} class="course-card-title">
          <Link href={`/live_classes/${card.id}`}>{card.title}</Link>
        </h2>
        <p class="course-card-meta live-class-when">{t(`${K}.when`, { date: dates.dateTime(card.live_class_date) })}</p>
        <LiveClassBadges card={card} t={t} />
        {card.tags.length > 0 && (
          <ul class="tags" aria-label={t('portal.courses.tags')}>
            {card.tags.map((tag) => <li key={tag.id}>{tag.name}</li>)}
          </ul>
        )}
      </div>
    </article>
  );
}

/** spec 1 §2.2 'live_classes' / spec 3 §2: the list with its filters (kept for the list). */
export default function LiveClasses() {
  const { t } = useI18n();
  const [filters, setFilters] = useAudienceFilters('live_classes');
  const { data: tags } = useLiveClassTags();
  const { data: areas } = useAreas();
  const { data: groups } = useUserGroups();
  const { data: pages, error, size, setSize, isLoading } = useLiveClasses(filters);

  const cards = pages?.flatMap((page) => page.results) ?? [];
  const count = pages?.[0]?.count ?? 0;
  const loadingMore = size > 0 && pages !== undefined && pages[size - 1] === undefined;

  return (
    <section class="courses live-classes" aria-labelledby="live-classes-title">
      <h1 id="live-classes-title">{t(`${K}.title`)}</h1>
      <AudienceFiltersForm texts="portal.liveClasses.filters" filters={filters} onChange={setFilters} tags={tags} areas={areas} groups={groups} />
      {error && <Message kind="error">{errorText(t, errorCode(error))}</Message>}
      {isLoading && <p class="loading">{t('portal.loading')}</p>}
      {pages && count === 0 && (
        <p class="empty" role="status">{t(isAudienceFiltered(filters) ? `${K}.empty_filtered` : `${K}.empty`)}</p>
      )}
      {cards.length > 0 && (
        <>
          <p class="list-count" role="status">{t(`${K}.count`, { count })}</p>
          <ul class="card-grid">
            {cards.map((card) => <li key={card.id}><LiveClassCard card={card} /></li>)}
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
