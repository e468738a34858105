import type { ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import { Loading, Title, useTranslate } from 'react-admin';
import { TabbedEditor, useEditorTab } from '../../common/editor/index.ts';
import { CommentsModerationTable } from '../../common/comments/CommentsModerationTable.tsx';
import { TrainingBasicDataTab, useTraining } from './TrainingBasicDataTab.tsx';
import { TrainingConfigureTab } from './TrainingConfigureTab.tsx';
import { TrainingDiscussionsTab } from './TrainingDiscussionsTab.tsx';
import { TrainingEvaluationsTab } from './TrainingEvaluationsTab.tsx';
import { TrainingGamesTab } from './TrainingGamesTab.tsx';
import { TrainingMaterialsTab } from './TrainingMaterialsTab.tsx';
import { TrainingModulesTab } from './TrainingModulesTab.tsx';
import { TrainingQuizzesTab } from './TrainingQuizzesTab.tsx';
import { isSavedTrainingId, visibleTrainingTabs, type TrainingTab } from './trainingTabs.ts';
import { useTrainingAccess } from './useTrainingAccess.ts';

export interface TrainingTabProps { trainingId: number; canManage: boolean }

/** spec 2 §2.7 with origin 'training'; moderating needs trainings_manage, so without it the table opens in manager mode. */
function CommentsTab({ trainingId, canManage }: TrainingTabProps) {
  return <CommentsModerationTable origin="training" id={trainingId} managerMode={!canManage} />;
}

/** The tabs after basic-data, each a component of the saved training. */
const TAB_VIEWS: Partial<Record<TrainingTab, ComponentType<TrainingTabProps>>> = {
  modules: TrainingModulesTab,
  games: TrainingGamesTab,
  tests: TrainingQuizzesTab,
  support_material: TrainingMaterialsTab,
  reaction_tests: TrainingEvaluationsTab,
  configure_and_publish: TrainingConfigureTab,
  comments: CommentsTab,
  discussions: TrainingDiscussionsTab,
};

function TrainingTitle({ trainingId }: { trainingId: number | null }) {
  const translate = useTranslate();
  const { heading } = useTrainingAccess();
  const { data } = useTraining(trainingId);
  const name = heading ?? translate('resources.trainings.name', { smart_count: 2 });
  return <Title title={data ? `${name}: ${data.title}` : `${name}: ${translate('resources.trainings.new')}`} />;
}

/**
 * spec 2 §2.3 training editor (admin_training): /trainings/{id}/{tab}; id 0 (or the create
 * route) is a new training with basic-data only. A change of the tab set resets to basic-data.
 */
export function TrainingEdit() {
  const params = useParams();
  const { flags, canManage, isPending } = useTrainingAccess();
  const saved = isSavedTrainingId(params.id);
  const trainingId = saved ? Number(params.id) : null;
  const visible = visibleTrainingTabs(flags, saved).filter((tab) => tab === 'basic-data' || TAB_VIEWS[tab]);
  const { current, select } = useEditorTab(`/trainings/${trainingId ?? 0}`, visible);

  const View = current === 'basic-data' ? null : TAB_VIEWS[current];
  // the tab set depends on the client's flags: wait for them rather than show tabs that then go
  if (isPending) return <Loading />;
  return (
    <TabbedEditor tabs={visible} current={current} onSelect={select} labels="resources.trainings.tabs" scrollable
      title={<TrainingTitle trainingId={trainingId} />}>
      {current === 'basic-data' || !trainingId || !View
        ? <TrainingBasicDataTab trainingId={trainingId} />
        : <View trainingId={trainingId} canManage={canManage} />}
    </TabbedEditor>
  );
}

/** /trainings/create: the editor of a new training (the same as id 0). */
export function TrainingCreate() {
  return <TrainingEdit />;
}

export default TrainingEdit;
