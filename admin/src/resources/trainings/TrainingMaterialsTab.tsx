import { useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  Box, Button, CircularProgress, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Confirm, useDataProvider, useNotify, useRedirect, useTranslate } from 'react-admin';
import { MATERIAL_PATHS, type Paged, type TrainingMaterial } from '@lp/shared';
import type { AdminDataProvider } from '../../dataProvider.ts';
import { MaterialDialog } from './materials/MaterialDialog.tsx';
import { ContentStatusChip } from '../../common/ContentStatusChip.tsx';
import { formatFileSize } from './modules/dialogHelpers.ts';

const KEY = 'resources.trainings.materials';

export interface TrainingMaterialsTabProps {
  trainingId: number;
  canManage: boolean;
}

type Editing = { material: TrainingMaterial | null } | null;

/**
 * spec 2 §2.3 "Support material" tab: a table with id, title, extension, size, status, edit and
 * delete (rows per page 0 = all), the material dialog, and Back. Without trainings_manage the
 * dialog opens to view only (spec 2 §6).
 */
export function TrainingMaterialsTab({ trainingId, canManage }: TrainingMaterialsTabProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [rows, setRows] = useState<TrainingMaterial[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<TrainingMaterial | null>(null);

  const load = useCallback(async () => {
    try {
      const page = await dataProvider.sendJson<Paged<TrainingMaterial>>(`${MATERIAL_PATHS.collection(trainingId)}?page_size=0`, 'GET');
      setRows(page.results);
    } catch (error) {
      // spec 2 §8: list loads fail silently (only logged)
      console.error('support materials load failed', error);
      setRows((current) => current ?? []);
    }
  }, [dataProvider, trainingId]);

  useEffect(() => {
    void load();
  }, [load]);

  const remove = async () => {
    if (!removing) return;
    try {
      await dataProvider.sendJson(MATERIAL_PATHS.item(trainingId, removing.id), 'DELETE');
      notify(`${KEY}.item_removed_success`, { type: 'success' });
      await load();
    } catch (error) {
      // spec 2 §8: delete failures are silent (only logged)
      console.error('support material delete failed', error);
    } finally {
      setRemoving(null);
    }
  };

  const message = (content: ReactNode) => (
    <TableRow>
      <TableCell colSpan={7} align="center">{content}</TableCell>
    </TableRow>
  );

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex' }}>
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" startIcon={<AddIcon />} disabled={!canManage} onClick={() => setEditing({ material: null })}>
          {translate(`${KEY}.new`)}
        </Button>
      </Box>
      <Box sx={{ width: '100%', overflowX: 'auto' }}>
        <Table size="small" aria-label={translate(`${KEY}.title`)}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(`${KEY}.columns.id`)}</TableCell>
              <TableCell>{translate(`${KEY}.columns.title`)}</TableCell>
              <TableCell>{translate(`${KEY}.columns.extension`)}</TableCell>
              <TableCell>{translate(`${KEY}.columns.size`)}</TableCell>
              <TableCell>{translate(`${KEY}.columns.status`)}</TableCell>
              <TableCell align="center">{translate(`${KEY}.columns.edit`)}</TableCell>
              <TableCell align="center">{translate(`${KEY}.columns.delete`)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows === null && message(<CircularProgress size={16} />)}
            {rows?.length === 0 && message(translate(`${KEY}.empty`))}
            {rows?.map((row) => (
              <TableRow key={row.id}>
                <TableCell>{row.id}</TableCell>
                <TableCell>{row.title}</TableCell>
                <TableCell>{row.extension}</TableCell>
                <TableCell>{formatFileSize(row.size)}</TableCell>
                <TableCell><ContentStatusChip status={row.status} /></TableCell>
                <TableCell align="center">
                  <IconButton size="small" aria-label={translate(`${KEY}.edit`, { title: row.title })} onClick={() => setEditing({ material: row })}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                </TableCell>
                <TableCell align="center">
                  <Tooltip title={translate('ra.action.delete')}>
                    <span>
                      <IconButton size="small" aria-label={translate(`${KEY}.delete`, { title: row.title })} disabled={!canManage} onClick={() => setRemoving(row)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Box>
        <Button startIcon={<ArrowBackIcon />} onClick={() => redirect('list', 'trainings')}>{translate('resources.trainings.actions.back')}</Button>
      </Box>
      {editing && (
        <MaterialDialog
          trainingId={trainingId}
          material={editing.material}
          canManage={canManage}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load();
          }}
        />
      )}
      <Confirm
        isOpen={!!removing}
        title={`${KEY}.delete_confirm_title`}
        content={`${KEY}.delete_confirm_content`}
        translateOptions={{ title: removing?.title ?? '' }}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
