import { useRedirect } from 'react-admin';
import { GROUP_TRAINING_TESTS } from '@lp/shared/contract';
import { TestsTab } from './tests/TestsTab.tsx';

export interface TrainingTestsTabProps {
  trainingId: number;
  canManage: boolean;
}

/** spec 2 §2.3 Tests tab of a training (tests, questions, question bank and test import). */
export function TrainingTestsTab({ trainingId, canManage }: TrainingTestsTabProps) {
  const redirect = useRedirect();
  return <TestsTab owner={GROUP_TRAINING_TESTS} ownerId={trainingId} canManage={canManage} onBack={() => redirect('list', 'trainings')} />;
}

export default TrainingTestsTab;
