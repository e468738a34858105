import { Box, List, ListItemButton, ListItemText, Paper, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { chatColour, formatDateTime, languageIdForLocale, userTimeZone, type LocaleCode } from '@lp/shared/rules';
import type { ChatMessage } from '@lp/shared/contract';

const T = 'resources.webcasts.chat';

export interface ChatPanelProps {
  /** translation key of the heading (a column's name; 'questions' when opened from home) */
  title: string;
  messages: readonly ChatMessage[];
  loading?: boolean;
  onOpen?(message: ChatMessage): void;
}

/**
 * A chat panel (spec 2 §2.5): messages newest first, each with the sender's name, the text and
 * the time as DD/MM/YYYY HH:mm:ss (spec 1 §9 order) in the admin's zone; messages with the 'a' flag in their own colour, the others
 * through six colours in turn (spec 4).
 */
export function ChatPanel({ title, messages, loading = false, onOpen }: ChatPanelProps) {
  const translate = useTranslate();
  const heading = translate(title);
  const [locale] = useLocaleState();
  const languageId = languageIdForLocale(locale as LocaleCode);
  const zone = userTimeZone();
  return (
    <Paper variant="outlined" component="section" aria-label={heading} sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 320 }}>
      <Typography variant="subtitle1" component="h3" sx={{ px: 2, py: 1, borderBottom: 1, borderColor: 'divider', fontWeight: 600 }}>
        {heading} ({messages.length})
      </Typography>
      {messages.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
          {translate(loading ? `${T}.loading` : `${T}.empty`)}
        </Typography>
      ) : (
        <List dense sx={{ overflowY: 'auto', maxHeight: 480 }}>
          {messages.map((message) => {
            const colour = chatColour(message);
            return (
              <ListItemButton
                key={message.id}
                onClick={onOpen ? () => onOpen(message) : undefined}
                disabled={!onOpen}
                sx={{ alignItems: 'flex-start', borderLeft: 4, borderColor: colour, '&.Mui-disabled': { opacity: 1 } }}
              >
                <ListItemText
                  primary={(
                    <Box component="span" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
                      <Box component="strong" sx={{ color: colour }}>{message.n}</Box>
                      {message.a && <Box component="span" sx={{ color: colour, fontSize: '0.75rem' }}>{translate(`${T}.sent_by_moderation`)}</Box>}
                      <Box component="time" dateTime={message.t} sx={{ color: 'text.secondary', fontSize: '0.75rem' }}>{formatDateTime(message.t, languageId, zone, { seconds: true })}</Box>
                    </Box>
                  )}
                  secondary={message.m}
                  slotProps={{ secondary: { sx: { whiteSpace: 'pre-wrap', wordBreak: 'break-word', color: 'text.primary' } } }}
                />
              </ListItemButton>
            );
          })}
        </List>
      )}
    </Paper>
  );
}
