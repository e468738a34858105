import { CommentsModerationTable } from '../../common/comments/CommentsModerationTable.tsx';
import type { TrainingTabProps } from './TrainingEdit.tsx';

/** spec 2 §2.7 with origin 'training'; moderating needs trainings_manage, so without it the table opens in manager mode. */
export function TrainingCommentsTab({ trainingId, canManage }: TrainingTabProps) {
  return <CommentsModerationTable origin="training" id={trainingId} managerMode={!canManage} />;
}
