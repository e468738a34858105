import type { ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import { Loading, Title, useTranslate } from 'react-admin';
import { TabbedEditor, lazyTab, useEditorTab } from '../../common/editor/index.ts';
import { ViewAsStudentButton } from '../../common/viewAsStudent/ViewAsStudentButton.tsx';
import { TrainingBasicDataTab, useTraining } from './TrainingBasicDataTab.tsx';
import { isSavedTrainingId, visibleTrainingTabs, type TrainingTab } from './trainingTabs.ts';
import { useTrainingAccess } from './useTrainingAccess.ts';

export interface TrainingTabProps { trainingId: number; canManage: boolean }

/**
 * The tabs after basic-data, each a component of the saved training, loaded when first opened:
 * the editor's chunk is then the basic-data form only (uploads, quizzes, comments come later).
 */
const TAB_VIEWS: Partial<Record<TrainingTab, ComponentType<TrainingTabProps>>> = {
  modules: lazyTab(() => import('./TrainingModulesTab.tsx'), 'TrainingModulesTab'),
  games: lazyTab(() => import('./TrainingGamesTab.tsx'), 'TrainingGamesTab'),
  tests: lazyTab(() => import('./TrainingQuizzesTab.tsx'), 'TrainingQuizzesTab'),
  support_material: lazyTab(() => import('./TrainingMaterialsTab.tsx'), 'TrainingMaterialsTab'),
  reaction_tests: lazyTab(() => import('./TrainingEvaluationsTab.tsx'), 'TrainingEvaluationsTab'),
  configure_and_publish: lazyTab(() => import('./TrainingConfigureTab.tsx'), 'TrainingConfigureTab'),
  comments: lazyTab(() => import('./TrainingCommentsTab.tsx'), 'TrainingCommentsTab'),
  discussions: lazyTab(() => import('./TrainingDiscussionsTab.tsx'), 'TrainingDiscussionsTab'),
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
  const { current, select } = useEditorTab(`/trainings/${trainingId ?? 0}`, visible, { ready: !isPending });

  const View = current === 'basic-data' ? null : TAB_VIEWS[current];
  // the tab set depends on the client's flags: wait for them rather than show tabs that then go
  if (isPending) return <Loading />;
  return (
    <TabbedEditor tabs={visible} current={current} onSelect={select} labels="resources.trainings.tabs" scrollable
      title={<TrainingTitle trainingId={trainingId} />}
      actions={trainingId ? <ViewAsStudentButton kind="training" contentId={trainingId} /> : undefined}>
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
