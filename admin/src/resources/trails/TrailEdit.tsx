import type { ComponentType } from 'react';
import { useParams } from 'react-router-dom';
import { Title, useTranslate } from 'react-admin';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { TabbedEditor, useEditorTab } from '../../common/editor/index.ts';
import { CommentsModerationTable } from '../../common/comments/CommentsModerationTable.tsx';
import { TrailBasicDataTab, useTrail } from './TrailBasicDataTab.tsx';
import { TrailModulesTab, type TrailTabProps } from './TrailModulesTab.tsx';
import { TrailPublishTab } from './TrailPublishTab.tsx';
import { isSavedTrailId, visibleTrailTabs, type TrailTab } from './trailTabs.ts';
import { useTrailAccess } from '../../common/trailAccess/useTrailAccess.ts';

/** spec 2 §2.7 origin 'trail'; moderating needs trails_manage, so without it the table opens in manager mode. */
function CommentsTab({ trailId, canManage }: TrailTabProps) {
  return <CommentsModerationTable origin="trail" id={trailId} managerMode={!canManage} />;
}

/** spec 2 §3.10: for the origin 'trails' the list is the learners' star ratings (no moderation path, §7.4). */
function RatingsTab({ trailId }: TrailTabProps) {
  return <CommentsModerationTable origin="trails" id={trailId} />;
}

const TAB_VIEWS: Record<Exclude<TrailTab, 'basic-data'>, ComponentType<TrailTabProps>> = {
  modules: TrailModulesTab,
  publish: TrailPublishTab,
  comments: CommentsTab,
  ratings: RatingsTab,
};

function TrailTitle({ trailId }: { trailId: number | null }) {
  const translate = useTranslate();
  const { data } = useTrail(trailId);
  const name = translate('resources.trails.name', { smart_count: 2 });
  return <Title title={data ? `${name}: ${data.title}` : `${name}: ${translate('resources.trails.new')}`} />;
}

/**
 * spec 2 §2.2 / §2.4 trail editor: /trails/{id}/{tab}; id 0 (or the create route) is a new
 * trail with basic data only.
 */
export function TrailEdit() {
  const params = useParams();
  const { canManage } = useTrailAccess();
  const saved = isSavedTrailId(params.id);
  const trailId = saved ? Number(params.id) : null;
  const visible = visibleTrailTabs(saved);
  const { current, select } = useEditorTab(`/${ADMIN_RESOURCES.trails.name}/${trailId ?? 0}`, visible);
  const View = current === 'basic-data' || !trailId ? null : TAB_VIEWS[current];

  return (
    <TabbedEditor tabs={visible} current={current} onSelect={select} labels="resources.trails.tabs" scrollable
      title={<TrailTitle trailId={trailId} />}>
      {View && trailId ? <View trailId={trailId} canManage={canManage} /> : <TrailBasicDataTab trailId={trailId} />}
    </TabbedEditor>
  );
}

/** /trails/create: the editor of a new trail (the same as id 0). */
export function TrailCreate() {
  return <TrailEdit />;
}

export default TrailEdit;
