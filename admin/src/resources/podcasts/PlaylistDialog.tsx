import { useMemo, useState } from 'react';
import {
  Autocomplete, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, List, ListItem, ListItemText, Stack, TextField,
  Tooltip, Typography,
} from '@mui/material';
import RemoveCircleIcon from '@mui/icons-material/RemoveCircle';
import { useCreate, useGetList, useNotify, useTranslate, useUpdate } from 'react-admin';
import { ADMIN_RESOURCES, PODCAST_PATHS, type Playlist, type Podcast } from '@lp/shared/contract';
import { PODCAST_LIMITS, formatDuration, validatePlaylist } from '@lp/shared/rules';
import { MoveButtons } from '../../common/ordering/MoveButtons.tsx';
import { fieldCodesOf, fieldMessage } from '../../common/editor/index.ts';

const K = 'resources.podcasts.playlists';
const M = 'resources.podcasts.messages';

interface Item { id: number; title: string; duration: number }

export interface PlaylistDialogProps {
  /** the playlist edited; null for a new one */
  playlist: Playlist | null;
  canManage: boolean;
  onClose(): void;
  onSaved(): void;
}

/** Moves the item at `index` one place up or down. */
export function moveItem<T>(items: readonly T[], index: number, direction: 'up' | 'down'): T[] {
  const to = direction === 'up' ? index - 1 : index + 1;
  if (to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/**
 * A playlist: title, description and its podcasts in playing order (add from the client's
 * podcasts, move up / down, remove); saved whole as JSON with the shared rule checked first.
 */
export function PlaylistDialog({ playlist, canManage, onClose, onSaved }: PlaylistDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [create] = useCreate();
  const [update] = useUpdate();
  const isNew = playlist === null;
  const [title, setTitle] = useState(playlist?.title ?? '');
  const [description, setDescription] = useState(playlist?.description ?? '');
  const [items, setItems] = useState<Item[]>(playlist?.podcasts.map(({ id, title: t, duration }) => ({ id, title: t, duration })) ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const { data: podcasts } = useGetList<Podcast>(ADMIN_RESOURCES.podcasts.name, {
    pagination: { page: 1, perPage: 1000 }, sort: { field: 'title', order: 'ASC' },
  });
  const choices = useMemo(() => {
    const chosen = new Set(items.map((i) => i.id));
    return (podcasts ?? []).filter((p) => !chosen.has(p.id));
  }, [podcasts, items]);
  const readOnly = !canManage;

  const save = async () => {
    const body = { title: title.trim(), description: description.trim(), podcasts: items.map((i) => i.id) };
    const invalid = validatePlaylist(body);
    if (Object.keys(invalid).length) {
      setErrors(Object.fromEntries(Object.entries(invalid).map(([f, code]) => [f, fieldMessage(code)])));
      notify('errors.make_sure_that_all_fields_are_filled_in', { type: 'error' });
      return;
    }
    setSaving(true);
    try {
      // the playlists collection is a resource named by its contract path (as the panel lists it)
      if (isNew) await create(PODCAST_PATHS.playlists, { data: body }, { returnPromise: true });
      else await update(PODCAST_PATHS.playlists, { id: playlist.id, data: body, previousData: playlist }, { returnPromise: true });
      notify(`${M}.${isNew ? 'playlist_add_success' : 'playlist_edit_success'}`, { type: 'success' });
      onSaved();
    } catch (error) {
      console.error('playlist save failed', error);
      setErrors(Object.fromEntries(Object.entries(fieldCodesOf(error)).map(([f, code]) => [f, fieldMessage(code)])));
      notify(`${M}.${isNew ? 'playlist_add_error' : 'playlist_edit_error'}`, { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const total = items.reduce((sum, i) => sum + i.duration, 0);
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="playlist-dialog-title">
      <DialogTitle id="playlist-dialog-title">{translate(readOnly ? `${K}.view_title` : isNew ? `${K}.add_title` : `${K}.edit_title`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label={translate(`${K}.fields.title`)} value={title} required disabled={readOnly}
            onChange={(e) => setTitle(e.target.value)} slotProps={{ htmlInput: { maxLength: PODCAST_LIMITS.playlistTitleMax } }}
            error={!!errors.title} helperText={errors.title ? translate(errors.title) : null} />
          <TextField label={translate(`${K}.fields.description`)} value={description} multiline minRows={2} disabled={readOnly}
            onChange={(e) => setDescription(e.target.value)} slotProps={{ htmlInput: { maxLength: PODCAST_LIMITS.descriptionMax } }} />
          <Box>
            <Typography variant="subtitle2" color={errors.podcasts ? 'error' : undefined}>
              {translate(`${K}.fields.podcasts`)} · {formatDuration(total)}
            </Typography>
            {errors.podcasts && <Typography variant="caption" color="error">{translate(errors.podcasts)}</Typography>}
            <List dense aria-label={translate(`${K}.fields.podcasts`)}>
              {items.map((item, index) => (
                <ListItem key={item.id} secondaryAction={!readOnly && (
                  <>
                    <MoveButtons order={index + 1} count={items.length} title={item.title} disabled={saving}
                      onMove={(direction) => setItems((list) => moveItem(list, index, direction))} />
                    <Tooltip title={translate(`${K}.remove_podcast`)}>
                      <IconButton size="small" aria-label={translate(`${K}.remove_podcast_item`, { title: item.title })}
                        onClick={() => setItems((list) => list.filter((i) => i.id !== item.id))}>
                        <RemoveCircleIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </>
                )}>
                  <ListItemText primary={`${index + 1}. ${item.title}`} secondary={formatDuration(item.duration)} />
                </ListItem>
              ))}
            </List>
            {!readOnly && (
              <Autocomplete
                options={choices}
                getOptionLabel={(p) => p.title}
                value={null}
                onChange={(_e, picked) => {
                  if (picked) setItems((list) => [...list, { id: picked.id, title: picked.title, duration: picked.duration }]);
                }}
                renderInput={(params) => <TextField {...params} label={translate(`${K}.add_podcast`)} />}
              />
            )}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={readOnly || saving} onClick={() => void save()}>{translate('ra.action.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
