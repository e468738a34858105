import { Box } from '@mui/material';
import {
  BooleanInput, CheckboxGroupInput, DateInput, FormDataConsumer, NumberInput, SelectInput, TextInput, useLocaleState,
} from 'react-admin';
import { DRILL_DATE_TYPES, DRILL_LIMITS, addDays, formatWeekday, intlLocale } from '@lp/shared/rules';
import { EditToolbar } from '../../common/EditToolbar.tsx';
import { EditorForm } from '../../common/editor/index.ts';
import { CustomDatesInput } from './CustomDatesInput.tsx';
import { drillStatusChoices } from './DrillList.tsx';
import { validateDrillForm } from './drillPayload.ts';

const F = 'resources.drills.fields';
const row = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' } as const;
const dateTypeChoices = DRILL_DATE_TYPES.map((type) => ({ id: type, name: `resources.drills.date_types.${type}` }));
/** 2026-11-22 is a Sunday: weekday i is that day plus i (spec 3 §9 "Sunday–Saturday") */
const SUNDAY = '2026-11-22';
const dayChoices = Array.from({ length: 31 }, (_, i) => ({ id: i + 1, name: String(i + 1) }));

/** spec 3 §3 Drill: dates and date type, scoring, timer, flags and status. */
export function DrillForm({ edit = false }: { edit?: boolean }) {
  const [locale] = useLocaleState();
  const weekdayChoices = Array.from({ length: 7 }, (_, i) => ({ id: i, name: formatWeekday(addDays(SUNDAY, i), locale, 'long') }));
  const monthName = new Intl.DateTimeFormat(intlLocale(locale), { month: 'long', timeZone: 'UTC' });
  const monthChoices = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: monthName.format(new Date(Date.UTC(2026, i, 1))) }));
  return (
    <EditorForm validate={validateDrillForm} toolbar={edit ? <EditToolbar /> : undefined}>
      <TextInput source="title" label={`${F}.title`} isRequired fullWidth inputProps={{ maxLength: DRILL_LIMITS.titleMax }} />
      <TextInput source="description" label={`${F}.description`} fullWidth multiline minRows={2} />
      <Box sx={row}>
        <DateInput source="start_date" label={`${F}.start_date`} isRequired />
        <DateInput source="end_date" label={`${F}.end_date`} isRequired />
      </Box>
      <SelectInput source="date_type" label={`${F}.date_type`} isRequired choices={dateTypeChoices} />
      <FormDataConsumer>
        {({ formData }) => {
          const type = (formData as { date_type?: string }).date_type;
          if (type === 'weekdays' || type === 'days_of_the_month') {
            return (
              <>
                {type === 'weekdays'
                  ? <CheckboxGroupInput source="weekdays" label={`${F}.weekdays`} choices={weekdayChoices} isRequired />
                  : <CheckboxGroupInput source="days_of_the_month" label={`${F}.days_of_the_month`} choices={dayChoices} isRequired />}
                <Box sx={row}>
                  <SelectInput source="start_month" label={`${F}.start_month`} choices={monthChoices} emptyText="resources.drills.help.all_months" />
                  <SelectInput source="end_month" label={`${F}.end_month`} choices={monthChoices} emptyText="resources.drills.help.all_months" />
                </Box>
              </>
            );
          }
          if (type === 'custom') {
            return <CustomDatesInput />;
          }
          return null;
        }}
      </FormDataConsumer>
      <Box sx={row}>
        <NumberInput source="minimum_score" label={`${F}.minimum_score`} isRequired min={1} step={1} helperText="resources.drills.help.minimum_score" />
        <NumberInput source="qty_questions_frequency" label={`${F}.qty_questions_frequency`} isRequired min={1} step={1} helperText="resources.drills.help.qty_questions_frequency" />
      </Box>
      <Box sx={row}>
        <NumberInput source="time_to_answer" label={`${F}.time_to_answer`} min={1} step={1} helperText="resources.drills.help.time_to_answer" />
        <NumberInput source="score" label={`${F}.score`} min={0} step={1} helperText="resources.drills.help.score" />
      </Box>
      <BooleanInput source="allow_approved_to_answer" label={`${F}.allow_approved_to_answer`} />
      <BooleanInput source="show_feedback" label={`${F}.show_feedback`} />
      <BooleanInput source="randomize_answers" label={`${F}.randomize_answers`} />
      <SelectInput source="status" label={`${F}.status`} choices={drillStatusChoices} helperText="resources.drills.help.status" />
    </EditorForm>
  );
}
