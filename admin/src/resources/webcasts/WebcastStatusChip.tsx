import type { ReactElement } from 'react';
import { Chip, type ChipProps } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import BlockIcon from '@mui/icons-material/Block';
import DeleteIcon from '@mui/icons-material/Delete';
import StopCircleIcon from '@mui/icons-material/StopCircle';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import { useRecordContext, useTranslate, type FieldProps } from 'react-admin';

/** spec 2 §4.12: 1 published (green), 2 unpublished (amber), 4 finished (red), 5 converting the recording; 3 deleted. */
const LOOK: Record<number, { color: ChipProps['color']; icon: ReactElement; key: string }> = {
  1: { color: 'success', icon: <CheckIcon />, key: 'published' },
  2: { color: 'warning', icon: <BlockIcon />, key: 'unpublished' },
  3: { color: 'default', icon: <DeleteIcon />, key: 'deleted' },
  4: { color: 'error', icon: <StopCircleIcon />, key: 'finished' },
  5: { color: 'info', icon: <HourglassEmptyIcon />, key: 'converting' },
};

export function WebcastStatusChip({ status }: { status: number | null | undefined }) {
  const translate = useTranslate();
  const look = LOOK[status ?? 0];
  if (!look) return null;
  return <Chip size="small" color={look.color} icon={look.icon} label={translate(`resources.webcasts.status.${look.key}`)} />;
}

/** A list column with the record's webcast status chip. */
export function WebcastStatusField(_props: FieldProps) {
  const record = useRecordContext<{ status?: number }>();
  return <WebcastStatusChip status={record?.status} />;
}
