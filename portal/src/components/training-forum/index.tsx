import { useEffect, useId, useRef, useState } from 'preact/hooks';
import {
  cleanForumText, FORUM_LIMITS, FORUM_STATUS, topicAcceptsReplies, validateForumReply, validateForumTopic, type ForumFieldErrors,
} from '@lp/shared/rules';
import { FORUM_LEARNER_PATHS, type ForumReply, type ForumTopic, type ForumTopicItem } from '@lp/shared/contract';
import { api, errorCode, send } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { useDateFormat } from '../../lib/format.ts';
import { FORUM_PAGE_SIZE, useForumReplies, useForumTopic, useForumTopics } from '../../hooks/use-forum.ts';
import { Message } from '../message/index.tsx';

export interface TrainingForumProps {
  trainingId: number;
}

/** spec 2 §2.3 "DD/MM/YYYY HH:mm", in the learner's zone. */
function useForumDate() {
  const dates = useDateFormat();
  return (value: string) => dates.dateTime(value);
}

/**
 * The learner side of a training's discussions (spec 2 §3.10, §4.11): topics, a topic with its
 * replies, new topics and replies (none on a closed topic), likes and reports. Mount it on the
 * training detail when the training's `forum_enabled` is true. Texts are plain text.
 */
export function TrainingForum({ trainingId }: TrainingForumProps) {
  const [openId, setOpenId] = useState<number | null>(null);
  const lastOpened = useRef<number | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  // back in the list, the focus returns to the topic that was open
  useEffect(() => {
    if (openId === null && lastOpened.current !== null) {
      listRef.current?.querySelector<HTMLButtonElement>(`[data-topic="${lastOpened.current}"]`)?.focus();
    }
  }, [openId]);
  const open = (id: number) => {
    lastOpened.current = id;
    setOpenId(id);
  };
  return (
    <div class="forum" ref={listRef}>
      {openId === null
        ? <TopicList trainingId={trainingId} onOpen={open} />
        : <TopicView trainingId={trainingId} topicId={openId} onBack={() => setOpenId(null)} />}
    </div>
  );
}

function TopicList({ trainingId, onOpen }: { trainingId: number; onOpen(id: number): void }) {
  const { t } = useI18n();
  const date = useForumDate();
  const { data: pages, error, size, setSize, mutate } = useForumTopics(trainingId);
  const [creating, setCreating] = useState(false);
  const topics = pages?.flatMap((page) => page.results) ?? [];
  const count = pages?.[0]?.count ?? 0;
  const hasMore = pages !== undefined && pages.length * FORUM_PAGE_SIZE < count;

  return (
    <div class="forum-topics">
      {creating
        ? <TopicForm trainingId={trainingId} onCancel={() => setCreating(false)} onCreated={(topic) => {
          void mutate();
          onOpen(topic.id);
        }} />
        : <button type="button" onClick={() => setCreating(true)}>{t('portal.forum.new_topic')}</button>}
      {error && <Message kind="error">{errorText(t, errorCode(error))}</Message>}
      {!pages && !error && <p class="loading">{t('portal.loading')}</p>}
      {pages && topics.length === 0 && <p class="note">{t('portal.forum.no_topics')}</p>}
      {topics.length > 0 && (
        <ul class="forum-topic-list">
          {topics.map((topic) => <TopicRow key={topic.id} topic={topic} date={date(topic.updated_date)} onOpen={onOpen} />)}
        </ul>
      )}
      {hasMore && (
        <button type="button" class="button-secondary" onClick={() => void setSize(size + 1)}>{t('portal.forum.load_more')}</button>
      )}
    </div>
  );
}

function TopicRow({ topic, date, onOpen }: { topic: ForumTopicItem; date: string; onOpen(id: number): void }) {
  const { t } = useI18n();
  return (
    <li class="forum-topic-row">
      <button type="button" class="link-button" data-topic={topic.id} onClick={() => onOpen(topic.id)}>{topic.title}</button>
      {topic.status === FORUM_STATUS.closed && <span class="badge">{t('portal.forum.closed')}</span>}
      <p class="muted">
        {t('portal.forum.topic_meta', {
          author: topic.author.name,
          date,
          replies: t('portal.forum.replies', { count: topic.qty_answers }),
          likes: t('portal.forum.likes', { count: topic.likes }),
        })}
      </p>
    </li>
  );
}

