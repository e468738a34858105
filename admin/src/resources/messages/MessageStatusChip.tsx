import { Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { MessageStatus } from '@lp/shared/rules';

const COLOR: Record<MessageStatus, ChipProps['color']> = { scheduled: 'info', sending: 'warning', sent: 'success', send_fail: 'error' };

/** spec 3 §4: scheduled, sending, sent, send fail. */
export function MessageStatusChip({ status }: { status: MessageStatus | undefined }) {
  const translate = useTranslate();
  if (!status) return null;
  return <Chip size="small" color={COLOR[status]} label={translate(`resources.messages.status.${status}`)} />;
}
