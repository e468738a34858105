import { useState } from 'react';
import {
  Box, Button, Card, CircularProgress, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Confirm, useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import { PODCAST_PATHS, type Playlist } from '@lp/shared/contract';
import { formatDuration } from '@lp/shared/rules';
import { PlaylistDialog } from './PlaylistDialog.tsx';
import { usePodcastAccess } from './usePodcastAccess.ts';

const K = 'resources.podcasts.playlists';
const M = 'resources.podcasts.messages';

/** spec 3 §3 "Podcast: playlists": each playlist with its podcasts in order; add, edit, remove (podcasts_manage). */
export function PlaylistsPanel() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { canManage } = usePodcastAccess();
  const { data, isPending, refetch } = useGetList<Playlist>(PODCAST_PATHS.playlists, {
    pagination: { page: 1, perPage: 1000 }, sort: { field: 'title', order: 'ASC' },
  });
  const [editing, setEditing] = useState<Playlist | 'new' | null>(null);
  const [removing, setRemoving] = useState<Playlist | null>(null);

  const remove = async () => {
    if (!removing) return;
    try {
      await dataProvider.delete(PODCAST_PATHS.playlists, { id: removing.id, previousData: removing });
      notify(`${M}.playlist_remove_success`, { type: 'success' });
      void refetch();
    } catch (error) {
      console.error('playlist removal failed', error);
      notify(`${M}.playlist_remove_error`, { type: 'error' });
    } finally {
      setRemoving(null);
    }
  };

  return (
    <Card sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2">{translate(`${K}.title`)}</Typography>
        {canManage && <Button startIcon={<AddIcon />} onClick={() => setEditing('new')}>{translate(`${K}.add`)}</Button>}
      </Box>
      {isPending ? <CircularProgress size={24} aria-label={translate('ra.page.loading')} /> : (
        <Table size="small" aria-label={translate(`${K}.title`)}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(`${K}.fields.title`)}</TableCell>
              <TableCell>{translate(`${K}.fields.podcasts`)}</TableCell>
              <TableCell>{translate(`${K}.fields.total_duration`)}</TableCell>
              <TableCell align="right">{translate('admin.list.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(data ?? []).length === 0 && (
              <TableRow><TableCell colSpan={4}>{translate(`${K}.empty`)}</TableCell></TableRow>
            )}
            {(data ?? []).map((playlist) => (
              <TableRow key={playlist.id}>
                <TableCell>{playlist.title}</TableCell>
                <TableCell>{playlist.podcasts.map((p, i) => `${i + 1}. ${p.title}`).join(' · ')}</TableCell>
                <TableCell>{formatDuration(playlist.total_duration)}</TableCell>
                <TableCell align="right">
                  <Tooltip title={translate(canManage ? 'ra.action.edit' : 'ra.action.show')}>
                    <IconButton size="small" aria-label={translate(`${K}.edit_item`, { title: playlist.title })} onClick={() => setEditing(playlist)}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  {canManage && (
                    <Tooltip title={translate('ra.action.delete')}>
                      <IconButton size="small" aria-label={translate(`${K}.remove_item`, { title: playlist.title })} onClick={() => setRemoving(playlist)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editing && (
        <PlaylistDialog
          playlist={editing === 'new' ? null : editing}
          canManage={canManage}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refetch();
          }}
        />
      )}
      <Confirm
        isOpen={removing !== null}
        title={translate(`${K}.remove_title`)}
        content={translate(`${K}.remove_confirm`, { title: removing?.title ?? '' })}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </Card>
  );
}
