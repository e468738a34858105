import type { ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import { Box } from '@mui/material';
import VideoCameraFrontIcon from '@mui/icons-material/VideoCameraFront';
import { Loading, Title, useRedirect, useTranslate } from 'react-admin';
import { LIVE_CLASS_TESTS } from '@lp/shared/contract';
import { TabbedEditor, useEditorTab } from '../../common/editor/index.ts';
import { CommentsModerationTable } from '../../common/comments/CommentsModerationTable.tsx';
import { EvaluationsTab } from '../../common/contentTabs/evaluations/EvaluationsTab.tsx';
import { LIVE_CLASS_EVALUATIONS } from '../../common/contentTabs/evaluations/evaluationOwner.ts';
import { QuizzesTab } from '../../common/contentTabs/quizzes/QuizzesTab.tsx';
import { LiveClassBasicTab } from './basic-data/LiveClassBasicTab.tsx';
import { LiveClassParticipantsTab } from './LiveClassParticipantsTab.tsx';
import { isSavedLiveClassId, visibleLiveClassTabs, type LiveClassTab } from './liveClassTabs.ts';
import { LIVE_CLASSES, useLiveClass } from './useLiveClass.ts';
import { useLiveClassAccess } from './useLiveClassAccess.ts';

interface TabProps { liveClassId: number; canManage: boolean }

function useBackToList() {
  const redirect = useRedirect();
  return () => redirect('list', LIVE_CLASSES);
}

function InviteesView(props: TabProps) {
  return <LiveClassParticipantsTab {...props} kind="invitees" />;
}

function SubscribersView(props: TabProps) {
  return <LiveClassParticipantsTab {...props} kind="subscribers" />;
}

/** The live class's tests: the owned-content core's tests tab with live class names. */
function TestsView({ liveClassId, canManage }: TabProps) {
  return <QuizzesTab owner={LIVE_CLASS_TESTS} ownerId={liveClassId} canManage={canManage} onBack={useBackToList()} />;
}

/** spec 3 §2 reaction tests: spec 3 §4, answered once the class is Finished. */
function ReactionTestsView({ liveClassId, canManage }: TabProps) {
  return <EvaluationsTab owner={LIVE_CLASS_EVALUATIONS} ownerId={liveClassId} canManage={canManage} onBack={useBackToList()} />;
}

/** spec 3 §7 "Comments", origin live_class: no moderation path exists for it (spec 2 §7.4), so the table lists only. */
function CommentsView({ liveClassId }: TabProps) {
  return <CommentsModerationTable origin="live_class" id={liveClassId} />;
}

const TAB_VIEWS: Record<Exclude<LiveClassTab, 'basic_data'>, ComponentType<TabProps>> = {
  invitees: InviteesView,
  subscribers: SubscribersView,
  tests: TestsView,
  reaction_tests: ReactionTestsView,
  comments: CommentsView,
};

function LiveClassTitle({ title }: { title: string | null }) {
  const translate = useTranslate();
  return (
    <Title
      title={(
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          <VideoCameraFrontIcon aria-hidden />
          {`${translate('resources.live_classes.name', { smart_count: 1 })}: ${title ?? translate('resources.live_classes.new')}`}
        </Box>
      )}
    />
  );
}

/**
 * spec 3 §2 live class editor at /live_classes/{id}/{tab} (0, or the create route, = new, basic
 * data only). The participants tab follows the saved type: invitees (closed) or subscribers (open).
 */
export function LiveClassEdit() {
  const params = useParams();
  const { canManage, isPending } = useLiveClassAccess();
  const saved = isSavedLiveClassId(params.id);
  const liveClassId = saved ? Number(params.id) : null;
  const { data: liveClass, error } = useLiveClass(liveClassId);
  const visible = visibleLiveClassTabs(saved, liveClass?.live_class_type);
  // the saved class's own tabs arrive with it: keep the tab the path names if it is one of them
  const { current, select } = useEditorTab(`/${LIVE_CLASSES}/${liveClassId ?? 0}`, visible, { onTabSetChange: 'keep-named' });

  // a refused read falls to the basic data tab, which returns to the list (spec 3 §8)
  if (isPending || (liveClassId && !liveClass && !error)) return <Loading />;
  const View = current === 'basic_data' ? null : TAB_VIEWS[current];
  return (
    <TabbedEditor key={liveClassId ?? 'new'} tabs={visible} current={current} onSelect={select}
      labels="resources.live_classes.tabs" scrollable title={<LiveClassTitle title={liveClass?.title ?? null} />}>
      {!View || !liveClassId
        ? <LiveClassBasicTab liveClassId={liveClassId} />
        : <View liveClassId={liveClassId} canManage={canManage} />}
    </TabbedEditor>
  );
}

/** /live_classes/create: the editor of a new class (the same as id 0). */
export function LiveClassCreate() {
  return <LiveClassEdit />;
}

export default LiveClassEdit;
