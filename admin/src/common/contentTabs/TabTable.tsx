import type { ReactNode } from 'react';
import { Box, Button, CircularProgress, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useRedirect, useTranslate } from 'react-admin';

export interface TabTableProps {
  label: string;
  /** header cells, already translated */
  columns: ReactNode[];
  /** null while loading */
  count: number | null;
  emptyText: string;
  children: ReactNode;
}

/** An editor tab's table: header, a loading and an empty row, then the rows. */
export function TabTable({ label, columns, count, emptyText, children }: TabTableProps) {
  const message = (content: ReactNode) => (
    <TableRow>
      <TableCell colSpan={columns.length} align="center">{content}</TableCell>
    </TableRow>
  );
  return (
    // contain: the table scrolls inside its box rather than widening the page (react-admin's layout is fit-content)
    <Box sx={{ width: '100%', overflowX: 'auto', contain: 'inline-size' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>{columns.map((column, i) => <TableCell key={i} align={i === columns.length - 1 ? 'right' : undefined}>{column}</TableCell>)}</TableRow>
        </TableHead>
        <TableBody>
          {count === null && message(<CircularProgress size={16} />)}
          {count === 0 && message(emptyText)}
          {children}
        </TableBody>
      </Table>
    </Box>
  );
}

export interface RowActionsProps {
  editLabel: string;
  deleteLabel: string;
  onEdit(): void;
  onDelete(): void;
  editDisabled?: boolean;
  deleteDisabled?: boolean;
}

/** Edit and delete of a row, with tooltips; disabled buttons keep their tooltip (spec 2 §6). */
export function RowActions({ editLabel, deleteLabel, onEdit, onDelete, editDisabled, deleteDisabled, split = false }: RowActionsProps & {
  /** edit and delete in columns of their own (the support material table, spec 2 §2.3) */
  split?: boolean;
}) {
  const translate = useTranslate();
  const edit = (
    <Tooltip title={translate('ra.action.edit')}>
      <span>
        <IconButton size="small" aria-label={editLabel} disabled={editDisabled} onClick={onEdit}>
          <EditIcon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
  const remove = (
    <Tooltip title={translate('ra.action.delete')}>
      <span>
        <IconButton size="small" aria-label={deleteLabel} disabled={deleteDisabled} onClick={onDelete}>
          <DeleteIcon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
  if (split) {
    return (
      <>
        <TableCell align="center">{edit}</TableCell>
        <TableCell align="center">{remove}</TableCell>
      </>
    );
  }
  return <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>{edit}{remove}</TableCell>;
}

/** An editor tab's Back: leaves the editor for its list (spec 2 §2.3 admin_trainings, §2.5 admin_webcasts). */
export function BackButton({ onBack }: { onBack(): void }) {
  const translate = useTranslate();
  return (
    <Box>
      <Button startIcon={<ArrowBackIcon />} onClick={onBack}>{translate('resources.trainings.actions.back')}</Button>
    </Box>
  );
}

/** spec 2 §2.3: every tab has a Back button that goes to admin_trainings. */
export function BackToTrainings() {
  const redirect = useRedirect();
  return <BackButton onBack={() => redirect('list', 'trainings')} />;
}
