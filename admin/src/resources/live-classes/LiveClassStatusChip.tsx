import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext, useTranslate, type FieldProps } from 'react-admin';
import { LIVE_CLASS_STATUS } from '@lp/shared/rules';

const LOOK: Record<number, { key: string; color: ChipProps['color'] }> = {
  [LIVE_CLASS_STATUS.published]: { key: 'published', color: 'success' },
  [LIVE_CLASS_STATUS.unpublished]: { key: 'unpublished', color: 'default' },
  [LIVE_CLASS_STATUS.deleted]: { key: 'deleted', color: 'error' },
  [LIVE_CLASS_STATUS.finished]: { key: 'finished', color: 'info' },
};

/** spec 3 §4 status: Published, Unpublished, Finished (deleted rows show only with that filter). */
export function LiveClassStatusChip({ status }: { status: number }) {
  const translate = useTranslate();
  const look = LOOK[status] ?? { key: 'unpublished', color: 'default' };
  return <Chip size="small" color={look.color} label={translate(`resources.live_classes.status.${look.key}`)} />;
}

/** The status column of the list. */
export function LiveClassStatusField(_props: FieldProps) {
  const record = useRecordContext<{ status: number }>();
  return record ? <LiveClassStatusChip status={record.status} /> : null;
}
