import { useState } from 'react';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ReplayIcon from '@mui/icons-material/Replay';
import { useQueryClient } from '@tanstack/react-query';
import {
  DeleteButton, HttpError, useLocaleState, useNotify, useRecordContext, useRedirect, useRefresh, useTranslate,
} from 'react-admin';
import { ADMIN_RESOURCES, type Message } from '@lp/shared/contract';
import { formatDateTime, languageIdForLocale, userTimeZone, type LocaleCode } from '@lp/shared/rules';
import { useMessageRetry } from './useMessageRetry.ts';
import { MessageStatusChip } from './MessageStatusChip.tsx';

const F = 'resources.messages.fields';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">{translate(label)}</Typography>
      <Typography variant="body1" component="div">{children}</Typography>
    </Box>
  );
}

/** spec 3 §8 "Error sending message": the failed e-mails go again. */
function RetryButton({ message }: { message: Message }) {
  const translate = useTranslate();
  const sendAgain = useMessageRetry();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    try {
      await sendAgain(message.id);
      notify('resources.messages.notifications.retrying', { type: 'info' });
      await queryClient.invalidateQueries();
      refresh();
    } catch (error) {
      notify(error instanceof HttpError ? error.message : 'errors.error_sending_message', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="contained" color="warning" startIcon={<ReplayIcon />} onClick={() => void retry()} disabled={busy}>
      {translate('resources.messages.actions.retry')}
    </Button>
  );
}

/** A message that has left the schedule: read-only, with its counts and (in send fail) the retry. */
export function MessageDetail() {
  const translate = useTranslate();
  const redirect = useRedirect();
  const message = useRecordContext<Message>();
  const [locale] = useLocaleState();
  if (!message) return null;
  const languageId = languageIdForLocale(locale as LocaleCode);
  const channels = [message.send_in_app && translate(`${F}.send_in_app`), message.send_email && translate(`${F}.send_email`)].filter(Boolean).join(', ');
  return (
    <Card variant="outlined" sx={{ m: 2 }}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h2">{message.title}</Typography>
          <MessageStatusChip status={message.status} />
        </Stack>
        {message.status === 'send_fail' && (
          <Typography color="error" sx={{ mb: 2 }} role="alert">
            {translate('errors.error_sending_message')}: {translate('resources.messages.failed_count', { smart_count: message.email_failed_count })}
          </Typography>
        )}
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' }, gap: 2, mb: 2 }}>
          <Fact label={`${F}.send_date`}>{formatDateTime(message.send_date, languageId, userTimeZone())}</Fact>
          <Fact label={`${F}.channels`}>{channels}</Fact>
          <Fact label={`${F}.recipients_count`}>{message.recipients_count}</Fact>
          <Fact label={`${F}.read_count`}>{message.read_count}</Fact>
          <Fact label={`${F}.sent_at`}>{formatDateTime(message.sent_at, languageId, userTimeZone()) || '—'}</Fact>
        </Box>
        {/* sanitised by the server when saved */}
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, '& img': { maxWidth: '100%' } }} dangerouslySetInnerHTML={{ __html: message.content }} />
        <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
          <Button startIcon={<ArrowBackIcon />} onClick={() => redirect('list', ADMIN_RESOURCES.messages.name)}>
            {translate('resources.messages.actions.back')}
          </Button>
          {message.status === 'send_fail' && <RetryButton message={message} />}
          {message.status !== 'sending' && <DeleteButton mutationMode="pessimistic" redirect="list" />}
        </Stack>
      </CardContent>
    </Card>
  );
}
