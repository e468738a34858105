import { useRedirect } from 'react-admin';
import { GROUP_TRAINING_TESTS } from '@lp/shared/contract';
import { QuizzesTab } from '../../common/contentTabs/quizzes/QuizzesTab.tsx';

export interface TrainingQuizzesTabProps {
  trainingId: number;
  canManage: boolean;
}

/** spec 2 §2.3 Tests tab of a training (tests, questions, question bank and test import). */
export function TrainingQuizzesTab({ trainingId, canManage }: TrainingQuizzesTabProps) {
  const redirect = useRedirect();
  return <QuizzesTab owner={GROUP_TRAINING_TESTS} ownerId={trainingId} canManage={canManage} onBack={() => redirect('list', 'trainings')} />;
}

export default TrainingQuizzesTab;
