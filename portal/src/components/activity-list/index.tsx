import { Link } from 'wouter-preact';
import type { LearnerActivity } from '@lp/shared/contract';
import { useI18n, type Translate } from '../../lib/i18n.ts';
import { useDateFormat, type DateFormat } from '../../lib/format.ts';
import { timeLimitLabel } from '../../lib/time-limit.ts';

export interface ActivityListProps {
  trainingId: number;
  activities: readonly LearnerActivity[];
  /** the module open in the player */
  openModuleId: number | null;
  onOpenModule(activity: LearnerActivity): void;
  /** an administrator's preview (spec 1 §2.3 "view editor as a student"): actions shown, disabled */
  readOnly?: boolean;
}

const QUIZ_TYPES = new Set(['evaluated_quiz', 'unevaluated_quiz']);

function kindLabel(t: Translate, activity: LearnerActivity): string {
  if (activity.module) return t(`portal.courses.kind.${activity.module.kind}`);
  if (activity.test) return t(QUIZ_TYPES.has(activity.test.test_type) ? 'portal.courses.kind.quiz' : 'portal.courses.kind.test');
  return t('portal.courses.kind.game');
}

/** Why the server keeps an activity closed, in words (spec 2 §5.8, §4.8, §8). */
export function lockText(t: Translate, dates: DateFormat, activity: LearnerActivity): string {
  switch (activity.lock_reason) {
    case 'blocked':
      return t('portal.courses.lock.blocked');
    case 'not_yet_available': {
      const key = activity.type === 'test' ? 'portal.courses.lock.test_not_yet_available' : 'portal.courses.lock.not_yet_available';
      return activity.available_in ? t(`${key}_on`, { date: dates.day(activity.available_in) }) : t(key);
    }
    case 'prerequisite':
      return activity.prerequisite
        ? t('portal.courses.lock.prerequisite', { title: activity.prerequisite.title })
        : t('portal.courses.lock.prerequisite_unnamed');
    default:
      return t('portal.courses.lock.unavailable');
  }
}

/** spec 2 §2.1: the training's activities in hierarchy order, each with what the learner can do now. */
export function ActivityList({ trainingId, activities, openModuleId, onOpenModule, readOnly = false }: ActivityListProps) {
  const { t } = useI18n();
  const dates = useDateFormat();
  return (
    <ol class="activities">
      {activities.map((activity) => (
        <li key={`${activity.type}-${activity.id}`} class={`activity activity-${activity.status}${activity.available ? '' : ' activity-locked'}`}
          aria-current={activity.module && activity.id === openModuleId ? 'true' : undefined}>
          <div class="activity-head">
            <span class="activity-kind">{kindLabel(t, activity)}</span>
            <strong class="activity-title">{activity.title}</strong>
            <span class={`activity-status status-${activity.status}`}>{t(`portal.courses.activity_status.${activity.status}`)}</span>
          </div>
          {activity.module && activity.module.percent > 0 && activity.status !== 'finished' && (
            <small class="activity-percent">{t('portal.courses.progress.percent', { percent: activity.module.percent })}</small>
          )}
          {activity.test && <TestSummary activity={activity} />}
          {!activity.available
            ? <p class="activity-lock">{lockText(t, dates, activity)}</p>
            : <ActivityAction trainingId={trainingId} activity={activity} open={activity.id === openModuleId} onOpenModule={onOpenModule} readOnly={readOnly} />}
        </li>
      ))}
    </ol>
  );
}

function ActivityAction({ trainingId, activity, open, onOpenModule, readOnly }: {
  trainingId: number; activity: LearnerActivity; open: boolean; onOpenModule(activity: LearnerActivity): void; readOnly: boolean;
}) {
  const { t } = useI18n();
  if (activity.module) {
    const label = activity.status === 'finished' ? 'review' : activity.status === 'ongoing' ? 'continue' : 'open';
    if (readOnly) return <PreviewDisabled label={t(`portal.courses.activity.${label}`)} />;
    return (
      <button type="button" class="button-small" onClick={() => onOpenModule(activity)} aria-pressed={open}
        aria-label={t(`portal.courses.activity.${label}_named`, { title: activity.title })}>
        {t(`portal.courses.activity.${label}`)}
      </button>
    );
  }
  if (activity.type === 'game') {
    // spec 3 §4: a game won or skipped is done, and may still be played again
    const label = activity.status === 'finished' ? 'replay' : 'play';
    if (readOnly) return <PreviewDisabled label={t(`portal.courses.game_activity.${label}`)} />;
    return (
      <Link class="button-link button-small" href={`/courses/${trainingId}/games/${activity.id}`}
        aria-label={t(`portal.courses.game_activity.${label}_named`, { title: activity.title })}>
        {t(`portal.courses.game_activity.${label}`)}
      </Link>
    );
  }
  const test = activity.test;
  if (!test) return null;
  const exhausted = test.maximum_attempts !== null && test.attempts_used >= test.maximum_attempts;
  if (test.open_attempt_id === null && (test.passed || exhausted)) {
    return test.passed ? null : <p class="activity-lock">{t('portal.courses.test.no_attempts_left')}</p>;
  }
  const label = test.open_attempt_id !== null ? 'resume' : test.attempts_used > 0 ? 'retake' : 'start';
  if (readOnly) return <PreviewDisabled label={t(`portal.courses.test.${label}`)} />;
  return (
    <Link class="button-link button-small" href={`/courses/${trainingId}/tests/${activity.id}`}
      aria-label={t(`portal.courses.test.${label}_named`, { title: activity.title })}>
      {t(`portal.courses.test.${label}`)}
    </Link>
  );
}

/** What the learner could do here, shown and disabled: a preview records nothing. */
function PreviewDisabled({ label }: { label: string }) {
  const { t } = useI18n();
  return <button type="button" class="button-small" disabled title={t('portal.courses.preview.disabled')}>{label}</button>;
}

function TestSummary({ activity }: { activity: LearnerActivity }) {
  const { t } = useI18n();
  const test = activity.test!;
  const facts = [t('portal.courses.test.questions', { count: test.qty_questions })];
  facts.push(test.maximum_attempts !== null
    ? t('portal.courses.test.attempts', { used: test.attempts_used, max: test.maximum_attempts })
    : t('portal.courses.test.attempts_unlimited', { used: test.attempts_used }));
  if (test.minimum_score !== null && test.test_type !== 'unevaluated_quiz') facts.push(t('portal.courses.test.minimum_score', { count: test.minimum_score }));
  if (test.time_to_answer) facts.push(t('portal.courses.test.time_limit', { time: timeLimitLabel(t, test.time_to_answer) }));
  if (test.best_correct !== null) facts.push(t('portal.courses.test.best', { n: test.best_correct, total: test.qty_questions }));
  return (
    <div class="test-summary">
      <p>{facts.join(' · ')}</p>
      {test.timed && test.open_attempt_id === null && !test.passed && <p class="note">{t('portal.courses.test.timed_notice')}</p>}
    </div>
  );
}
