import { Box, Card, Tab, Tabs } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import {
  CreateButton, FunctionField, List, NumberField, SearchInput, SelectColumnsButton, SelectInput, TextField, TopToolbar,
  useTranslate,
} from 'react-admin';
import { formatDuration } from '@lp/shared/rules';
import { PODCASTS_REPORT_PATH, type Podcast } from '@lp/shared/contract';
import { ContentStatusChip } from '../../common/ContentStatusChip.tsx';
import { CreatedAtField } from '../../common/CreatedAtField.tsx';
import { DEFAULT_PER_PAGE, ListPagination } from '../../common/ListPagination.tsx';
import { ReportButton } from '../../common/ReportButton.tsx';
import { listReportBody } from '../../common/reportBody.ts';
import { PODCAST_STATUS_CHOICES } from './PodcastForm.tsx';
import { PlaylistsPanel } from './PlaylistsPanel.tsx';
import { usePodcastAccess } from './usePodcastAccess.ts';
import { ResponsiveDatagrid } from '../../common/ResponsiveDatagrid.tsx';

const F = 'resources.podcasts.fields';

/** spec 3 §2 "Admin lists": podcasts keep their filters and column choices (react-admin's store). */
const podcastFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="status" source="status" label={`${F}.status`} choices={PODCAST_STATUS_CHOICES} alwaysOn />,
];

const podcastsReportBody = (filterValues: Record<string, unknown>) => listReportBody(filterValues, { integers: ['status'] });

/** Columns, create (podcasts_manage) and the podcasts report (spec 1 §3.1 key podcasts, spec 3 §9). */
function PodcastListActions() {
  const { canManage } = usePodcastAccess();
  return (
    <TopToolbar>
      <SelectColumnsButton />
      {canManage && <CreateButton />}
      <ReportButton report="podcasts" path={PODCASTS_REPORT_PATH} toBody={podcastsReportBody} />
    </TopToolbar>
  );
}

function PodcastTable() {
  return (
    <List
      filters={podcastFilters}
      actions={<PodcastListActions />}
      pagination={<ListPagination />}
      perPage={DEFAULT_PER_PAGE}
      sort={{ field: 'created_at', order: 'DESC' }}
    >
      <ResponsiveDatagrid rowClick="edit" bulkActionButtons={false} omit={['updated_at', 'finished']}>
        <TextField source="id" label={`${F}.id`} />
        <TextField source="title" label={`${F}.title`} />
        <FunctionField<Podcast> source="duration" label={`${F}.duration`} render={(r) => formatDuration(r.duration)} />
        <FunctionField<Podcast> source="status" label={`${F}.status`} render={(r) => <ContentStatusChip status={r.status} />} />
        <TextField source="date_to_unpublish" label={`${F}.date_to_unpublish`} emptyText="—" />
        <NumberField source="listeners" label={`${F}.listeners`} />
        <NumberField source="finished" label={`${F}.finished`} sortable={false} />
        <NumberField source="likes" label={`${F}.likes`} />
        <NumberField source="comments" label={`${F}.comments`} />
        <CreatedAtField source="created_at" label={`${F}.created_at`} />
        <CreatedAtField source="updated_at" label={`${F}.updated_at`} />
      </ResponsiveDatagrid>
    </List>
  );
}

type ListTab = 'podcasts' | 'playlists';

/**
 * spec 3 §2 /admin/podcasts: "audios and playlists" — the podcasts list (configurable columns,
 * kept filters) and the playlists, each in its tab (?tab=playlists keeps the second).
 */
export function PodcastList() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const tab: ListTab = params.get('tab') === 'playlists' ? 'playlists' : 'podcasts';
  return (
    <Box sx={{ mt: 1 }}>
      <Card sx={{ mb: 1 }}>
        <Tabs value={tab} aria-label={translate('resources.podcasts.tabs.list_label')}
          onChange={(_e, next: ListTab) => setParams(next === 'playlists' ? { tab: 'playlists' } : {}, { replace: true })}>
          <Tab value="podcasts" label={translate('resources.podcasts.tabs.podcasts')} />
          <Tab value="playlists" label={translate('resources.podcasts.tabs.playlists')} />
        </Tabs>
      </Card>
      {tab === 'playlists' ? <PlaylistsPanel /> : <PodcastTable />}
    </Box>
  );
}

export default PodcastList;
