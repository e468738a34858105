import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField as MuiTextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { EVENT_TEST_TYPES, type EventTestType, type PresentialEvent, type PresentialEventInput } from '@lp/shared/contract';
import { K } from './presentialUi.ts';

export interface EventDraft {
  event_type: EventTestType;
  date: string;
  start_hour: string;
  end_hour: string;
  intermission_minutes: string;
  location_name: string;
  location: string;
  /** blank: the appointment type's maximum (spec 3 §3 "maximum participants: taken from the class type") */
  maximum_participants: string;
}

export const NEW_EVENT: EventDraft = {
  event_type: 'without_tests', date: '', start_hour: '09:00', end_hour: '17:00', intermission_minutes: '0', location_name: '', location: '', maximum_participants: '',
};

export const draftOf = (e: PresentialEvent): EventDraft => ({
  event_type: e.event_type, date: e.date, start_hour: e.start_hour, end_hour: e.end_hour, intermission_minutes: String(e.intermission_minutes),
  location_name: e.location_name, location: e.location, maximum_participants: e.maximum_participants === null ? '' : String(e.maximum_participants),
});

/** What the API takes: numbers as numbers, a blank maximum as null (the type's). */
export const eventBody = (d: EventDraft): PresentialEventInput => ({
  event_type: d.event_type, date: d.date, start_hour: d.start_hour, end_hour: d.end_hour, intermission_minutes: Number(d.intermission_minutes) || 0,
  location_name: d.location_name, location: d.location, maximum_participants: d.maximum_participants.trim() === '' ? null : Number(d.maximum_participants),
});

/** spec 3 §3 "Event": type, date, start and end hour, intermission, location and its name, maximum participants. */
export function EventDialog({ initial, editing, onClose, onSave }: {
  initial: EventDraft;
  /** an existing event (the title says edit) */
  editing: boolean;
  onClose(): void;
  onSave(draft: EventDraft): Promise<boolean>;
}) {
  const translate = useTranslate();
  const [draft, setDraft] = useState(initial);
  const [busy, setBusy] = useState(false);
  const E = `${K}.events`;
  const set = (field: keyof EventDraft) => (e: { target: { value: string } }) => setDraft({ ...draft, [field]: e.target.value });
  const save = async () => {
    setBusy(true);
    const saved = await onSave(draft);
    setBusy(false);
    if (saved) onClose();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate(editing ? `${E}.edit` : `${E}.add`)}</DialogTitle>
      <DialogContent>
        <Stack gap={2} sx={{ pt: 1 }}>
          <MuiTextField select label={translate(`${E}.event_type`)} value={draft.event_type} onChange={set('event_type')}>
            {EVENT_TEST_TYPES.map((t) => <MenuItem key={t} value={t}>{translate(`${E}.types.${t}`)}</MenuItem>)}
          </MuiTextField>
          <Stack direction={{ xs: 'column', sm: 'row' }} gap={2}>
            <MuiTextField type="date" label={translate(`${E}.date`)} value={draft.date} onChange={set('date')} slotProps={{ inputLabel: { shrink: true } }} fullWidth />
            <MuiTextField type="time" label={translate(`${E}.start_hour`)} value={draft.start_hour} onChange={set('start_hour')} slotProps={{ inputLabel: { shrink: true } }} fullWidth />
            <MuiTextField type="time" label={translate(`${E}.end_hour`)} value={draft.end_hour} onChange={set('end_hour')} slotProps={{ inputLabel: { shrink: true } }} fullWidth />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} gap={2}>
            <MuiTextField type="number" label={translate(`${E}.intermission_minutes`)} value={draft.intermission_minutes} onChange={set('intermission_minutes')}
              slotProps={{ htmlInput: { min: 0, max: 600 } }} fullWidth />
            <MuiTextField type="number" label={translate(`${E}.maximum_participants`)} helperText={translate(`${E}.maximum_participants_help`)}
              value={draft.maximum_participants} onChange={set('maximum_participants')} slotProps={{ htmlInput: { min: 1 } }} fullWidth />
          </Stack>
          <MuiTextField label={translate(`${E}.location_name`)} value={draft.location_name} onChange={set('location_name')} />
          <MuiTextField label={translate(`${E}.location`)} value={draft.location} onChange={set('location')} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={busy} onClick={() => void save()}>{translate('ra.action.save')}</Button>
      </DialogActions>
    </Dialog>
  );
}
