import { useEffect } from 'preact/hooks';
import { LEARNER_NEWS_PATHS } from '@lp/shared/contract';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { useDateFormat } from '../../lib/format.ts';
import { safeHtml } from '../../lib/safe-html.ts';
import { useNewsItem } from '../../hooks/use-news.ts';
import { Message } from '../message/index.tsx';
import { Modal } from '../modal/index.tsx';
import { TrainingComments } from '../training-comments/index.tsx';
import '../news-card/news-card.css';

export interface NewsModalProps {
  id: number;
  onClose(): void;
  /** the item was opened (the server counts it read): the list may show it so */
  onRead?(id: number): void;
}

/**
 * spec 3 §2 `news/{id}`: the item in a modal over the list — image, date, the content
 * (sanitised again here) and, where the client uses news comments, the comments: the reader
 * comments once (opening it is reading it; the server keeps the rule).
 */
export default function NewsModal({ id, onClose, onRead }: NewsModalProps) {
  const { t } = useI18n();
  const dates = useDateFormat();
  const { data: news, error, mutate } = useNewsItem(id);
  const loaded = news?.id;
  useEffect(() => {
    // once per item opened, whatever the parent's callback identity
    if (loaded) onRead?.(loaded);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once per item opened, whatever the parent's callback identity
  }, [loaded]);

  return (
    <Modal title={news?.title ?? (error ? t('portal.news.title') : t('portal.loading'))} onClose={onClose}>
      {error && <Message kind="error">{errorText(t, errorCode(error))}</Message>}
      {news && (
        <>
          <p class="muted"><time dateTime={news.published_at}>{dates.instant(news.published_at)}</time></p>
          {news.image_url && <img class="news-image" src={news.image_url} alt={news.image_alt_text ?? ''} />}
          <div class="rich-text" dangerouslySetInnerHTML={{ __html: safeHtml(news.content) }} />
          {news.comments_enabled && (
            <section aria-label={t('portal.courses.comments.title')}>
              <h3>{t('portal.courses.comments.title')}</h3>
              <TrainingComments
                trainingId={news.id}
                path={LEARNER_NEWS_PATHS.comments(news.id)}
                finished
                canComment={news.can_comment}
                withStars={false}
                onCommented={() => void mutate({ ...news, can_comment: false }, { revalidate: false })}
              />
            </section>
          )}
        </>
      )}
    </Modal>
  );
}
