import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { chatMoveTarget, type ChatChannelType, type ChatMove } from '@lp/shared/rules';
import type { ChatMessage } from '@lp/shared/contract';

const T = 'resources.webcasts.chat';

/** spec 2 §2.5: the dialog of each column — its title and the moves it offers. */
const DIALOGS: Record<ChatChannelType, { title: string; moves: ChatMove[] }> = {
  public: { title: `${T}.disapprove`, moves: ['disapprove'] },
  moderation: { title: `${T}.approve_or_disapprove`, moves: ['approve', 'disapprove'] },
  disapproved: { title: `${T}.approve`, moves: ['approve'] },
};

export interface ChatMessageDialogProps {
  message: ChatMessage;
  column: ChatChannelType;
  /** webcasts_manage (spec 2 §6): without it the moves are disabled */
  canManage: boolean;
  busy: boolean;
  onMove(move: ChatMove): void;
  onClose(): void;
}

export function ChatMessageDialog({ message, column, canManage, busy, onMove, onClose }: ChatMessageDialogProps) {
  const translate = useTranslate();
  const dialog = DIALOGS[column];
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="sm" fullWidth aria-labelledby="chat-message-dialog-title">
      <DialogTitle id="chat-message-dialog-title">{translate(dialog.title)}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">
          <strong>{message.n}</strong>
          <p style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{message.m}</p>
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>{translate('ra.action.cancel')}</Button>
        {dialog.moves.map((move) => {
          // the message may have moved since the dialog opened; §4.13 says which moves remain
          const allowed = chatMoveTarget(message.state, move) !== null;
          const button = (
            <Button
              key={move}
              variant="contained"
              color={move === 'approve' ? 'success' : 'error'}
              disabled={!canManage || !allowed || busy}
              onClick={() => onMove(move)}
            >
              {translate(`${T}.actions.${move}`)}
            </Button>
          );
          return canManage ? button : (
            <Tooltip key={move} title={translate('resources.webcasts.chat.not_allowed')}>
              <span>{button}</span>
            </Tooltip>
          );
        })}
      </DialogActions>
    </Dialog>
  );
}
