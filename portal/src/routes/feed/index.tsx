import { useI18n } from '../../lib/i18n.ts';
import { FeedTimeline } from '../../components/feed-timeline/index.tsx';

/** spec 1 §2.2 feed: the whole timeline, with posting, everyone's or only one's own, page by page. */
export default function Feed() {
  const { t } = useI18n();
  return (
    <div class="feed">
      <h1>{t('portal.feed.title')}</h1>
      <FeedTimeline />
    </div>
  );
}
