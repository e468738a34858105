import { useState } from 'react';
import { Box, Button, Card, CardContent, MenuItem, Stack, TextField as MuiTextField } from '@mui/material';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import type { PresentialEnrollment } from '@lp/shared/contract';
import { nestedResource } from '../../common/nested/nestedResources.ts';
import { AppointmentImportButton } from './AppointmentImportButton.tsx';
import { useAppointmentActions } from './appointmentActions.ts';
import { useAppointmentEvents } from './EventsTab.tsx';
import { K, PARENT, TABLE_SX, useNotifyRefusal } from './presentialUi.ts';

/** spec 3 §2 Subscribers/Registrations: who is enrolled in which event, and enrolling (subscribe_event_users). */
export function SubscribersTab({ appointmentId, canSubscribe }: { appointmentId: number; canSubscribe: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refuse = useNotifyRefusal();
  const { enroll } = useAppointmentActions();
  const { data: events = [] } = useAppointmentEvents(appointmentId);
  const { data = [], refetch } = useGetList<PresentialEnrollment>(nestedResource(PARENT, appointmentId, 'subscribers'), { pagination: { page: 1, perPage: 500 }, sort: { field: 'id', order: 'ASC' } });
  const { data: users = [] } = useGetList<{ id: number; full_name: string }>('users', { pagination: { page: 1, perPage: 200 }, sort: { field: 'full_name', order: 'ASC' } }, { enabled: canSubscribe });
  const [eventId, setEventId] = useState<number | ''>('');
  const [userId, setUserId] = useState<number | ''>('');
  const S = `${K}.subscribers`;
  const add = async () => {
    if (eventId === '' || userId === '') return;
    try {
      await enroll(appointmentId, { event_id: eventId, user_ids: [userId] });
      notify(`${S}.enrolled`, { type: 'success' });
      setUserId('');
      await refetch();
    } catch (error) {
      refuse(error);
    }
  };
  return (
    <Card sx={{ contain: 'inline-size' }}><CardContent>
      <Box component="table" sx={TABLE_SX}>
        <thead><tr>{['name', 'branch', 'event', 'status'].map((k) => <th key={k}>{translate(`${S}.${k}`)}</th>)}</tr></thead>
        <tbody>
          {data.map((s) => (
            <tr key={s.id}>
              <td>{s.user.name}</td><td>{s.user.branch ?? ''}</td><td>{events.find((e) => e.id === s.event_id)?.date ?? s.event_id}</td>
              <td>{translate(`${S}.statuses.${s.status}`)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
      <Box mt={2}><AppointmentImportButton appointmentId={appointmentId} type="presential_subscriptions" onDone={() => void refetch()} /></Box>
      {canSubscribe && (
        <Stack direction={{ xs: 'column', md: 'row' }} gap={2} mt={2} alignItems="center">
          <MuiTextField select size="small" sx={{ minWidth: 180 }} label={translate(`${S}.event`)} value={eventId} onChange={(e) => setEventId(Number(e.target.value))}>
            {events.map((e) => <MenuItem key={e.id} value={e.id}>{`${e.date} ${e.start_hour}`}</MenuItem>)}
          </MuiTextField>
          <MuiTextField select size="small" sx={{ minWidth: 240 }} label={translate(`${S}.name`)} value={userId} onChange={(e) => setUserId(Number(e.target.value))}>
            {users.map((u) => <MenuItem key={u.id} value={u.id}>{u.full_name}</MenuItem>)}
          </MuiTextField>
          <Button variant="contained" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }} onClick={() => void add()}>{translate(`${S}.add`)}</Button>
        </Stack>
      )}
    </CardContent></Card>
  );
}
