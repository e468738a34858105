import { Box, Typography } from '@mui/material';
import {
  AutocompleteInput, CheckboxGroupInput, DateInput, FormDataConsumer, NumberInput, RadioButtonGroupInput, ReferenceInput, SelectInput, TextInput,
  useRecordContext, useTranslate,
} from 'react-admin';
import { ADMIN_RESOURCES, RECURRENCE_FREQUENCIES, RECURRENCE_UNITS, type Task } from '@lp/shared/contract';
import { MAX_RECURRENCE } from '@lp/shared/rules';
import { EditToolbar } from '../../common/EditToolbar.tsx';
import { EditorForm } from '../../common/editor/index.ts';
import { TimezoneInput } from '../../common/timezone/TimezoneInput.tsx';
import { AddressSearch } from './AddressSearch.tsx';
import { newTask, taskForm, validateTaskForm, type TaskFormValues } from './taskPayload.ts';

const NAME = ADMIN_RESOURCES.field_sales_tasks.name;
const F = `resources.${NAME}.fields`;
const row = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, columnGap: 2, width: '100%' } as const;
const frequencyChoices = [{ id: '', name: `resources.${NAME}.frequencies.none` }, ...RECURRENCE_FREQUENCIES.map((id) => ({ id, name: `resources.${NAME}.frequencies.${id}` }))];
const unitChoices = RECURRENCE_UNITS.map((id) => ({ id, name: `resources.${NAME}.units.${id}` }));
const weekdayChoices = [0, 1, 2, 3, 4, 5, 6].map((id) => ({ id, name: `resources.${NAME}.weekdays.${id}` }));
const scopeChoices = [{ id: 'only_this', name: `resources.${NAME}.scopes.only_this` }, { id: 'all_next', name: `resources.${NAME}.scopes.all_next` }];

/**
 * spec 3 §2 the task form: date, time, representative, address search, questionnaire and
 * recurrence (new tasks); an occurrence of a series asks whether the change is for "only this
 * recurrence" or "all next recurrences".
 */
export function TaskForm({ edit = false }: { edit?: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext<Task>();
  return (
    <EditorForm validate={(v) => validateTaskForm(v as TaskFormValues)} defaultValues={record ? taskForm(record) : newTask()} toolbar={edit ? <EditToolbar /> : undefined}>
      <TextInput source="title" label={`${F}.title`} fullWidth inputProps={{ maxLength: 256 }} />
      <Box sx={row}>
        <DateInput source="task_date" label={`${F}.task_date`} isRequired />
        <TextInput source="start_time" label={`${F}.start_time`} type="time" isRequired />
        <TextInput source="end_time" label={`${F}.end_time`} type="time" isRequired />
      </Box>
      <TimezoneInput isRequired />
      <ReferenceInput source="representative_id" reference="users">
        <AutocompleteInput label={`${F}.representative`} optionText="full_name" isRequired />
      </ReferenceInput>
      <Typography variant="subtitle1" sx={{ mt: 2 }}>{translate(`${F}.address`)}</Typography>
      <AddressSearch />
      <ReferenceInput source="questionnaire_id" reference={ADMIN_RESOURCES.field_sales_questionnaires.name}>
        <AutocompleteInput label={`${F}.questionnaire`} optionText="title" />
      </ReferenceInput>
      <TextInput source="observation" label={`${F}.observation`} fullWidth multiline minRows={2} />
      {!edit && (
        <>
          <Typography variant="subtitle1" sx={{ mt: 2 }}>{translate(`${F}.recurrence`)}</Typography>
          <Box sx={row}>
            <SelectInput source="frequency" label={`${F}.frequency`} choices={frequencyChoices} emptyText={`resources.${NAME}.frequencies.none`} />
            <NumberInput source="count" label={`${F}.count`} min={1} max={MAX_RECURRENCE} step={1} helperText={`resources.${NAME}.help.count`} />
          </Box>
          <FormDataConsumer>
            {({ formData }) => {
              const v = formData as TaskFormValues;
              return (
                <>
                  {v.frequency === 'custom' && (
                    <Box sx={row}>
                      <NumberInput source="interval" label={`${F}.interval`} min={1} max={99} step={1} />
                      <SelectInput source="unit" label={`${F}.unit`} choices={unitChoices} />
                    </Box>
                  )}
                  {(v.frequency === 'weekly' || (v.frequency === 'custom' && v.unit === 'weeks')) && (
                    <CheckboxGroupInput source="weekdays" label={`${F}.weekdays`} choices={weekdayChoices} />
                  )}
                </>
              );
            }}
          </FormDataConsumer>
        </>
      )}
      {edit && record?.series_id && (
        <RadioButtonGroupInput source="scope" label={`${F}.scope`} choices={scopeChoices} helperText={`resources.${NAME}.help.scope`} />
      )}
    </EditorForm>
  );
}
