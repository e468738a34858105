import { useEffect, useRef, type ComponentType } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Box, Card, Tab, Tabs } from '@mui/material';
import { Loading, Title, useTranslate } from 'react-admin';
import { CommentsModerationTable } from '../../common/comments/CommentsModerationTable.tsx';
import { TrainingBasicDataTab, useTraining } from './TrainingBasicDataTab.tsx';
import { TrainingConfigureTab } from './TrainingConfigureTab.tsx';
import { TrainingDiscussionsTab } from './TrainingDiscussionsTab.tsx';
import { TrainingEvaluationsTab } from './TrainingEvaluationsTab.tsx';
import { TrainingMaterialsTab } from './TrainingMaterialsTab.tsx';
import { TrainingModulesTab } from './TrainingModulesTab.tsx';
import { TrainingTestsTab } from './TrainingTestsTab.tsx';
import { isSavedTrainingId, tabOf, visibleTrainingTabs, type TrainingTab } from './trainingTabs.ts';
import { useTrainingAccess } from './useTrainingAccess.ts';

export interface TrainingTabProps { trainingId: number; canManage: boolean }

/** spec 2 §2.7 with origin 'training'; moderating needs trainings_manage, so without it the table opens in manager mode. */
function CommentsTab({ trainingId, canManage }: TrainingTabProps) {
  return <CommentsModerationTable origin="training" id={trainingId} managerMode={!canManage} />;
}

/** The tabs after basic-data, each a component of the saved training. */
const TAB_VIEWS: Partial<Record<TrainingTab, ComponentType<TrainingTabProps>>> = {
  modules: TrainingModulesTab,
  tests: TrainingTestsTab,
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
  const navigate = useNavigate();
  const translate = useTranslate();
  const { flags, canManage, isPending } = useTrainingAccess();
  const saved = isSavedTrainingId(params.id);
  const trainingId = saved ? Number(params.id) : null;
  const visible = visibleTrainingTabs(flags, saved).filter((tab) => tab === 'basic-data' || TAB_VIEWS[tab]);
  const segment = params['*']?.split('/')[0];
  const current = tabOf(segment, visible);
  const base = `/trainings/${trainingId ?? 0}`;

  const tabSet = visible.join(',');
  const previous = useRef(tabSet);
  useEffect(() => {
    if (previous.current === tabSet) return;
    previous.current = tabSet;
    navigate(base, { replace: true });
  }, [tabSet, base, navigate]);

  const View = current === 'basic-data' ? null : TAB_VIEWS[current];
  // the tab set depends on the client's flags: wait for them rather than show tabs that then go
  if (isPending) return <Loading />;
  return (
    <Box sx={{ mt: 1 }}>
      <TrainingTitle trainingId={trainingId} />
      <Card sx={{ mb: 2 }}>
        <Tabs
          value={current}
          onChange={(_event, tab: TrainingTab) => navigate(tab === 'basic-data' ? base : `${base}/${tab}`)}
          variant="scrollable"
          scrollButtons="auto"
          aria-label={translate('resources.trainings.tabs.label')}
        >
          {visible.map((tab) => <Tab key={tab} value={tab} label={translate(`resources.trainings.tabs.${tab}`)} />)}
        </Tabs>
      </Card>
      {current === 'basic-data' || !trainingId || !View
        ? <TrainingBasicDataTab trainingId={trainingId} />
        : <View trainingId={trainingId} canManage={canManage} />}
    </Box>
  );
}

/** /trainings/create: the editor of a new training (the same as id 0). */
export function TrainingCreate() {
  return <TrainingEdit />;
}

export default TrainingEdit;