function TopicForm({ trainingId, onCancel, onCreated }: { trainingId: number; onCancel(): void; onCreated(topic: ForumTopic): void }) {
  const { t } = useI18n();
  const id = useId();
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [fields, setFields] = useState<ForumFieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: Event) {
    event.preventDefault();
    const values = { title: cleanForumText(title, { singleLine: true }), text: cleanForumText(text) };
    const problems = validateForumTopic(values);
    setFields(problems);
    if (problems.title || problems.text) {
      setError(errorText(t, problems.title ?? problems.text!));
      document.getElementById(problems.title ? `${id}-title` : `${id}-text`)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const topic = await send<ForumTopic>(FORUM_LEARNER_PATHS.topics(trainingId), 'POST', values.text ? values : { title: values.title });
      onCreated(topic);
    } catch (failure) {
      setError(t('portal.forum.topic_add_error', { reason: errorText(t, errorCode(failure)) }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="form forum-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${id}-legend`}>
      <h3 id={`${id}-legend`}>{t('portal.forum.new_topic')}</h3>
      <div class="field">
        <label for={`${id}-title`}>{t('portal.forum.subject')}</label>
        <input id={`${id}-title`} value={title} maxLength={FORUM_LIMITS.titleMax} required aria-invalid={fields.title ? 'true' : undefined}
          onInput={(event) => setTitle(event.currentTarget.value)} />
      </div>
      <div class="field">
        <label for={`${id}-text`}>{t('portal.forum.message')}</label>
        <textarea id={`${id}-text`} rows={4} value={text} maxLength={FORUM_LIMITS.textMax} aria-invalid={fields.text ? 'true' : undefined}
          onInput={(event) => setText(event.currentTarget.value)} />
      </div>
      {error && <Message kind="error">{error}</Message>}
      <div class="actions">
        <button type="submit" disabled={busy}>{t('portal.forum.publish')}</button>
        <button type="button" class="button-secondary" onClick={onCancel}>{t('portal.forum.cancel')}</button>
      </div>
    </form>
  );
}

function TopicView({ trainingId, topicId, onBack }: { trainingId: number; topicId: number; onBack(): void }) {
  const { t } = useI18n();
  const date = useForumDate();
  const { data: topic, error, mutate } = useForumTopic(trainingId, topicId);
  const { data: pages, error: repliesError, size, setSize, mutate: mutateReplies } = useForumReplies(trainingId, topicId);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const replies = pages?.flatMap((page) => page.results) ?? [];
  const count = pages?.[0]?.count ?? 0;
  const hasMore = pages !== undefined && pages.length * FORUM_PAGE_SIZE < count;

  useEffect(() => {
    if (topic) heading.current?.focus();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the heading takes the focus once per topic opened
  }, [topic?.id]);

  /** like, unlike, report: the server answers the topic as it now is */
  async function act(path: string, success?: string) {
    setBusy(true);
    setNotice(null);
    try {
      const next = await api.json<ForumTopic>(path, { method: 'POST' });
      await mutate(next, { revalidate: false });
      if (success) setNotice({ kind: 'success', text: success });
    } catch (failure) {
      setNotice({ kind: 'error', text: errorText(t, errorCode(failure)) });
    } finally {
      setBusy(false);
    }
  }

  const back = <button type="button" class="button-secondary" onClick={onBack}>{t('portal.forum.back')}</button>;
  if (error) return <div class="forum-topic">{back}<Message kind="error">{errorText(t, errorCode(error))}</Message></div>;
  if (!topic) return <p class="loading">{t('portal.loading')}</p>;
  const open = topicAcceptsReplies(topic.status);
  return (
    <article class="forum-topic" aria-labelledby={`forum-topic-${topic.id}`}>
      {back}
      <h3 id={`forum-topic-${topic.id}`} ref={heading} tabIndex={-1}>{topic.title}</h3>
      <p class="muted">{t('portal.forum.posted_by', { author: topic.author.name, date: date(topic.created_in) })}</p>
      {topic.text && <p class="forum-text">{topic.text}</p>}
      <div class="forum-actions">
        <button type="button" class="button-secondary" aria-pressed={topic.liked} disabled={busy}
          onClick={() => void act(topic.liked ? FORUM_LEARNER_PATHS.topicUnlike(trainingId, topic.id) : FORUM_LEARNER_PATHS.topicLike(trainingId, topic.id))}>
          {t('portal.forum.like', { n: topic.likes })}
        </button>
        <button type="button" class="button-secondary" disabled={busy || topic.report}
          onClick={() => void act(FORUM_LEARNER_PATHS.topicReport(trainingId, topic.id), t('portal.forum.report_success'))}>
          {topic.report ? t('portal.forum.reported') : t('portal.forum.report_topic')}
        </button>
      </div>
      {notice && <Message kind={notice.kind}>{notice.text}</Message>}
      <section aria-labelledby={`forum-replies-${topic.id}`}>
        <h4 id={`forum-replies-${topic.id}`}>{t('portal.forum.replies', { n: count })}</h4>
        {repliesError && <Message kind="error">{errorText(t, errorCode(repliesError))}</Message>}
        {replies.length > 0 && (
          <ul class="forum-replies">
            {replies.map((reply) => (
              <ReplyItem key={reply.id} trainingId={trainingId} reply={reply} date={date(reply.created_in)}
                onChange={() => void mutateReplies()} />
            ))}
          </ul>
        )}
        {hasMore && <button type="button" class="button-secondary" onClick={() => void setSize(size + 1)}>{t('portal.forum.load_more')}</button>}
      </section>
      {open
        ? <ReplyForm trainingId={trainingId} topicId={topic.id} onSent={() => {
          void mutateReplies();
          void mutate();
        }} onClosed={() => void mutate()} />
        : <Message kind="info">{t('portal.forum.topic_closed')}</Message>}
    </article>
  );
}

function ReplyItem({ trainingId, reply, date, onChange }: { trainingId: number; reply: ForumReply; date: string; onChange(): void }) {
  const { t } = useI18n();
  const [current, setCurrent] = useState(reply);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  useEffect(() => setCurrent(reply), [reply]);

  async function act(path: string, success?: string) {
    setBusy(true);
    setNotice(null);
    try {
      setCurrent(await api.json<ForumReply>(path, { method: 'POST' }));
      if (success) setNotice({ kind: 'success', text: success });
      onChange();
    } catch (failure) {
      setNotice({ kind: 'error', text: errorText(t, errorCode(failure)) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <li class="forum-reply">
      <p class="muted">{t('portal.forum.posted_by', { author: current.author.name, date })}</p>
      <p class="forum-text">{current.text}</p>
      <div class="forum-actions">
        <button type="button" class="button-secondary" aria-pressed={current.liked} disabled={busy}
          aria-label={t('portal.forum.like_reply', { author: current.author.name, n: current.likes })}
          onClick={() => void act(current.liked
            ? FORUM_LEARNER_PATHS.replyUnlike(trainingId, current.topic_id, current.id)
            : FORUM_LEARNER_PATHS.replyLike(trainingId, current.topic_id, current.id))}>
          {t('portal.forum.like', { n: current.likes })}
        </button>
        <button type="button" class="button-secondary" disabled={busy || current.report}
          aria-label={current.report ? undefined : t('portal.forum.report_reply_of', { author: current.author.name })}
          onClick={() => void act(FORUM_LEARNER_PATHS.replyReport(trainingId, current.topic_id, current.id), t('portal.forum.report_success'))}>
          {current.report ? t('portal.forum.reported') : t('portal.forum.report_reply')}
        </button>
      </div>
      {notice && <Message kind={notice.kind}>{notice.text}</Message>}
    </li>
  );
}

function ReplyForm({ trainingId, topicId, onSent, onClosed }: { trainingId: number; topicId: number; onSent(): void; onClosed(): void }) {
  const { t } = useI18n();
  const id = useId();
  const [text, setText] = useState('');
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: Event) {
    event.preventDefault();
    const value = cleanForumText(text);
    const problem = validateForumReply({ text: value }).text;
    if (problem) {
      setNotice({ kind: 'error', text: errorText(t, problem) });
      document.getElementById(id)?.focus();
      return;
    }
    setBusy(true);
    setNotice(null);
    try {
      await send<ForumReply>(FORUM_LEARNER_PATHS.replies(trainingId, topicId), 'POST', { text: value });
      setText('');
      setNotice({ kind: 'success', text: t('portal.forum.reply_add_success') });
      onSent();
    } catch (failure) {
      const code = errorCode(failure);
      // spec 2 §4.11: closed while the learner was writing; the text stays in the box
      setNotice({ kind: 'error', text: code === 'topic_closed' ? errorText(t, code) : t('portal.forum.reply_add_error', { reason: errorText(t, code) }) });
      if (code === 'topic_closed') onClosed();
    } finally {
      setBusy(false);
    }
  }

  return (
    <form class="form forum-form" onSubmit={(event) => void submit(event)} noValidate>
      <div class="field">
        <label for={id}>{t('portal.forum.your_reply')}</label>
        <textarea id={id} rows={3} value={text} maxLength={FORUM_LIMITS.textMax} required
          onInput={(event) => setText(event.currentTarget.value)} />
      </div>
      {notice && <Message kind={notice.kind}>{notice.text}</Message>}
      <button type="submit" disabled={busy}>{t('portal.forum.send_reply')}</button>
    </form>
  );
}
