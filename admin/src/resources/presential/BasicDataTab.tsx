import { Box, Stack } from '@mui/material';
import {
  AutocompleteArrayInput, BooleanInput, DateTimeInput, NumberInput, ReferenceArrayInput, ReferenceInput, SaveButton, SelectInput, TextInput, Toolbar,
} from 'react-admin';
import { APPOINTMENT_TRAINING_TYPES, type CourseItem } from '@lp/shared/contract';
import { EditorForm } from '../../common/editor/index.ts';
import { REFERENCE_NAMES } from './ReferenceScreens.tsx';
import { F, K } from './presentialUi.ts';

/** Fields the API takes (the answer carries read-only ones the input schema refuses). */
const INPUT_FIELDS = [
  'title', 'training_code', 'course_id', 'appointment_type_id', 'product_category_id', 'product_id', 'training_type', 'listed', 'areas', 'profiles',
  'user_groups', 'participating_audience', 'workload', 'minimum_participants', 'maximum_participants', 'expected_participants', 'minimum_score',
  'subscription_until', 'cancellation_until', 'timezone', 'instructors', 'invitees', 'owner_id', 'owner_email', 'receive_emails', 'has_tests', 'comments',
] as const;
export const toAppointmentInput = (r: Record<string, unknown>) =>
  Object.fromEntries(INPUT_FIELDS.filter((k) => r[k] !== undefined).map((k) => [k, r[k] === '' && k !== 'title' ? null : r[k]]));

/** spec 3 §3 "Face-to-face training (appointment)": every field; type and instructor required (§5). */
export function BasicDataForm({ readOnly }: { readOnly: boolean }) {
  return (
    // appointments are canceled through the workflow, never deleted: the toolbar only saves
    <EditorForm toolbar={readOnly ? false : <Toolbar><SaveButton /></Toolbar>}>
      {/* without presential_edit_basic_data the data shows, nothing changes (spec 1 §6.2) */}
      <Box component="fieldset" disabled={readOnly} sx={{ border: 0, p: 0, m: 0, minWidth: 0, width: '100%' }}>
        <TextInput source="title" label={`${F}.title`} helperText={`${F}.title_help`} fullWidth />
        <Stack direction={{ xs: 'column', md: 'row' }} gap={2} width="100%">
          <ReferenceInput source="course_id" reference={REFERENCE_NAMES.courses}>
            <SelectInput label={`${F}.course_id`} optionText={(c: CourseItem) => `${c.code} — ${c.name}`} />
          </ReferenceInput>
          <TextInput source="training_code" label={`${F}.training_code`} />
          <ReferenceInput source="appointment_type_id" reference={REFERENCE_NAMES.types}>
            <SelectInput label={`${F}.appointment_type_id`} optionText="label" />
          </ReferenceInput>
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} gap={2} width="100%">
          <ReferenceInput source="product_category_id" reference={REFERENCE_NAMES.categories}><SelectInput label={`${F}.product_category_id`} optionText="name" /></ReferenceInput>
          <ReferenceInput source="product_id" reference={REFERENCE_NAMES.products}><SelectInput label={`${F}.product_id`} optionText="name" /></ReferenceInput>
          <SelectInput source="training_type" label={`${F}.training_type`} choices={APPOINTMENT_TRAINING_TYPES.map((id) => ({ id, name: `${K}.training_types.${id}` }))} />
          <BooleanInput source="listed" label={`${F}.listed`} />
        </Stack>
        <ReferenceArrayInput source="instructors" reference="users">
          <AutocompleteArrayInput label={`${F}.instructors`} optionText="full_name" />
        </ReferenceArrayInput>
        <ReferenceArrayInput source="invitees" reference="users">
          <AutocompleteArrayInput label={`${F}.invitees`} optionText="full_name" />
        </ReferenceArrayInput>
        <Stack direction={{ xs: 'column', md: 'row' }} gap={2} width="100%">
          <NumberInput source="workload" label={`${F}.workload`} min={0} />
          <NumberInput source="minimum_participants" label={`${F}.minimum_participants`} min={0} />
          <NumberInput source="maximum_participants" label={`${F}.maximum_participants`} min={0} />
          <NumberInput source="expected_participants" label={`${F}.expected_participants`} min={0} />
          <NumberInput source="minimum_score" label={`${F}.minimum_score`} min={0} max={100} />
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} gap={2} width="100%">
          <DateTimeInput source="subscription_until" label={`${F}.subscription_until`} />
          <DateTimeInput source="cancellation_until" label={`${F}.cancellation_until`} />
          <TextInput source="timezone" label={`${F}.timezone`} />
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} gap={2} width="100%">
          <TextInput source="owner_email" label={`${F}.owner_email`} type="email" />
          <BooleanInput source="receive_emails" label={`${F}.receive_emails`} />
          <BooleanInput source="has_tests" label={`${F}.has_tests`} />
        </Stack>
        <TextInput source="participating_audience" label={`${F}.participating_audience`} fullWidth />
        <TextInput source="comments" label={`${F}.comments`} multiline fullWidth />
      </Box>
    </EditorForm>
  );
}
