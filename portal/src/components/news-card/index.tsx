import { Link } from 'wouter-preact';
import type { LearnerNewsCard } from '@lp/shared/contract';
import { useI18n } from '../../lib/i18n.ts';
import { useDateFormat } from '../../lib/format.ts';
import './news-card.css';

/** A news item in the list: image (52/29), title, date, the opening words; "new" until opened. */
export function NewsCard({ news }: { news: LearnerNewsCard }) {
  const { t } = useI18n();
  const dates = useDateFormat();
  return (
    <article class="news-card">
      {news.image_url && <img class="news-card-image" src={news.image_url} alt={news.image_alt_text ?? ''} loading="lazy" />}
      <div class="news-card-body">
        <h2 class="news-card-title"><Link href={`/news/${news.id}`}>{news.title}</Link></h2>
        <p class="news-card-meta">
          <time dateTime={news.published_at}>{dates.instant(news.published_at)}</time>
          {!news.read && <span class="badge">{t('portal.news.unread')}</span>}
        </p>
        {news.summary && <p class="news-card-summary">{news.summary}</p>}
      </div>
    </article>
  );
}
