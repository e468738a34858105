import { Box } from '@mui/material';
import { DeleteButton, EditButton } from 'react-admin';

/**
 * Edit and delete (behind a confirmation) in one column; `label` names the column in the
 * header and in the columns chooser.
 */
export function RowActions({ canDelete = true, canEdit = true }: { label?: string; canDelete?: boolean; canEdit?: boolean }) {
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
      {canEdit && <EditButton />}
      {canDelete && <DeleteButton mutationMode="pessimistic" />}
    </Box>
  );
}
