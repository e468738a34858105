import { useRedirect } from 'react-admin';
import { MaterialsTab } from '../../common/contentTabs/materials/MaterialsTab.tsx';
import { TRAINING_MATERIALS } from '../../common/contentTabs/materials/materialOwner.ts';

export interface TrainingMaterialsTabProps {
  trainingId: number;
  canManage: boolean;
}

/** spec 2 §2.3 "Support material" tab of a training. */
export function TrainingMaterialsTab({ trainingId, canManage }: TrainingMaterialsTabProps) {
  const redirect = useRedirect();
  return <MaterialsTab owner={TRAINING_MATERIALS} ownerId={trainingId} canManage={canManage} onBack={() => redirect('list', 'trainings')} />;
}

export default TrainingMaterialsTab;
