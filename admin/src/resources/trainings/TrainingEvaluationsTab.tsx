import { useRedirect } from 'react-admin';
import { EvaluationsTab } from '../../common/contentTabs/evaluations/EvaluationsTab.tsx';
import { TRAINING_EVALUATIONS } from '../../common/contentTabs/evaluations/evaluationOwner.ts';

export interface TrainingEvaluationsTabProps {
  trainingId: number;
  canManage: boolean;
}

/** spec 2 §2.3 "Reaction tests" tab of a training: the evaluations tab over the training's form calls (§7.1). */
export function TrainingEvaluationsTab({ trainingId, canManage }: TrainingEvaluationsTabProps) {
  const redirect = useRedirect();
  return <EvaluationsTab owner={TRAINING_EVALUATIONS} ownerId={trainingId} canManage={canManage} onBack={() => redirect('list', 'trainings')} />;
}

export default TrainingEvaluationsTab;
