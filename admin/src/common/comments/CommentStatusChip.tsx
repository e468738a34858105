import { Chip, type ChipProps } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import BlockIcon from '@mui/icons-material/Block';
import DeleteIcon from '@mui/icons-material/Delete';
import type { ReactElement } from 'react';
import { useTranslate } from 'react-admin';

/** spec 2 §4.1: 1 published green/check, 2 unpublished warning/ban, 3 deleted negative/trash. */
const LOOK: Record<number, { color: ChipProps['color']; icon: ReactElement }> = {
  1: { color: 'success', icon: <CheckIcon /> },
  2: { color: 'warning', icon: <BlockIcon /> },
  3: { color: 'error', icon: <DeleteIcon /> },
};

export function CommentStatusChip({ status }: { status: number | null | undefined }) {
  const translate = useTranslate();
  const look = status == null ? undefined : LOOK[status];
  if (!look) return null;
  return <Chip size="small" color={look.color} icon={look.icon} label={translate(`comments.status.${status}`)} />;
}
