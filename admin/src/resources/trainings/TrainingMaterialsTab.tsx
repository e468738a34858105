import { useState } from 'react';
import { Box, Button, Stack, TableCell, TableRow } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Confirm, useTranslate } from 'react-admin';
import { MATERIAL_PATHS, type TrainingMaterial } from '@lp/shared';
import { BackToTrainings, RowActions, TabTable } from './common/TabTable.tsx';
import { useTabRows } from './common/useTabRows.ts';
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
  const { rows, reload, removing, askRemove, confirmRemove } = useTabRows<TrainingMaterial>(
    MATERIAL_PATHS.collection(trainingId), (id) => MATERIAL_PATHS.item(trainingId, id), KEY,
  );
  const [editing, setEditing] = useState<Editing>(null);
  const columns = ['id', 'title', 'extension', 'size', 'status', 'edit', 'delete'].map((c) => translate(`${KEY}.columns.${c}`));

  return (
    <Stack spacing={2} sx={{ p: 2 }}>
      <Box sx={{ display: 'flex' }}>
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" startIcon={<AddIcon />} disabled={!canManage} onClick={() => setEditing({ material: null })}>
          {translate(`${KEY}.new`)}
        </Button>
      </Box>
      <TabTable label={translate(`${KEY}.title`)} columns={columns} count={rows?.length ?? null} emptyText={translate(`${KEY}.empty`)}>
        {rows?.map((row) => (
          <TableRow key={row.id}>
            <TableCell>{row.id}</TableCell>
            <TableCell>{row.title}</TableCell>
            <TableCell>{row.extension}</TableCell>
            <TableCell>{formatFileSize(row.size)}</TableCell>
            <TableCell><ContentStatusChip status={row.status} /></TableCell>
            <RowActions
              split
              editLabel={translate(`${KEY}.edit`, { title: row.title })}
              deleteLabel={translate(`${KEY}.delete`, { title: row.title })}
              deleteDisabled={!canManage}
              onEdit={() => setEditing({ material: row })}
              onDelete={() => askRemove(row)}
            />
          </TableRow>
        ))}
      </TabTable>
      <BackToTrainings />
      {editing && (
        <MaterialDialog
          trainingId={trainingId}
          material={editing.material}
          canManage={canManage}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void reload();
          }}
        />
      )}
      <Confirm
        isOpen={!!removing}
        title={`${KEY}.delete_confirm_title`}
        content={`${KEY}.delete_confirm_content`}
        translateOptions={{ title: removing?.title ?? '' }}
        onConfirm={() => void confirmRemove()}
        onClose={() => askRemove(null)}
      />
    </Stack>
  );
}
