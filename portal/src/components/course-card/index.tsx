import { Link } from 'wouter-preact';
import { LEARNER_PATHS, type LearnerTrainingCard, type Reactions } from '@lp/shared/contract';
import { useI18n } from '../../lib/i18n.ts';
import { formatHours } from '../../lib/format.ts';
import { ProgressBar } from '../progress-bar/index.tsx';
import { ReactionsBar } from '../reactions-bar/index.tsx';

export interface CourseCardProps {
  training: LearnerTrainingCard;
  /** where the title links; the training's own page by default (a trail passes its nested path) */
  href?: string;
  headingLevel?: 2 | 3;
  onReactions?(reactions: Reactions): void;
}

/** A training in a list: image, title, tags, workload, badges, progress and reactions. */
export function CourseCard({ training, href, headingLevel = 2, onReactions }: CourseCardProps) {
  const { t, locale } = useI18n();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `course-card-${training.id}`;
  return (
    <article class="course-card" aria-labelledby={headingId}>
      {training.image
        ? <img class="course-card-image" src={training.image} alt={training.image_alt_text ?? ''} loading="lazy" width={520} height={290} />
        : <div class="course-card-image course-card-placeholder" aria-hidden="true" />}
      <div class="course-card-body">
        <Heading id={headingId} class="course-card-title">
          <Link href={href ?? `/courses/${training.id}`}>{training.title}</Link>
        </Heading>
        <CourseBadges training={training} />
        {training.tags.length > 0 && (
          <ul class="tags" aria-label={t('portal.courses.tags')}>
            {training.tags.map((tag) => <li key={tag.id}>{tag.name}</li>)}
          </ul>
        )}
        <p class="course-card-meta">{t('portal.courses.workload', { hours: formatHours(training.workload, locale) })}</p>
        <ProgressBar percent={training.percent} status={training.status} />
        <ReactionsBar compact title={training.title} reactions={training} onChange={onReactions}
          paths={{ favorite: LEARNER_PATHS.favorite(training.id), like: LEARNER_PATHS.like(training.id), rate: LEARNER_PATHS.rate(training.id) }} />
      </div>
    </article>
  );
}

/** Mandatory and certificate badges (also on the detail page). */
export function CourseBadges({ training }: { training: Pick<LearnerTrainingCard, 'is_mandatory' | 'certificate'> }) {
  const { t } = useI18n();
  if (!training.is_mandatory && !training.certificate) return null;
  return (
    <p class="badges">
      {training.is_mandatory && <span class="badge badge-mandatory">{t('portal.courses.mandatory')}</span>}
      {training.certificate && (
        <span class={`badge badge-certificate-${training.certificate.status}`}>
          {t(training.certificate.status === 'valid' ? 'portal.courses.certificate.badge_valid' : 'portal.courses.certificate.badge_expired')}
        </span>
      )}
    </p>
  );
}
