import { useState } from 'react';
import { Box, Button, Stack, TableCell, TableRow } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Confirm, useTranslate } from 'react-admin';
import type { Evaluation } from '@lp/shared/contract';
import { BackButton, RowActions, TabTable } from '../TabTable.tsx';
import { useNestedTabRows } from '../useNestedTabRows.ts';
import { ContentStatusChip } from '../../ContentStatusChip.tsx';
import { EvaluationEditor } from './EvaluationEditor.tsx';
import type { QuestionTypeOption } from './EvaluationQuestionDialog.tsx';
import type { EvaluationOwner } from './evaluationOwner.ts';
import { useReferenceList } from '../../http/index.ts';

const KEY = 'resources.trainings.evaluations';

export interface EvaluationsTabProps {
  /** paths and wire names of the evaluations' owner (group training or webcast) */
  owner: EvaluationOwner;
  ownerId: number;
  canManage: boolean;
  /** the tab's Back: leaves the owner's editor */
  onBack(): void;
}

/** The editor, when open: a new evaluation (id null) or an existing one. */
type Editing = { id: number | null } | null;

/**
 * spec 2 §2.3 "Reaction tests" tab for any owner (§2.5 webcasts: "the same behaviour … with
 * webcast fields"; a row action opens the editor sub-screen, and coming back scrolls to the top
 * and reloads the list): id, title labelled 'evaluation', question count, status, with New,
 * edit, delete and Back. Rows per page 0 = all (spec 2 §9).
 */
export function EvaluationsTab({ owner, ownerId, canManage, onBack }: EvaluationsTabProps) {
  const translate = useTranslate();
  const types = useReferenceList<QuestionTypeOption>(owner.questionTypes);
  const { rows, reload, removing, askRemove, confirmRemove } = useNestedTabRows<Evaluation>(
    owner.resource(ownerId), KEY, owner.deleteErrorMessage,
  );
  const [editing, setEditing] = useState<Editing>(null);
  const columns = ['id', 'evaluation', 'qty_questions', 'status', 'actions'].map((c) => translate(`${KEY}.columns.${c}`));

  if (editing) {
    return (
      <EvaluationEditor
        owner={owner}
        ownerId={ownerId}
        evaluationId={editing.id}
        canManage={canManage}
        types={(types.data ?? []).map((t) => ({ id: t.id, slug: t.slug }))}
        onIdChange={(id) => setEditing({ id })}
        onBack={() => {
          setEditing(null);
          window.scrollTo?.({ top: 0 });
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
            {/* without the manage permission the editor still opens, read-only (spec 2 §6 "viewing remains") */}
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
      <BackButton onBack={onBack} />
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
