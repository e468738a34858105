import { Box, Typography } from '@mui/material';
import { BooleanInput, DateInput, NumberInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { SURVEY_LIMITS, SURVEY_TYPES } from '@lp/shared/rules';
import { AudienceInputs } from '../../common/audience/AudienceInputs.tsx';
import { EditToolbar } from '../../common/EditToolbar.tsx';
import { EditorForm } from '../../common/editor/index.ts';
import { surveyStatusChoices } from './SurveyList.tsx';
import { validateSurveyForm } from './surveyPayload.ts';

const F = 'resources.surveys.fields';
const row = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' } as const;
const typeChoices = SURVEY_TYPES.map((type) => ({ id: type, name: `resources.surveys.types.${type}` }));

/** spec 3 §3 Survey: type, dates, show_feedback, score, status and the audience (permissions). */
export function SurveyForm({ edit = false }: { edit?: boolean }) {
  const translate = useTranslate();
  return (
    <EditorForm validate={validateSurveyForm} toolbar={edit ? <EditToolbar /> : undefined}>
      <TextInput source="title" label={`${F}.title`} isRequired fullWidth inputProps={{ maxLength: SURVEY_LIMITS.titleMax }} />
      <TextInput source="description" label={`${F}.description`} fullWidth multiline minRows={2} />
      <Box sx={row}>
        <SelectInput source="survey_type" label={`${F}.survey_type`} isRequired choices={typeChoices} helperText="resources.surveys.help.survey_type" />
        <SelectInput source="status" label={`${F}.status`} choices={surveyStatusChoices} />
      </Box>
      <Box sx={row}>
        <DateInput source="start_date" label={`${F}.start_date`} isRequired />
        <DateInput source="end_date" label={`${F}.end_date`} helperText="resources.surveys.help.end_date" />
      </Box>
      <Box sx={row}>
        <NumberInput source="score" label={`${F}.score`} min={0} step={1} />
        <BooleanInput source="show_feedback" label={`${F}.show_feedback`} />
      </Box>
      <Typography variant="subtitle1" sx={{ mt: 2 }}>{translate(`${F}.audience`)}</Typography>
      <AudienceInputs />
    </EditorForm>
  );
}
