import { useState } from 'react';
import { Box, Button, Card, CardContent, Divider, Stack, Tooltip, Typography } from '@mui/material';
import PublishIcon from '@mui/icons-material/Publish';
import UnpublishedIcon from '@mui/icons-material/Unpublished';
import { HttpError, Loading, useNotify, useRedirect, useTranslate } from 'react-admin';
import { ADMIN_RESOURCES, CONTENT_STATUS, TRAILS_REPORT_PATH } from '@lp/shared/contract';
import { useRecordCache } from '../../common/editor/index.ts';
import { useTrailActions } from './trailActions.ts';
import { ContentStatusChip } from '../../common/ContentStatusChip.tsx';
import { ReportRequestButton, useMayRequestReports } from '../../common/ReportButton.tsx';
import { CertificateSyncButton } from './publish/CertificateSyncButton.tsx';
import { DuplicateTrailButton } from './publish/DuplicateTrailButton.tsx';
import { useTrail } from './TrailBasicDataTab.tsx';
import type { TrailTabProps } from './TrailModulesTab.tsx';

const KEY = 'resources.trails.publish';

/**
 * Configure and publish a trail: its status, Publish (it needs a module) and Unpublish, which
 * return to the trails list as for trainings (spec 2 §4.6); Duplicate; certificate
 * synchronisation (spec 2 §4.9); "open a trail report" (spec 2 §2.4: this trail's learners, by
 * e-mail, needs the reports item). Without trails_manage every control but the report is disabled.
 */
export function TrailPublishTab({ trailId, canManage }: TrailTabProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const actions = useTrailActions();
  const records = useRecordCache();
  const { data: trail } = useTrail(trailId);
  const [busy, setBusy] = useState(false);
  const mayReport = useMayRequestReports();
  if (!trail) return <Loading />;

  const change = async (action: 'publish' | 'unpublish') => {
    setBusy(true);
    try {
      records.set(ADMIN_RESOURCES.trails.name, await actions.setPublished(trailId, action));
      notify(`${KEY}.${action}_success`, { type: 'success' });
      redirect('list', ADMIN_RESOURCES.trails.name);
    } catch (error) {
      notify(error instanceof HttpError ? error.message : `${KEY}.${action}_error`, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const published = trail.status === CONTENT_STATUS.published;
  const noModules = trail.qty_items === 0;
  // the reason a disabled button gives (as the training editor's tooltips, spec 2 §6)
  const publishHint = !canManage ? 'resources.trails.not_allowed' : noModules ? `${KEY}.needs_a_module` : '';
  const unpublishHint = !canManage ? 'resources.trails.not_allowed' : '';

  return (
    <Card>
      <CardContent>
        <Stack spacing={2} divider={<Divider flexItem />}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Typography variant="subtitle1">{translate(`${KEY}.status`)}</Typography>
            <ContentStatusChip status={trail.status} />
            <Typography variant="body2" color="text.secondary">
              {translate(`${KEY}.modules_count`, { smart_count: trail.qty_items, trainings: trail.training_quantity })}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <Tooltip title={publishHint ? translate(publishHint) : ''}>
              <span>
                <Button variant="contained" startIcon={<PublishIcon />} disabled={!canManage || noModules || published || busy} onClick={() => change('publish')}>
                  {translate(`${KEY}.publish`)}
                </Button>
              </span>
            </Tooltip>
            <Tooltip title={unpublishHint ? translate(unpublishHint) : ''}>
              <span>
                <Button variant="outlined" startIcon={<UnpublishedIcon />} disabled={!canManage || !published || busy} onClick={() => change('unpublish')}>
                  {translate(`${KEY}.unpublish`)}
                </Button>
              </span>
            </Tooltip>
            <DuplicateTrailButton trailId={trailId} disabled={!canManage || busy} />
          </Box>
          <Box>
            <Typography variant="subtitle1" gutterBottom>{translate('resources.trails.sync.title')}</Typography>
            <CertificateSyncButton trailId={trailId} canManage={canManage} />
          </Box>
          {mayReport && (
            <Box>
              <Typography variant="subtitle1" gutterBottom>{translate('resources.trails.report.title')}</Typography>
              <ReportRequestButton report="trails" path={TRAILS_REPORT_PATH} body={() => ({ trail_id: trailId })} label="resources.trails.report.open" />
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
