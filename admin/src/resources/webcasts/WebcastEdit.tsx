import type { ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import { ViewAsStudentButton } from '../../common/viewAsStudent/ViewAsStudentButton.tsx';
import { Box } from '@mui/material';
import SensorsIcon from '@mui/icons-material/Sensors';
import { Loading, Title, useRedirect, useTranslate } from 'react-admin';
import { WEBCAST_TESTS } from '@lp/shared/contract';
import { TabbedEditor, useEditorTab } from '../../common/editor/index.ts';
import { CommentsModerationTable } from '../../common/comments/CommentsModerationTable.tsx';
import { EvaluationsTab } from '../../common/contentTabs/evaluations/EvaluationsTab.tsx';
import { WEBCAST_EVALUATIONS } from '../../common/contentTabs/evaluations/evaluationOwner.ts';
import { MaterialsTab } from '../../common/contentTabs/materials/MaterialsTab.tsx';
import { WEBCAST_MATERIALS } from '../../common/contentTabs/materials/materialOwner.ts';
import { QuizzesTab } from '../../common/contentTabs/quizzes/QuizzesTab.tsx';
import { WebcastChatTab } from './chat/WebcastChatTab.tsx';
import { WebcastStreamTab } from './stream/WebcastStreamTab.tsx';
import { WebcastEventDataTab } from './event-data/WebcastEventDataTab.tsx';
import { useWebcast } from './useWebcast.ts';
import { WebcastSubscribersTab } from './WebcastSubscribersTab.tsx';
import { isSavedWebcastId, visibleWebcastTabs, type WebcastTab } from './webcastTabs.ts';
import { useWebcastAccess } from './useWebcastAccess.ts';

export interface WebcastTabProps { webcastId: number; canManage: boolean }

function useBackToWebcasts() {
  const redirect = useRedirect();
  return () => redirect('list', 'webcasts');
}

/** spec 2 §2.5 tests tab: "the same behaviour as the training editor … with webcast fields". */
function TestsView({ webcastId, canManage }: WebcastTabProps) {
  return <QuizzesTab owner={WEBCAST_TESTS} ownerId={webcastId} canManage={canManage} onBack={useBackToWebcasts()} />;
}

function EvaluationsView({ webcastId, canManage }: WebcastTabProps) {
  return <EvaluationsTab owner={WEBCAST_EVALUATIONS} ownerId={webcastId} canManage={canManage} onBack={useBackToWebcasts()} />;
}

function MaterialsView({ webcastId, canManage }: WebcastTabProps) {
  return <MaterialsTab owner={WEBCAST_MATERIALS} ownerId={webcastId} canManage={canManage} onBack={useBackToWebcasts()} />;
}

/** spec 2 §2.5 comments (reviews), origin 'webcast': §7.4 has no moderation path for it, so the table lists only. */
function CommentsView({ webcastId }: WebcastTabProps) {
  return <CommentsModerationTable origin="webcast" id={webcastId} />;
}

/**
 * The tabs after event_data, each a component of the saved webcast ({ webcastId, canManage }):
 * the stream studio (stream/) and the chat moderation (chat/) come from their own folders.
 */
export const TAB_VIEWS: Partial<Record<WebcastTab, ComponentType<WebcastTabProps>>> = {
  subscribers: WebcastSubscribersTab,
  tests: TestsView,
  support_material: MaterialsView,
  reaction_tests: EvaluationsView,
  stream: WebcastStreamTab,
  chat_moderation: WebcastChatTab,
  comments: CommentsView,
};

/** spec 2 §2.5 header: a broadcast icon and the client's title_webcasts, or 'webinars'. */
function WebcastTitle({ title }: { title: string | null }) {
  const translate = useTranslate();
  const { heading } = useWebcastAccess();
  const name = heading ?? translate('resources.webcasts.heading');
  return (
    <Title
      title={(
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          <SensorsIcon aria-hidden />
          {`${name}: ${title ?? translate('resources.webcasts.new')}`}
        </Box>
      )}
    />
  );
}

/**
 * spec 2 §2.5 webcast editor (admin_webcast): /webcasts/{id}/{tab}; id 0 (or the create route)
 * is a new webcast with event_data only. When the tab set changes (a saved webcast's type or chat
 * came in), the editor goes back to event_data; a new route id reloads the screen.
 */
export function WebcastEdit() {
  const params = useParams();
  const { flags, canManage, isPending } = useWebcastAccess();
  const saved = isSavedWebcastId(params.id);
  const webcastId = saved ? Number(params.id) : null;
  const { data: webcast } = useWebcast(webcastId);
  const visible = visibleWebcastTabs({
    saved, webcastType: webcast?.webcast_type, useChat: webcast?.use_chat, useComments: flags.use_comments_webcast,
  }).filter((tab) => tab === 'event_data' || TAB_VIEWS[tab]);
  // the saved webcast's own tabs arrive with it: keep the tab the path names if it is one of them
  const { current, select } = useEditorTab(`/webcasts/${webcastId ?? 0}`, visible, { onTabSetChange: 'keep-named' });

  const View = current === 'event_data' ? null : TAB_VIEWS[current];
  if (isPending || (webcastId && !webcast)) return <Loading />;
  return (
    <TabbedEditor key={webcastId ?? 'new'} tabs={visible} current={current} onSelect={select}
      labels="resources.webcasts.tabs" scrollable title={<WebcastTitle title={webcast?.title ?? null} />}
      actions={webcastId ? <ViewAsStudentButton kind="webcast" contentId={webcastId} /> : undefined}>
      {current === 'event_data' || !webcastId || !View
        ? <WebcastEventDataTab webcastId={webcastId} />
        : <View webcastId={webcastId} canManage={canManage} />}
    </TabbedEditor>
  );
}

/** /webcasts/create: the editor of a new webcast (the same as id 0). */
export function WebcastCreate() {
  return <WebcastEdit />;
}

export default WebcastEdit;
