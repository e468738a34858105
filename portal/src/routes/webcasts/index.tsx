import { Link } from 'wouter-preact';
import { sectionHeading } from '@lp/shared/rules';
import type { LearnerWebcastCard } from '@lp/shared/contract';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { formatHours, useDateFormat } from '../../lib/format.ts';
import { isAudienceFiltered, useAudienceFilters } from '../../lib/audience-filters.ts';
import { useAreas, useUserGroups } from '../../hooks/use-lookups.ts';
import { useSessionUser } from '../../hooks/use-session-user.ts';
import { useWebcastTags, useWebcasts } from '../../hooks/use-webcasts.ts';
import { Message } from '../../components/message/index.tsx';
import { AudienceFiltersForm } from '../../components/audience-filters/index.tsx';
import '../webcast-watch/webcast-watch.css';

/** A webcast in the list: image, title, when (in its own zone), its state, tags and workload. */
export function WebcastCard({ webcast }: { webcast: LearnerWebcastCard }) {
  const { t, locale } = useI18n();
  const dates = useDateFormat();
  const headingId = `webcast-card-${webcast.id}`;
  return (
    <article class="course-card webcast-card" aria-labelledby={headingId}>
      {webcast.image
        ? <img class="course-card-image" src={webcast.image} alt={webcast.image_alt_text ?? ''} loading="lazy" width={520} height={290} />
        : <div class="course-card-image course-card-placeholder" aria-hidden="true" />}
      <div class="course-card-body">
        <h2 id={headingId} class="course-card-title">
          <Link href={`/webcasts/${webcast.id}`}>{webcast.title}</Link>
        </h2>
        <p class="badges">
          <span class={`badge badge-webcast-${webcast.state}`}>{t(`portal.webcasts.state.${webcast.state}`)}</span>
          {webcast.subscribed && <span class="badge">{t('portal.webcasts.subscribed')}</span>}
        </p>
        <p class="course-card-meta">
          {t('portal.webcasts.when', { date: dates.dateTime(webcast.transmission_date, { zone: webcast.timezone }), zone: webcast.timezone })}
        </p>
        {webcast.tags.length > 0 && (
          <ul class="tags" aria-label={t('portal.courses.tags')}>
            {webcast.tags.map((tag) => <li key={tag.id}>{tag.name}</li>)}
          </ul>
        )}
        <p class="course-card-meta">{t('portal.courses.workload', { hours: formatHours(webcast.workload, locale) })}</p>
      </div>
    </article>
  );
}

/** spec 2 §2.1 'webcasts': the list with its filters (kept for the list). */
export default function Webcasts() {
  const { t } = useI18n();
  const { data: user } = useSessionUser();
  const [filters, setFilters] = useAudienceFilters('webcasts');
  const { data: tags } = useWebcastTags();
  const { data: areas } = useAreas();
  const { data: groups } = useUserGroups();
  const { data: pages, error, size, setSize, isLoading } = useWebcasts(filters);

  const cards = pages?.flatMap((page) => page.results) ?? [];
  const count = pages?.[0]?.count ?? 0;
  const loadingMore = size > 0 && pages !== undefined && pages[size - 1] === undefined;

  return (
    <section class="courses webcasts" aria-labelledby="webcasts-title">
      <h1 id="webcasts-title">{sectionHeading(user, 'webcasts') ?? t('portal.webcasts.title')}</h1>
      <AudienceFiltersForm texts="portal.webcasts.filters" progress filters={filters} onChange={setFilters} tags={tags} areas={areas} groups={groups} />
      {error && <Message kind="error">{errorText(t, errorCode(error))}</Message>}
      {isLoading && <p class="loading">{t('portal.loading')}</p>}
      {pages && count === 0 && (
        <p class="empty" role="status">{t(isAudienceFiltered(filters) ? 'portal.webcasts.empty_filtered' : 'portal.webcasts.empty')}</p>
      )}
      {cards.length > 0 && (
        <>
          <p class="list-count" role="status">{t('portal.webcasts.count', { count })}</p>
          <ul class="card-grid">
            {cards.map((card) => <li key={card.id}><WebcastCard webcast={card} /></li>)}
          </ul>
        </>
      )}
      {cards.length < count && (
        <button type="button" class="button-secondary load-more" disabled={loadingMore} onClick={() => void setSize(size + 1)}>
          {loadingMore ? t('portal.loading') : t('portal.webcasts.load_more')}
        </button>
      )}
    </section>
  );
}
