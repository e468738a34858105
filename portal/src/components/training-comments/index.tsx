import { useState } from 'preact/hooks';
import { LEARNER_PATHS, type LearnerComment } from '@lp/shared/contract';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { useDateFormat } from '../../lib/format.ts';
import { useCommentPages } from '../../hooks/use-training-comments.ts';
import { Message } from '../message/index.tsx';
import { CommentForm } from '../comment-form/index.tsx';

export interface TrainingCommentsProps {
  trainingId: number;
  finished: boolean;
  /** finished and not yet commented (the server's word, spec 2 §4.10) */
  canComment: boolean;
  /** after a comment was accepted or refused as a repeat: the training's can_comment changed */
  onCommented(): void;
  /** the comments of another content (a podcast's: PODCAST_PATHS.learnerComments); the training's by default */
  path?: string;
  /** what to say while commenting is not open yet; 'complete the training' by default */
  lockedNote?: string;
  /** the star rating beside the text; news comments have none (spec 3 §9 "stars hidden for news") */
  withStars?: boolean;
}

/** spec 2 §4.10, §5.12: comment once, after finishing; the published comments below. */
export function TrainingComments({ trainingId, finished, canComment, onCommented, path, lockedNote, withStars = true }: TrainingCommentsProps) {
  const { t } = useI18n();
  const dates = useDateFormat();
  const commentsPath = path ?? LEARNER_PATHS.comments(trainingId);
  const { data: pages, error, size, setSize, mutate } = useCommentPages(commentsPath);
  const comments = pages?.flatMap((page) => page.results) ?? [];
  const count = pages?.[0]?.count ?? 0;
  const [sent, setSent] = useState(false);

  return (
    <div class="training-comments">
      {sent && <Message kind="success">{t('portal.courses.comments.sent')}</Message>}
      {canComment
        ? <CommentForm path={commentsPath} withStars={withStars} texts={{ label: t('portal.courses.comments.label'), stars: t('portal.courses.comments.stars'), submit: t('portal.courses.comments.submit') }} onDone={(accepted) => {
          setSent(accepted);
          void mutate();
          onCommented();
        }} />
        : !sent && <p class="note">{finished ? t('portal.courses.comments.already') : lockedNote ?? t('portal.courses.need_complete')}</p>}
      {error && <Message kind="error">{errorText(t, errorCode(error))}</Message>}
      {pages && comments.length === 0 && <p class="note">{t('portal.courses.comments.none')}</p>}
      {comments.length > 0 && (
        <ul class="comments">
          {comments.map((comment) => <CommentItem key={comment.id} comment={comment} date={dates.instant(comment.created_at)} />)}
        </ul>
      )}
      {comments.length < count && (
        <button type="button" class="button-secondary" onClick={() => void setSize(size + 1)}>{t('portal.courses.load_more')}</button>
      )}
    </div>
  );
}

function CommentItem({ comment, date }: { comment: LearnerComment; date: string }) {
  const { t } = useI18n();
  return (
    <li class="comment">
      <p class="comment-head">
        <strong>{comment.author}</strong>
        {comment.mine && <span class="badge">{t('portal.courses.comments.mine')}</span>}
        <span class="muted">{date}</span>
        {comment.stars !== null && comment.stars > 0 && (
          <span class="comment-stars" title={t('portal.courses.stars.value', { count: comment.stars })}>
            <span aria-hidden="true">{'★'.repeat(comment.stars)}{'☆'.repeat(5 - comment.stars)}</span>
            <span class="visually-hidden">{t('portal.courses.stars.value', { count: comment.stars })}</span>
          </span>
        )}
      </p>
      <p class="comment-text">{comment.comment}</p>
    </li>
  );
}
