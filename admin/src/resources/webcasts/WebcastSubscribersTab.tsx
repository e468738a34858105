import { useEffect, useState } from 'react';
import {
  Alert, Box, Button, CircularProgress, Stack, Table, TableBody, TableCell, TableHead, TablePagination, TableRow,
} from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useGetList, useNotify, useRedirect, useStore, useTranslate } from 'react-admin';
import type { WebcastGuest } from '@lp/shared/contract';
import { nestedResource } from '../../common/nested/nestedResources.ts';
import { WEBCASTS } from './useWebcast.ts';
import { useWebcastActions } from './webcastActions.ts';
import { saveBlob } from '../../common/http/saveBlob.ts';
import { BackButton } from '../../common/contentTabs/TabTable.tsx';

const KEY = 'resources.webcasts.subscribers';
/** spec 2 §2.5 / spec 4 "Tables": 5, 10, 50 or 100, default 5, remembered */
export const SUBSCRIBER_ROWS = [5, 10, 50, 100];
export const SUBSCRIBER_ROWS_STORE = 'webcasts.subscribers.perPage';

/** spec 2 §2.5: "The profile is shown as its translated label, capitalised." */
const capitalise = (text: string) => (text ? text.charAt(0).toLocaleUpperCase() + text.slice(1) : text);

export interface WebcastSubscribersTabProps {
  webcastId: number;
  canManage: boolean;
}

/**
 * spec 2 §2.5 subscribers tab: the guests (#, name, email, profile) a server page at a time,
 * and 'download_guest_list' — disabled with no subscribers or without webcasts_manage; while
 * the list is produced, 'generating_guest_list_download_message'.
 */
export function WebcastSubscribersTab({ webcastId, canManage }: WebcastSubscribersTabProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const actions = useWebcastActions();
  const [perPage, setPerPage] = useStore<number>(SUBSCRIBER_ROWS_STORE, SUBSCRIBER_ROWS[0]!);
  const [page, setPage] = useState(0);
  const [generating, setGenerating] = useState(false);
  // the guests are the nested resource webcasts/{id}/guests, one server page at a time
  const guests = useGetList<WebcastGuest>(nestedResource(WEBCASTS, webcastId, 'guests'), {
    pagination: { page: page + 1, perPage }, sort: { field: 'id', order: 'ASC' },
  });

  useEffect(() => {
    // spec 2 §8: list loads fail silently (only logged)
    if (guests.error) console.error('guests load failed', guests.error);
  }, [guests.error]);
  const data = guests.error ? { count: 0, results: [] } : guests.data ? { count: guests.total ?? 0, results: guests.data } : null;

  const download = async () => {
    setGenerating(true);
    try {
      // the file needs the bearer token (and its refresh): fetched as a blob, then saved
      const { blob, filename } = await actions.guestList(webcastId);
      saveBlob(blob, filename ?? 'guests.xlsx');
    } catch (error) {
      console.error('guest list download failed', error);
      notify(`${KEY}.download_failed`, { type: 'error' });
    } finally {
      setGenerating(false);
    }
  };

  const count = data?.count ?? 0;
  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Box sx={{ flex: 1 }} />
        <Button
          variant="contained"
          startIcon={generating ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
          disabled={!canManage || count === 0 || generating}
          onClick={() => void download()}
        >
          {translate(`${KEY}.download_guest_list`)}
        </Button>
      </Box>
      {generating && <Alert severity="info">{translate(`${KEY}.generating_guest_list_download_message`)}</Alert>}
      <Box sx={{ width: '100%', overflowX: 'auto' }}>
        <Table size="small" aria-label={translate(`${KEY}.title`)}>
          <TableHead>
            <TableRow>
              {['number', 'name', 'email', 'profile'].map((c) => <TableCell key={c}>{translate(`${KEY}.columns.${c}`)}</TableCell>)}
            </TableRow>
          </TableHead>
          <TableBody>
            {data === null && (
              <TableRow><TableCell colSpan={4} align="center"><CircularProgress size={16} /></TableCell></TableRow>
            )}
            {data?.results.length === 0 && (
              <TableRow><TableCell colSpan={4} align="center">{translate(`${KEY}.empty`)}</TableCell></TableRow>
            )}
            {data?.results.map((guest, i) => (
              <TableRow key={guest.id}>
                <TableCell>{page * perPage + i + 1}</TableCell>
                <TableCell>{guest.list_users.name}</TableCell>
                <TableCell>{guest.list_users.email}</TableCell>
                <TableCell>{capitalise(guest.list_users.profile ?? '')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <TablePagination
        component="div"
        count={count}
        page={page}
        rowsPerPage={perPage}
        rowsPerPageOptions={SUBSCRIBER_ROWS}
        labelRowsPerPage={translate(`${KEY}.rows_per_page`)}
        onPageChange={(_event, next) => setPage(next)}
        onRowsPerPageChange={(event) => {
          setPerPage(Number(event.target.value));
          setPage(0);
        }}
      />
      <BackButton onBack={() => redirect('list', 'webcasts')} />
    </Stack>
  );
}
