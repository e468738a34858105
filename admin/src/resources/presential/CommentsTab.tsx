import { useState } from 'react';
import { Card, CardContent, MenuItem, TextField as MuiTextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { CommentsModerationTable } from '../../common/comments/CommentsModerationTable.tsx';
import { useAppointmentEvents } from './EventsTab.tsx';
import { K } from './presentialUi.ts';

/**
 * spec 3 §2 "Comments" tab: the comments are the events' (spec 3 §7, origin presential); the tab
 * picks the event and shows the shared moderation table for it. Publishing needs the key the
 * server moderates the event's content with (presential_edit_evaluations); without it the table
 * is read-only ('manager' mode, spec 2 §2.7).
 */
export function CommentsTab({ appointmentId, canModerate }: { appointmentId: number; canModerate: boolean }) {
  const translate = useTranslate();
  const { data: events } = useAppointmentEvents(appointmentId);
  const [picked, setPicked] = useState<number | null>(null);
  const eventId = picked ?? events?.[0]?.id ?? null;
  return (
    <Card sx={{ contain: 'inline-size' }}><CardContent>
      {events && events.length === 0 && <Typography color="text.secondary">{translate(`${K}.comments.no_events`)}</Typography>}
      {events && events.length > 0 && (
        <MuiTextField select size="small" sx={{ width: '100%', maxWidth: 480, mb: 2 }} label={translate(`${K}.comments.event`)} value={eventId ?? ''}
          onChange={(e) => setPicked(Number(e.target.value))}>
          {events.map((e) => <MenuItem key={e.id} value={e.id}>{`${e.date} ${e.start_hour}–${e.end_hour}${e.location_name ? ` · ${e.location_name}` : ''}`}</MenuItem>)}
        </MuiTextField>
      )}
      {eventId !== null && <CommentsModerationTable key={eventId} origin="presential" id={eventId} managerMode={!canModerate} />}
    </CardContent></Card>
  );
}
