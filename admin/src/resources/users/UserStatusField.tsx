import { Chip, type ChipProps } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { AdminUser } from '@lp/shared/contract';

const COLORS: Partial<Record<string, ChipProps['color']>> = {
  active: 'success',
  active_web_service: 'success',
  blocked: 'error',
  deletion_requested: 'warning',
  awaiting_validation: 'info',
  self_registered: 'info',
  pre_registered: 'info',
};

/** The status as a chip; anonymised users read "Deleted - anonymized data" (spec 1 §4.1). */
export function UserStatusField(_props: { source?: string; label?: string; sortable?: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext<AdminUser>();
  if (!record) return null;
  const key = record.status === 'deleted' && record.anonymized_at ? 'deleted_anonymized' : record.status;
  return (
    <Chip
      size="small"
      color={COLORS[record.status] ?? 'default'}
      label={translate(`resources.users.status.${key}`, { _: record.status })}
    />
  );
}
