import type { ReactElement } from 'react';
import { Chip, type ChipProps } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import BlockIcon from '@mui/icons-material/Block';
import DeleteIcon from '@mui/icons-material/Delete';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import { useTranslate } from 'react-admin';

/**
 * spec 2 §4.1 content status codes: 1 published (green, check), 2 unpublished (warning, ban),
 * 3 deleted (negative, trash); §4.2 modules: 4 and 5 both shown as processing.
 */
const LOOK: Record<number, { color: ChipProps['color']; icon: ReactElement; key: string }> = {
  1: { color: 'success', icon: <CheckIcon />, key: 'published' },
  2: { color: 'warning', icon: <BlockIcon />, key: 'unpublished' },
  3: { color: 'error', icon: <DeleteIcon />, key: 'deleted' },
  4: { color: 'info', icon: <HourglassEmptyIcon />, key: 'processing' },
  5: { color: 'info', icon: <HourglassEmptyIcon />, key: 'processing' },
};

/** The status chip of trainings, trails, modules, materials, tests and evaluations (tests and evaluations: `feminine`). */
export function ContentStatusChip({ status, feminine = false }: { status: number | null | undefined; feminine?: boolean }) {
  const translate = useTranslate();
  const look = LOOK[status ?? 0];
  if (!look) return null;
  const key = feminine && look.key !== 'processing' ? `${look.key}_f` : look.key;
  return <Chip size="small" color={look.color} icon={look.icon} label={translate(`common.content_status.${key}`)} />;
}
