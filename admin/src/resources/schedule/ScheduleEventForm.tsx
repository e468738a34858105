import { Box, Typography } from '@mui/material';
import { TextInput, useTranslate } from 'react-admin';
import { SCHEDULE_EVENT_LIMITS } from '@lp/shared/rules';
import { AudienceInputs } from '../../common/audience/AudienceInputs.tsx';
import { EditorForm } from '../../common/editor/index.ts';
import { EditToolbar } from '../../common/EditToolbar.tsx';
import { TimezoneInput } from '../../common/timezone/TimezoneInput.tsx';
import { validateScheduleEventForm, type ScheduleEventFormValues } from './scheduleEventPayload.ts';

const F = 'resources.schedule.fields';
const row = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' } as const;

/**
 * spec 1 §2.3 schedule/{id}: a calendar item — title, description, date and time in a timezone,
 * link, audience (the editors' AudienceInputs and its reach preview).
 */
export function ScheduleEventForm({ record, edit = false }: { record: ScheduleEventFormValues; edit?: boolean }) {
  const translate = useTranslate();
  return (
    <EditorForm record={record} validate={validateScheduleEventForm} toolbar={edit ? <EditToolbar /> : undefined}>
      <TextInput source="title" label={`${F}.title`} isRequired fullWidth inputProps={{ maxLength: SCHEDULE_EVENT_LIMITS.titleMax }} />
      <TextInput source="description" label={`${F}.description`} multiline minRows={3} fullWidth inputProps={{ maxLength: SCHEDULE_EVENT_LIMITS.descriptionMax }} />
      <Box sx={row}>
        <TextInput source="date_local" type="datetime-local" label={`${F}.starts_at`} isRequired InputLabelProps={{ shrink: true }} />
        <TimezoneInput source="time_zone" label={`${F}.time_zone`} isRequired />
      </Box>
      <TextInput source="link" label={`${F}.link`} helperText="resources.schedule.help.link" fullWidth inputProps={{ maxLength: SCHEDULE_EVENT_LIMITS.linkMax }} />
      <Typography variant="subtitle1" sx={{ mt: 2 }}>{translate('resources.schedule.sections.audience')}</Typography>
      <AudienceInputs />
    </EditorForm>
  );
}
