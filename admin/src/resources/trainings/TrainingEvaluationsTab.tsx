import { useCallback, useEffect, useState } from 'react';
import {
  Box, Button, CircularProgress, IconButton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Tooltip,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Confirm, useDataProvider, useNotify, useRedirect, useTranslate } from 'react-admin';
import { TRAINING_EVALUATION_PATHS as PATHS, TRAINING_PATHS, type Evaluation, type Paged } from '@lp/shared';
import type { AdminDataProvider } from '../../dataProvider.ts';
import { useContractQuery } from '../../common/useContractQuery.ts';
import { EvaluationEditor } from './evaluations/EvaluationEditor.tsx';
import type { QuestionTypeOption } from './evaluations/EvaluationQuestionDialog.tsx';
import { ContentStatusChip } from '../../common/ContentStatusChip.tsx';

const KEY = 'resources.trainings.evaluations';

export interface TrainingEvaluationsTabProps {
  trainingId: number;
  canManage: boolean;
}

/** The editor, when open: a new evaluation (id null) or an existing one. */
type Editing = { id: number | null } | null;

/**
 * spec 2 §2.3 "Reaction tests" tab: the training's reaction evaluations (id, title labelled
 * 'evaluation', question count, status) with New, edit, delete and Back, and the evaluation
 * editor as an inline screen. Rows per page 0 = all (spec 2 §9).
 */
export function TrainingEvaluationsTab({ trainingId, canManage }: TrainingEvaluationsTabProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const types = useContractQuery<QuestionTypeOption[]>(TRAINING_PATHS.evaluationQuestionTypes);
  const [rows, setRows] = useState<Evaluation[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<Evaluation | null>(null);

  const load = useCallback(async () => {
    try {
      const page = await dataProvider.sendJson<Paged<Evaluation>>(`${PATHS.collection(trainingId)}?page_size=0`, 'GET');
      setRows(page.results);
    } catch (error) {
      // spec 2 §8: list loads fail silently (only logged)
      console.error('evaluations load failed', error);
      setRows((current) => current ?? []);
    }
  }, [dataProvider, trainingId]);

  useEffect(() => {
    if (editing === null) void load();
  }, [editing, load]);

  const remove = async () => {
    if (!removing) return;
    try {
      await dataProvider.sendJson(PATHS.item(trainingId, removing.id), 'DELETE');
      notify(`${KEY}.item_removed_success`, { type: 'success' });
      await load();
    } catch (error) {
      // spec 2 §8: delete failures are silent (only logged)
      console.error('evaluation delete failed', error);
    } finally {
      setRemoving(null);
    }
  };

  if (editing) {
    return (
      <EvaluationEditor
        trainingId={trainingId}
        evaluationId={editing.id}
        canManage={canManage}
        types={(types.data ?? []).map((t) => ({ id: t.id, slug: t.slug }))}
        onIdChange={(id) => setEditing({ id })}
        onBack={() => setEditing(null)}
      />
    );
  }

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" startIcon={<AddIcon />} disabled={!canManage} onClick={() => setEditing({ id: null })}>
          {translate(`${KEY}.new`)}
        </Button>
      </Box>
      <Box sx={{ width: '100%', overflowX: 'auto' }}>
        <Table size="small" aria-label={translate(`${KEY}.title`)}>
          <TableHead>
            <TableRow>
              <TableCell>{translate(`${KEY}.columns.id`)}</TableCell>
              <TableCell>{translate(`${KEY}.columns.evaluation`)}</TableCell>
              <TableCell>{translate(`${KEY}.columns.qty_questions`)}</TableCell>
              <TableCell>{translate(`${KEY}.columns.status`)}</TableCell>
              <TableCell align="right">{translate(`${KEY}.columns.actions`)}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows === null && (
              <TableRow>
                <TableCell colSpan={5} align="center"><CircularProgress size={16} /></TableCell>
              </TableRow>
            )}
            {rows?.length === 0 && (
              <TableRow>
                <TableCell colSpan={5} align="center">{translate(`${KEY}.empty`)}</TableCell>
              </TableRow>
            )}
            {rows?.map((row) => (
              <TableRow key={row.id}>
                <TableCell>{row.id}</TableCell>
                <TableCell>{row.title}</TableCell>
                <TableCell>{row.qty_questions}</TableCell>
                <TableCell><ContentStatusChip status={row.status} feminine /></TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {/* without trainings_manage the editor still opens, read-only (spec 2 §6 "viewing remains") */}
                  <Tooltip title={translate(`${KEY}.edit`)}>
                    <IconButton size="small" aria-label={translate(`${KEY}.edit_evaluation`, { title: row.title })} onClick={() => setEditing({ id: row.id })}>
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={translate(`${KEY}.delete`)}>
                    <span>
                      <IconButton size="small" aria-label={translate(`${KEY}.delete_evaluation`, { title: row.title })} disabled={!canManage} onClick={() => setRemoving(row)}>
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
        <Button startIcon={<ArrowBackIcon />} onClick={() => redirect('list', 'trainings')}>{translate(`${KEY}.back`)}</Button>
      </Box>
      <Confirm
        isOpen={!!removing}
        title={`${KEY}.delete_title`}
        content={`${KEY}.delete_content`}
        translateOptions={{ title: removing?.title ?? '' }}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
