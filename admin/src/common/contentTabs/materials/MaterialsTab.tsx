import { useState } from 'react';
import { Box, Button, Stack, TableCell, TableRow } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Confirm, useTranslate } from 'react-admin';
import type { TrainingMaterial } from '@lp/shared/contract';
import { BackButton, RowActions, TabTable } from '../TabTable.tsx';
import { useNestedTabRows } from '../useNestedTabRows.ts';
import { ContentStatusChip } from '../../ContentStatusChip.tsx';
import { formatFileSize } from '../fileSize.ts';
import { MaterialDialog } from './MaterialDialog.tsx';
import type { MaterialOwner } from './materialOwner.ts';

const KEY = 'resources.trainings.materials';

export interface MaterialsTabProps {
  owner: MaterialOwner;
  ownerId: number;
  canManage: boolean;
  /** the tab's Back: leaves the owner's editor */
  onBack(): void;
}

type Editing = { material: TrainingMaterial | null } | null;

/**
 * spec 2 §2.3 / §2.5 "Support material" tab of a training or webcast: a table with id (#),
 * title, extension, size, status, edit and delete (rows per page 0 = all), the material dialog
 * ("the same as for trainings"), and Back. Without the manage permission the dialog opens to
 * view only (spec 2 §6).
 */
export function MaterialsTab({ owner, ownerId, canManage, onBack }: MaterialsTabProps) {
  const translate = useTranslate();
  const { rows, reload, removing, askRemove, confirmRemove } = useNestedTabRows<TrainingMaterial>(owner.resource(ownerId), KEY);
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
      <BackButton onBack={onBack} />
      {editing && (
        <MaterialDialog
          owner={owner}
          ownerId={ownerId}
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
