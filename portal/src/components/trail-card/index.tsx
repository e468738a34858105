import { Link } from 'wouter-preact';
import { LEARNER_PATHS, type LearnerTrailCard, type Reactions } from '@lp/shared/contract';
import { useI18n } from '../../lib/i18n.ts';
import { CourseBadges } from '../course-card/index.tsx';
import { ProgressBar } from '../progress-bar/index.tsx';
import { ReactionsBar } from '../reactions-bar/index.tsx';

export interface TrailCardProps {
  trail: LearnerTrailCard;
  headingLevel?: 2 | 3;
  onReactions?(reactions: Reactions): void;
}

/** A trail in a list: image, title, badges, number of modules (of every kind), progress and reactions. */
export function TrailCard({ trail, headingLevel = 2, onReactions }: TrailCardProps) {
  const { t } = useI18n();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `trail-card-${trail.id}`;
  return (
    <article class="course-card trail-card" aria-labelledby={headingId}>
      {trail.image
        ? <img class="course-card-image" src={trail.image} alt="" loading="lazy" width={520} height={290} />
        : <div class="course-card-image course-card-placeholder" aria-hidden="true" />}
      <div class="course-card-body">
        <Heading id={headingId} class="course-card-title">
          <Link href={`/trails/${trail.id}`}>{trail.title}</Link>
        </Heading>
        <CourseBadges training={trail} />
        <p class="course-card-meta">{t('portal.trails.modules', { count: trail.qty_items })}</p>
        <ProgressBar percent={trail.percent} status={trail.status} />
        <ReactionsBar compact title={trail.title} reactions={trail} onChange={onReactions}
          paths={{ favorite: LEARNER_PATHS.trailFavorite(trail.id), like: LEARNER_PATHS.trailLike(trail.id), rate: LEARNER_PATHS.trailRate(trail.id) }} />
      </div>
    </article>
  );
}
