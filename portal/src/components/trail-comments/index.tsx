import { useState } from 'preact/hooks';
import { LEARNER_PATHS, type LearnerComment } from '@lp/shared/contract';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { useDateFormat } from '../../lib/format.ts';
import { TRAIL_COMMENTS_PAGE_SIZE, useTrailComments } from '../../hooks/use-trail-comments.ts';
import { Message } from '../message/index.tsx';
import { CommentForm } from '../comment-form/index.tsx';

export interface TrailCommentsProps {
  trailId: number;
  finished: boolean;
  /** finished and not yet commented (the server's word, spec 2 §4.10) */
  canComment: boolean;
  /** the trail's can_comment changed (accepted, or refused as a repeat) */
  onCommented(): void;
}

/**
 * spec 2 §4.10: one comment per learner, after finishing the trail. For trails the list is
 * mostly the learners' star ratings (spec 2 §3.10), with their words when they wrote some.
 */
export function TrailComments({ trailId, finished, canComment, onCommented }: TrailCommentsProps) {
  const { t } = useI18n();
  const dates = useDateFormat();
  const { data: pages, error, size, setSize, mutate } = useTrailComments(trailId);
  const comments = pages?.flatMap((page) => page.results) ?? [];
  const count = pages?.[0]?.count ?? 0;
  const hasMore = pages !== undefined && pages.length * TRAIL_COMMENTS_PAGE_SIZE < count;
  const [sent, setSent] = useState(false);

  return (
    <div class="training-comments">
      {sent && <Message kind="success">{t('portal.trails.comment_sent')}</Message>}
      {canComment
        ? <CommentForm path={LEARNER_PATHS.trailComments(trailId)} withStars texts={{ label: t('portal.trails.comment_label'), stars: t('portal.trails.comment_stars'), submit: t('portal.trails.comment_submit') }} onDone={(accepted) => {
          setSent(accepted);
          void mutate();
          onCommented();
        }} />
        : !sent && <p class="note">{t(finished ? 'portal.trails.comment_already' : 'portal.trails.comment_after_finishing')}</p>}
      {error && <Message kind="error">{errorText(t, errorCode(error))}</Message>}
      {pages && comments.length === 0 && <p class="note">{t('portal.trails.comments_none')}</p>}
      {comments.length > 0 && (
        <ul class="comments">
          {comments.map((comment) => <Rating key={comment.id} comment={comment} date={dates.instant(comment.created_at)} />)}
        </ul>
      )}
      {hasMore && (
        <button type="button" class="button-secondary" onClick={() => void setSize(size + 1)}>{t('portal.trails.load_more')}</button>
      )}
    </div>
  );
}

function Rating({ comment, date }: { comment: LearnerComment; date: string }) {
  const { t } = useI18n();
  const stars = comment.stars ?? 0;
  return (
    <li class="comment">
      <p class="comment-head">
        <strong>{comment.author}</strong>
        {comment.mine && <span class="badge">{t('portal.trails.comment_mine')}</span>}
        <span class="muted">{date}</span>
        {stars > 0 && (
          <span class="comment-stars">
            <span aria-hidden="true">{'★'.repeat(stars)}{'☆'.repeat(5 - stars)}</span>
            <span class="visually-hidden">{t('portal.trails.stars', { n: stars })}</span>
          </span>
        )}
      </p>
      {comment.comment && <p class="comment-text">{comment.comment}</p>}
    </li>
  );
}
