import type { ReactElement } from 'react';
import { Chip, type ChipProps } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import BlockIcon from '@mui/icons-material/Block';
import DeleteIcon from '@mui/icons-material/Delete';
import LockIcon from '@mui/icons-material/Lock';
import FlagIcon from '@mui/icons-material/Flag';
import { useTranslate } from 'react-admin';
import { forumReportedLabel, forumStatusLabel, type ForumStatusName } from '@lp/shared/rules';

/** spec 2 §4.1: published green/check, unpublished warning/ban, deleted negative/trash; closed is the forum's own. */
const LOOK: Record<ForumStatusName | 'no', { color: ChipProps['color']; icon?: ReactElement }> = {
  published: { color: 'success', icon: <CheckIcon /> },
  unpublished: { color: 'warning', icon: <BlockIcon /> },
  deleted: { color: 'error', icon: <DeleteIcon /> },
  closed: { color: 'default', icon: <LockIcon /> },
  no: { color: 'default' },
};

/** spec 2 §4.11: 1 published, 2 unpublished, 3 deleted, 4 closed; any other value 'no'. */
export function ForumStatusChip({ status }: { status: unknown }) {
  const translate = useTranslate();
  const label = forumStatusLabel(status);
  const look = LOOK[label];
  return <Chip size="small" color={look.color} icon={look.icon} label={translate(`resources.trainings.discussions.status.${label}`)} />;
}

/** spec 2 §4.11: "report true shows reported 'yes'". */
export function ForumReportedChip({ report }: { report: unknown }) {
  const translate = useTranslate();
  const label = forumReportedLabel(report);
  return (
    <Chip
      size="small"
      variant={label === 'yes' ? 'filled' : 'outlined'}
      color={label === 'yes' ? 'error' : 'default'}
      icon={label === 'yes' ? <FlagIcon /> : undefined}
      label={translate(`resources.trainings.discussions.reported.${label}`)}
    />
  );
}
