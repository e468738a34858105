import { Card } from '@mui/material';
import { useParams } from 'react-router-dom';
import { Create, Edit, useNotify, useRedirect } from 'react-admin';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { TabbedEditor, useEditorTab } from '../../common/editor/index.ts';
import { CommentsModerationTable } from '../../common/comments/CommentsModerationTable.tsx';
import { PodcastForm } from './PodcastForm.tsx';
import { NEW_PODCAST, podcastPayload, type PodcastFormValues } from './podcastPayload.ts';
import { usePodcastAccess } from './usePodcastAccess.ts';

const M = 'resources.podcasts.messages';
const RESOURCE = ADMIN_RESOURCES.podcasts.name;
/** The read-only fields (duration, counts, URLs…) stay out of the JSON body. */
const transform = (values: PodcastFormValues) => podcastPayload(values);

const TABS = ['podcast', 'comments'] as const;

/** spec 3 §8 save / edit pairs: the success says so and returns to the list; a refusal keeps the form. */
function useSaved(kind: 'add' | 'edit') {
  const notify = useNotify();
  const redirect = useRedirect();
  return {
    onSuccess: () => {
      notify(`${M}.podcast_${kind}_success`, { type: 'success' });
      redirect('list', RESOURCE);
    },
  };
}

/**
 * spec 1 §2.3 /admin/podcasts/{id} (title podcasts): the podcast tab and, once saved, the
 * comments tab — the shared moderation table, origin 'podcast' (spec 3 §7); moderating needs
 * podcasts_manage, so without it the table opens in manager mode. An id of 0 is a new podcast.
 */
export function PodcastEdit() {
  const params = useParams();
  const id = Number(params.id ?? 0);
  if (!id) return <PodcastCreate />;
  return <SavedPodcastEdit id={id} />;
}

function SavedPodcastEdit({ id }: { id: number }) {
  const { canManage } = usePodcastAccess();
  const saved = useSaved('edit');
  const { current, select } = useEditorTab(`/${RESOURCE}/${id}`, TABS);
  return (
    <TabbedEditor tabs={TABS} current={current} onSelect={select} labels="resources.podcasts.tabs">
      {current === 'comments' ? (
        <Card sx={{ p: 2 }}>
          <CommentsModerationTable origin="podcast" id={id} managerMode={!canManage} />
        </Card>
      ) : (
        <Edit id={id} resource={RESOURCE} mutationMode="pessimistic" transform={transform} mutationOptions={saved}>
          <PodcastForm edit canManage={canManage} />
        </Edit>
      )}
    </TabbedEditor>
  );
}

export function PodcastCreate() {
  const { canManage } = usePodcastAccess();
  const saved = useSaved('add');
  return (
    <Create resource={RESOURCE} record={NEW_PODCAST} transform={transform} mutationOptions={saved}>
      <PodcastForm edit={false} canManage={canManage} />
    </Create>
  );
}

export default PodcastEdit;

