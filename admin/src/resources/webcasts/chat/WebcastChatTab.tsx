import { useState, type KeyboardEvent } from 'react';
import { Alert, Box, Button, Grid, Stack, TextField } from '@mui/material';
import SendIcon from '@mui/icons-material/Send';
import { useNotify, useTranslate } from 'react-admin';
import { checkChatMessage, CHAT_MESSAGE_MAX_LENGTH, type ChatChannelType, type ChatMove } from '@lp/shared/rules';
import type { ChatMessage } from '@lp/shared/contract';
import { useWebcastActions } from '../webcastActions.ts';
import { useRealtimeStatus } from '../../../common/realtime/RealtimeContext.tsx';
import { ChatMessageDialog } from './ChatMessageDialog.tsx';
import { ChatPanel } from './ChatPanel.tsx';
import { useChatColumns, useOnlineUsers } from './useWebcastChat.ts';

const T = 'resources.webcasts.chat';
/** spec 2 §2.5 column order and names: moderation, public, disapprove */
const COLUMNS: ReadonlyArray<{ type: ChatChannelType; title: string }> = [
  { type: 'moderation', title: `${T}.columns.moderation` },
  { type: 'public', title: `${T}.columns.public` },
  { type: 'disapproved', title: `${T}.columns.disapprove` },
];

export interface WebcastChatTabProps {
  webcastId: number;
  /** webcasts_manage (spec 2 §6): Approve and Disapprove; sending is not gated by it */
  canManage: boolean;
}

/**
 * spec 2 §2.5 chat moderation tab (§3.12, §4.13, §7.3 "Chat"): the online users, the three
 * columns kept live over the realtime socket, the message dialog of each column, and a
 * message sent by the moderation side.
 */
export function WebcastChatTab({ webcastId, canManage }: WebcastChatTabProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const actions = useWebcastActions();
  const status = useRealtimeStatus();
  const online = useOnlineUsers(webcastId);
  const { columns, loaded, error, apply } = useChatColumns(webcastId);
  const [open, setOpen] = useState<{ message: ChatMessage; column: ChatChannelType } | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (failure: unknown) => {
    console.error('webcast chat call failed', failure);
    notify(failure instanceof Error && failure.message.startsWith('errors.') ? failure.message : 'ra.notification.http_error', { type: 'error' });
  };

  async function moveMessage(move: ChatMove) {
    if (!open) return;
    setBusy(true);
    try {
      apply(await actions.moveChatMessage(webcastId, move, open.message.id));
      setOpen(null);
    } catch (failure) {
      fail(failure);
    } finally {
      setBusy(false);
    }
  }

  // the dialog follows its message: a move made elsewhere meanwhile shows in its buttons
  const shown = open && (Object.values(columns).flat().find((m) => m.id === open.message.id) ?? open.message);

  return (
    <Stack spacing={2}>
      <Alert severity="info" icon={false} role="status">
        {translate(`${T}.online_users`)}: {online ?? '…'}
      </Alert>
      {(status === 'reconnecting' || status === 'connecting') && Object.values(loaded).some(Boolean) && (
        <Alert severity="warning">{translate(`${T}.reconnecting`)}</Alert>
      )}
      {error && <Alert severity="error">{translate(`errors.${error}`, { _: translate('ra.notification.http_error') })}</Alert>}
      <Composer webcastId={webcastId} onSent={apply} onError={fail} />
      <Grid container spacing={2}>
        {COLUMNS.map(({ type, title }) => (
          <Grid key={type} size={{ xs: 12, md: 4 }}>
            <ChatPanel title={title} messages={columns[type]} loading={!loaded[type]} onOpen={(message) => setOpen({ message, column: type })} />
          </Grid>
        ))}
      </Grid>
      {open && shown && (
        <ChatMessageDialog
          message={shown}
          column={open.column}
          canManage={canManage}
          busy={busy}
          onMove={(move) => void moveMessage(move)}
          onClose={() => setOpen(null)}
        />
      )}
    </Stack>
  );
}

/** spec 2 §2.5 'new_message': Enter or the Send button sends. */
function Composer({ webcastId, onSent, onError }: { webcastId: number; onSent(message: ChatMessage): void; onError(failure: unknown): void }) {
  const translate = useTranslate();
  const actions = useWebcastActions();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function send() {
    if (sending) return;
    const checked = checkChatMessage(text);
    if ('error' in checked) {
      setInvalid(checked.error);
      return;
    }
    setInvalid(null);
    setSending(true);
    try {
      onSent(await actions.sendChatMessage(webcastId, checked.text));
      setText('');
    } catch (failure) {
      onError(failure);
    } finally {
      setSending(false);
    }
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <Box component="form" onSubmit={(event) => { event.preventDefault(); void send(); }} noValidate sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        fullWidth
        size="small"
        label={translate(`${T}.new_message`)}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        error={invalid !== null}
        helperText={invalid ? translate(`errors.${invalid}`) : undefined}
        slotProps={{ htmlInput: { maxLength: CHAT_MESSAGE_MAX_LENGTH } }}
      />
      <Button type="submit" variant="contained" endIcon={<SendIcon />} disabled={sending}>
        {translate(`${T}.send`)}
      </Button>
    </Box>
  );
}
