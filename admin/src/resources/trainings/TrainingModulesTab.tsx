import { useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  Box, Button, CircularProgress, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Confirm, useDataProvider, useLocale, useNotify, useRedirect, useTranslate } from 'react-admin';
import {
  MODULE_PATHS, TRAINING_PATHS, formatDate, languageIdForLocale, type LocaleCode, type ModuleTypeInfo, type Paged, type TrainingModule,
} from '@lp/shared';
import type { AdminDataProvider } from '../../dataProvider.ts';
import { useContractQuery } from '../../common/useContractQuery.ts';
import { ContentStatusChip } from '../../common/ContentStatusChip.tsx';
import { ModuleDialog } from './modules/ModuleDialog.tsx';

const KEY = 'resources.trainings.modules';

export interface TrainingModulesTabProps {
  trainingId: number;
  canManage: boolean;
}

/** The dialog, when open: a new module (null) or an existing one. */
type Editing = { module: TrainingModule | null } | null;

/**
 * spec 2 §2.3 "Modules" tab: every module of the training (rows per page 0 = all, spec 2 §9)
 * with New, edit and delete after confirmation, and the module dialog. Without
 * trainings_manage the dialog still opens to view, and Back remains (spec 2 §6).
 */
export function TrainingModulesTab({ trainingId, canManage }: TrainingModulesTabProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const locale = useLocale();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const types = useContractQuery<ModuleTypeInfo[]>(TRAINING_PATHS.moduleTypes);
  const [rows, setRows] = useState<TrainingModule[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<TrainingModule | null>(null);
  const languageId = languageIdForLocale(locale as LocaleCode);
  const typeSlug = (id: number) => types.data?.find((t) => t.id === id)?.slug;

  const load = useCallback(async () => {
    try {
      const page = await dataProvider.sendJson<Paged<TrainingModule>>(`${MODULE_PATHS.collection(trainingId)}?page_size=0`, 'GET');
      setRows(page.results);
    } catch (error) {
      // spec 2 §8: list loads fail silently (only logged)
      console.error('modules load failed', error);
      setRows((current) => current ?? []);
    }
  }, [dataProvider, trainingId]);

  useEffect(() => {
    void load();
  }, [load]);

  const remove = async () => {
    if (!removing) return;
    try {
      await dataProvider.sendJson(MODULE_PATHS.item(trainingId, removing.id), 'DELETE');
      notify(`${KEY}.item_removed_success`, { type: 'success' });
      await load();
    } catch (error) {
      // spec 2 §8: delete failures are silent (only logged)
      console.error('module delete failed', error);
    } finally {
      setRemoving(null);
    }
  };

  const message = (content: ReactNode) => (
    <TableRow>
      <TableCell colSpan={6} align="center">{content}</TableCell>
    </TableRow>
  );

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex' }}>
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" startIcon={<AddIcon />} disabled={!canManage || !types.data} onClick={() => setEditing({ module: null })}>
          {translate(`${KEY}.new`)}
        </Button>
      </Box>
      <Box sx={{ width: '100%', overflowX: 'auto' }}>
        <Table size="small" aria-label={translate(`${KEY}.title`)}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(`${KEY}.columns.title`)}</TableCell>
              <TableCell>{translate(`${KEY}.columns.type`)}</TableCell>
              <TableCell>{translate(`${KEY}.columns.avaliable_in`)}</TableCell>
              <TableCell>{translate(`${KEY}.columns.module_score`)}</TableCell>
              <TableCell>{translate(`${KEY}.columns.status`)}</TableCell>
              <TableCell align="right">{translate(`${KEY}.columns.actions`)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows === null && message(<CircularProgress size={16} />)}
            {rows?.length === 0 && message(translate(`${KEY}.empty`))}
            {rows?.map((row) => {
              const slug = typeSlug(row.group_training_module_type);
              return (
                <TableRow key={row.id}>
                  <TableCell>{row.title}</TableCell>
                  <TableCell>{slug ? translate(`trainings.module_types.${slug}`, { _: slug }) : ''}</TableCell>
                  <TableCell>{row.avaliable_in ? formatDate(`${row.avaliable_in}T00:00:00Z`, languageId) : ''}</TableCell>
                  <TableCell>{row.module_score}</TableCell>
                  <TableCell><ContentStatusChip status={row.status} /></TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Tooltip title={translate('ra.action.edit')}>
                      <span>
                        <IconButton
                          size="small"
                          aria-label={translate(`${KEY}.edit`, { title: row.title })}
                          disabled={!types.data}
                          onClick={() => setEditing({ module: row })}
                        >
                          <EditIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title={translate('ra.action.delete')}>
                      <span>
                        <IconButton size="small" aria-label={translate(`${KEY}.delete`, { title: row.title })} disabled={!canManage} onClick={() => setRemoving(row)}>
                          <DeleteIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      <Box>
        <Button startIcon={<ArrowBackIcon />} onClick={() => redirect('list', 'trainings')}>{translate('resources.trainings.actions.back')}</Button>
      </Box>
      {editing && types.data && (
        <ModuleDialog
          trainingId={trainingId}
          module={editing.module}
          types={types.data}
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
