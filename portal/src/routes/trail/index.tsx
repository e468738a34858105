import { Link, useParams } from 'wouter-preact';
import { ApiRequestError } from '@lp/shared/client';
import { LEARNER_PATHS, type LearnerTrail } from '@lp/shared/contract';
import { errorCode } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { useDateFormat } from '../../lib/format.ts';
import { safeHtml } from '../../lib/safe-html.ts';
import { useTrail } from '../../hooks/use-trail.ts';
import { CourseBadges } from '../../components/course-card/index.tsx';
import { Message } from '../../components/message/index.tsx';
import { ProgressBar } from '../../components/progress-bar/index.tsx';
import { ReactionsBar } from '../../components/reactions-bar/index.tsx';
import { TrailComments } from '../../components/trail-comments/index.tsx';
import { TrailItemKindLabel } from '../../components/trail-item-kind/index.tsx';
import { trailItemHref } from '../../lib/trail-items.ts';

type TrailItem = LearnerTrail['items'][number];

/**
 * /trails/:id — a trail's modules of every kind in order (spec 2 §2.1, §2.4, §3.8): each with its
 * kind, a link to its own page while it is available, its lock, and whether it is done.
 */
export default function Trail() {
  const { t } = useI18n();
  const { id = '' } = useParams<{ id: string }>();
  const { data: trail, error, mutate } = useTrail(id);

  if (error) {
    const missing = error instanceof ApiRequestError && error.status === 404;
    return (
      <section class="trail">
        <Message kind="error">{missing ? errorText(t, 'trail_not_found') : errorText(t, errorCode(error))}</Message>
        <p><Link href="/trails">{t('portal.trails.back')}</Link></p>
      </section>
    );
  }
  if (!trail) return <p class="loading">{t('portal.loading')}</p>;
  const items = [...trail.items].sort((a, b) => a.order - b.order);
  return (
    <article class="trail" aria-labelledby="trail-title">
      <p><Link href="/trails">{t('portal.trails.back')}</Link></p>
      <h1 id="trail-title">{trail.title}</h1>
      <CourseBadges training={trail} />
      {trail.description && <div class="rich-text" dangerouslySetInnerHTML={{ __html: safeHtml(trail.description) }} />}
      <ProgressBar percent={trail.percent} status={trail.status} />
      <ReactionsBar title={trail.title} reactions={trail} onChange={(reactions) => void mutate({ ...trail, ...reactions }, { revalidate: false })}
        paths={{ favorite: LEARNER_PATHS.trailFavorite(trail.id), like: LEARNER_PATHS.trailLike(trail.id), rate: LEARNER_PATHS.trailRate(trail.id) }} />
      {trail.certificate && (
        <p class="note">
          {t(trail.certificate.status === 'valid' ? 'portal.trails.certificate_valid' : 'portal.trails.certificate_expired')}{' '}
          <Link href="/profile/certificates">{t('portal.trails.certificates_link')}</Link>
        </p>
      )}
      <section class="panel" aria-labelledby="trail-items-title">
        <h2 id="trail-items-title">{t('portal.trails.items_title', { n: items.length })}</h2>
        <ol class="trail-items">
          {items.map((item) => <TrailItemRow key={`${item.kind}:${item.id}`} trailId={trail.id} item={item} items={items} />)}
        </ol>
      </section>
      <section class="panel" aria-labelledby="trail-comments-title">
        <h2 id="trail-comments-title">{t('portal.trails.comments_title')}</h2>
        <TrailComments trailId={trail.id} finished={trail.status === 'finished'} canComment={trail.can_comment}
          onCommented={() => void mutate()} />
      </section>
    </article>
  );
}

function TrailItemRow({ trailId, item, items }: { trailId: number; item: TrailItem; items: readonly TrailItem[] }) {
  const { t } = useI18n();
  const dates = useDateFormat();
  const lock = item.available ? null : item.lock_reason;
  const prerequisite = item.prerequisite_id === null
    ? null
    : items.find((other) => other.kind === item.prerequisite_kind && other.id === item.prerequisite_id);
  return (
    <li class={`trail-item${lock ? ' trail-item-locked' : ''}${item.done ? ' trail-item-done' : ''}`}>
      <TrailItemKindLabel kind={item.kind} />
      <h3 class="trail-item-title">
        {item.available
          ? <Link href={trailItemHref(trailId, item)}>{item.title}</Link>
          : <span>{item.title}</span>}
      </h3>
      {item.kind === 'training'
        ? <ProgressBar percent={item.percent} status={item.status} />
        : (
          <p class="trail-item-state">
            {item.done
              ? <strong>{`✓ ${t(`portal.trails.item_done.${item.kind}`)}`}</strong>
              : t(`portal.trails.item_todo.${item.kind}`)}
          </p>
        )}
      {lock === 'not_yet_available' && (
        <p class="lock">{item.available_in
          ? t('portal.trails.available_from', { date: dates.day(item.available_in) })
          : t('portal.trails.not_yet_available')}</p>
      )}
      {lock === 'prerequisite' && (
        <p class="lock">{prerequisite
          ? t('portal.trails.locked_prerequisite', { title: prerequisite.title })
          : t('portal.trails.locked_previous')}</p>
      )}
      {lock === 'blocked' && <p class="lock">{t('portal.trails.locked_blocked')}</p>}
    </li>
  );
}
