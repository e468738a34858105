import { useState } from 'react';
import { Box, Button, Stack, TableCell, TableRow } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Confirm, useTranslate } from 'react-admin';
import { TRAINING_EVALUATION_PATHS as PATHS, TRAINING_PATHS, type Evaluation } from '@lp/shared';
import { BackToTrainings, RowActions, TabTable } from './common/TabTable.tsx';
import { useTabRows } from './common/useTabRows.ts';
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
  const types = useContractQuery<QuestionTypeOption[]>(TRAINING_PATHS.evaluationQuestionTypes);
  const { rows, reload, removing, askRemove, confirmRemove } = useTabRows<Evaluation>(
    PATHS.collection(trainingId), (id) => PATHS.item(trainingId, id), KEY,
  );
  const [editing, setEditing] = useState<Editing>(null);
  const columns = ['id', 'evaluation', 'qty_questions', 'status', 'actions'].map((c) => translate(`${KEY}.columns.${c}`));

  if (editing) {
    return (
      <EvaluationEditor
        trainingId={trainingId}
        evaluationId={editing.id}
        canManage={canManage}
        types={(types.data ?? []).map((t) => ({ id: t.id, slug: t.slug }))}
        onIdChange={(id) => setEditing({ id })}
        onBack={() => {
          setEditing(null);
          void reload();
        }}
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
      <TabTable label={translate(`${KEY}.title`)} columns={columns} count={rows?.length ?? null} emptyText={translate(`${KEY}.empty`)}>
        {rows?.map((row) => (
          <TableRow key={row.id}>
            <TableCell>{row.id}</TableCell>
            <TableCell>{row.title}</TableCell>
            <TableCell>{row.qty_questions}</TableCell>
            <TableCell><ContentStatusChip status={row.status} feminine /></TableCell>
            {/* without trainings_manage the editor still opens, read-only (spec 2 §6 "viewing remains") */}
            <RowActions
              editLabel={translate(`${KEY}.edit_evaluation`, { title: row.title })}
              deleteLabel={translate(`${KEY}.delete_evaluation`, { title: row.title })}
              deleteDisabled={!canManage}
              onEdit={() => setEditing({ id: row.id })}
              onDelete={() => askRemove(row)}
            />
          </TableRow>
        ))}
      </TabTable>
      <BackToTrainings />
      <Confirm
        isOpen={!!removing}
        title={`${KEY}.delete_title`}
        content={`${KEY}.delete_content`}
        translateOptions={{ title: removing?.title ?? '' }}
        onConfirm={() => void confirmRemove()}
        onClose={() => askRemove(null)}
      />
    </Stack>
  );
}
