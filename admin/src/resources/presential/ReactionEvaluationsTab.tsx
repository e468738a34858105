import { useState } from 'react';
import { Card, CardContent, MenuItem, TextField as MuiTextField, Typography } from '@mui/material';
import { useRedirect, useTranslate } from 'react-admin';
import { EvaluationsTab } from '../../common/contentTabs/evaluations/EvaluationsTab.tsx';
import { PRESENTIAL_EVENT_EVALUATIONS } from '../../common/contentTabs/evaluations/evaluationOwner.ts';
import { useAppointmentEvents } from './EventsTab.tsx';
import { K, NAME } from './presentialUi.ts';

/**
 * spec 3 §2 "Reaction evaluations" tab: each event owns its reaction evaluations (spec 3 §1
 * "events are owners of reaction evaluations"); the tab picks the event and shows the shared
 * evaluations editor for it, changed with presential_edit_evaluations (read-only without it).
 */
export function ReactionEvaluationsTab({ appointmentId, canEdit }: { appointmentId: number; canEdit: boolean }) {
  const translate = useTranslate();
  const redirect = useRedirect();
  const { data: events } = useAppointmentEvents(appointmentId);
  const [picked, setPicked] = useState<number | null>(null);
  const eventId = picked ?? events?.[0]?.id ?? null;
  return (
    <Card sx={{ contain: 'inline-size' }}><CardContent>
      {events && events.length === 0 && <Typography color="text.secondary">{translate(`${K}.evaluations.no_events`)}</Typography>}
      {events && events.length > 0 && (
        <MuiTextField select size="small" sx={{ width: '100%', maxWidth: 480 }} label={translate(`${K}.evaluations.event`)} value={eventId ?? ''}
          onChange={(e) => setPicked(Number(e.target.value))}>
          {events.map((e) => <MenuItem key={e.id} value={e.id}>{`${e.date} ${e.start_hour}–${e.end_hour}${e.location_name ? ` · ${e.location_name}` : ''}`}</MenuItem>)}
        </MuiTextField>
      )}
      {eventId !== null && (
        <EvaluationsTab key={eventId} owner={PRESENTIAL_EVENT_EVALUATIONS} ownerId={eventId} canManage={canEdit} onBack={() => redirect('list', NAME)} />
      )}
    </CardContent></Card>
  );
}
