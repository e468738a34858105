import type { LearnerStatus } from '@lp/shared/contract';
import { useI18n } from '../../lib/i18n.ts';

export interface ProgressBarProps {
  /** 0–100 */
  percent: number;
  /** the learner's state in the content (spec 2 §4.7); shown beside the figure */
  status?: LearnerStatus;
}

/** The learner's progress in a training or trail: a bar, the status in words and the percentage. */
export function ProgressBar({ percent, status }: ProgressBarProps) {
  const { t } = useI18n();
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  const text = t('portal.courses.progress.percent', { percent: value });
  return (
    <div class={`progress progress-${status ?? 'none'}`}>
      <div class="progress-track" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={value}
        aria-label={t('portal.courses.progress.label')}>
        <span class="progress-fill" style={{ width: `${value}%` }} />
      </div>
      <span class="progress-text">
        {status && <strong>{t(`portal.courses.status.${status}`)}</strong>}
        {status && ' · '}
        {text}
      </span>
    </div>
  );
}
