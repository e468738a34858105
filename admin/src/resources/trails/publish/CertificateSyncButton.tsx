import { Box, Button, Chip, Typography } from '@mui/material';
import SyncIcon from '@mui/icons-material/Sync';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { HttpError, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { TRAIL_PATHS } from '@lp/shared/contract';
import { formatDate, languageIdForLocale, type LocaleCode } from '@lp/shared/rules';
import { useTrailActions } from '../trailActions.ts';

/** While a run goes on, its state is read again this often. */
export const SYNC_POLL_MS = 3000;

const KEY = 'resources.trails.sync';

/**
 * spec 2 §2.4 / §4.9 "synchronize certificates": the run's state (running or idle, last run)
 * and the button that starts one. A start refused because one is running says 'Sync is
 * already in progress' (spec 2 §8); any other failure says the start failed.
 */
export function CertificateSyncButton({ trailId, canManage }: { trailId: number; canManage: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const actions = useTrailActions();
  const queryClient = useQueryClient();
  const path = TRAIL_PATHS.syncCertificates(trailId);
  const queryKey = ['trail-certificate-sync', path];
  const { data } = useQuery({
    queryKey,
    queryFn: () => actions.certificateSync(trailId, 'GET'),
    refetchInterval: (query) => (query.state.data?.state === 'running' ? SYNC_POLL_MS : false),
  });
  const running = data?.state === 'running';

  const start = async () => {
    try {
      queryClient.setQueryData(queryKey, await actions.certificateSync(trailId, 'POST'));
      notify(`${KEY}.started`, { type: 'info' });
    } catch (error) {
      const inProgress = error instanceof HttpError && error.status === 409;
      notify(inProgress ? `${KEY}.already_in_progress` : `${KEY}.start_error`, { type: inProgress ? 'warning' : 'error' });
      void queryClient.invalidateQueries({ queryKey });
    }
  };

  const languageId = languageIdForLocale(locale as LocaleCode);
  const finished = data?.last_finished_at ? formatDate(data.last_finished_at, languageId) : null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Button variant="outlined" startIcon={<SyncIcon />} disabled={!canManage || !data} onClick={start}>
        {translate(`${KEY}.button`)}
      </Button>
      {data && (
        <Chip
          size="small"
          color={running ? 'info' : 'default'}
          label={translate(`${KEY}.state.${data.state}`)}
          aria-label={translate(`${KEY}.state_label`, { state: translate(`${KEY}.state.${data.state}`) })}
        />
      )}
      {running && <Typography variant="body2">{translate(`${KEY}.running_hint`)}</Typography>}
      {!running && finished && (
        <Typography variant="body2" color={data?.last_run_failed ? 'error' : 'text.secondary'}>
          {translate(data?.last_run_failed ? `${KEY}.last_failed` : `${KEY}.last_finished`, { date: finished })}
        </Typography>
      )}
    </Box>
  );
}
