import { Alert, Box, Typography } from '@mui/material';
import { DateInput, NumberInput, SelectInput, TextInput, useRecordContext, useTranslate } from 'react-admin';
import type { GeneralTest } from '@lp/shared/contract';
import { GENERAL_TEST_LIMITS, GENERAL_TEST_TYPES } from '@lp/shared/rules';
import { AudienceInputs } from '../../common/audience/AudienceInputs.tsx';
import { EditToolbar } from '../../common/EditToolbar.tsx';
import { EditorForm } from '../../common/editor/index.ts';
import { generalTestStatusChoices } from './GeneralTestList.tsx';
import { validateGeneralTestForm } from './generalTestPayload.ts';

const F = 'resources.general-tests.fields';
const row = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' } as const;
const typeChoices = GENERAL_TEST_TYPES.map((type) => ({ id: type, name: `resources.general-tests.types.${type}` }));

/** With results nothing can be changed (spec 3 §4, §8): the message, and no save button. */
function LockedNotice() {
  const record = useRecordContext<GeneralTest>();
  const translate = useTranslate();
  return record?.has_results ? <Alert severity="info" sx={{ mb: 2, width: '100%' }}>{translate('errors.general_test_has_results')}</Alert> : null;
}

/** spec 3 §3 General test: type, minimum score, bank counts, attempts, points when passed, time, dates and the audience. */
export function GeneralTestForm({ edit = false, locked = false }: { edit?: boolean; locked?: boolean }) {
  const translate = useTranslate();
  return (
    <EditorForm validate={validateGeneralTestForm} toolbar={locked ? false : edit ? <EditToolbar /> : undefined}>
      <LockedNotice />
      <TextInput source="title" label={`${F}.title`} isRequired fullWidth inputProps={{ maxLength: GENERAL_TEST_LIMITS.titleMax }} />
      <TextInput source="description" label={`${F}.description`} fullWidth multiline minRows={2} />
      <Box sx={row}>
        <SelectInput source="test_type" label={`${F}.test_type`} isRequired choices={typeChoices} helperText="resources.general-tests.help.test_type" />
        <SelectInput source="status" label={`${F}.status`} choices={generalTestStatusChoices} />
      </Box>
      <Box sx={row}>
        <NumberInput source="minimum_score" label={`${F}.minimum_score`} isRequired min={1} step={1} helperText="resources.general-tests.help.minimum_score" />
        <NumberInput source="time_to_finish" label={`${F}.time_to_finish`} isRequired min={1} step={1} helperText="resources.general-tests.help.time_to_finish" />
      </Box>
      <Box sx={row}>
        <NumberInput source="quantity_questions" label={`${F}.quantity_questions`} min={1} step={1} helperText="resources.general-tests.help.quantity_questions" />
        <NumberInput source="quantity_realizations" label={`${F}.quantity_realizations`} min={1} step={1} helperText="resources.general-tests.help.quantity_realizations" />
      </Box>
      <Box sx={row}>
        <NumberInput source="score" label={`${F}.score`} min={0} step={1} helperText="resources.general-tests.help.score" />
      </Box>
      <Box sx={row}>
        <DateInput source="publish_date" label={`${F}.publish_date`} isRequired />
        <DateInput source="unpublish_date" label={`${F}.unpublish_date`} helperText="resources.general-tests.help.unpublish_date" />
      </Box>
      <Typography variant="subtitle1" sx={{ mt: 2 }}>{translate(`${F}.audience`)}</Typography>
      <AudienceInputs />
    </EditorForm>
  );
}
