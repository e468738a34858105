import { Box, Button } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { FieldValues } from 'react-hook-form';
import {
  DateInput,
  NumberInput,
  ReferenceArrayInput,
  SaveButton,
  TextInput,
  Toolbar,
  useRedirect,
  useTranslate,
  type ValidateForm,
} from 'react-admin';
import { EditorTabbedForm } from '../../../common/editor/index.ts';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { TRAIL_LIMITS } from '@lp/shared/rules';
import { AudienceInputs } from '../../../common/audience/AudienceInputs.tsx';
import { CertificateExpirationInput } from '../../../common/certificateExpiration/CertificateExpirationInput.tsx';
import { MultiSelect } from '../../../common/multiSelect/MultiSelect.tsx';
import { RichTextInput } from '../../../common/richText/RichTextInput.tsx';
import { ImageCropInput } from '../../../common/imageCrop/ImageCropInput.tsx';
import { uploadEditorImage } from '../../../common/upload/uploadEditorImage.ts';

const uploadTrailImage = (blob: Blob, name: string) => uploadEditorImage(blob, name, 'trail_images');
import { TagsInput } from '../../../common/tags/TagsInput.tsx';
import type { TrailFormValues } from '../trailPayload.ts';

const F = 'resources.trails.fields';

function BasicDataToolbar({ canManage }: { canManage: boolean }) {
  const translate = useTranslate();
  const redirect = useRedirect();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <Button startIcon={<ArrowBackIcon />} onClick={() => redirect('list', ADMIN_RESOURCES.trails.name)}>
        {translate('resources.trails.actions.back')}
      </Button>
      <SaveButton disabled={!canManage} alwaysEnable={canManage} />
    </Toolbar>
  );
}

const row = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' } as const;

export interface TrailBasicDataFormProps {
  values: TrailFormValues;
  canManage: boolean;
  canSetScore: boolean;
  useSubscription: boolean;
  validate: ValidateForm;
  onSubmit: (values: TrailFormValues) => Promise<Record<string, unknown> | undefined>;
}

/** spec 2 §2.4 / §3.8 trail basic data, then the audience sub-tab (the training's inputs); Back and Save. */
export function TrailBasicDataForm({ values, canManage, canSetScore, useSubscription, validate, onSubmit }: TrailBasicDataFormProps) {
  const locked = !canManage;
  return (
    <EditorTabbedForm
      record={{ ...values, id: values.id ?? 0 }}
      validate={validate}
      onSubmit={(submitted: FieldValues) => onSubmit(submitted as TrailFormValues)}
      toolbar={<BasicDataToolbar canManage={canManage} />}
      syncWithLocation={false}
      warnWhenUnsavedChanges
    >
      <EditorTabbedForm.Tab label="resources.trails.tabs.basic_data_fields">
        <TextInput source="title" label={`${F}.title`} fullWidth disabled={locked} isRequired />
        <RichTextInput source="description" label={`${F}.description`} maxPlainLength={TRAIL_LIMITS.descriptionMax} disabled={locked} />
        <ImageCropInput source="image_url" label={`${F}.image_url`} onUpload={uploadTrailImage} disabled={locked} />
        <Box sx={row}>
          {/* without trails_set_score the score is shown, not edited (spec 2 §6) */}
          <NumberInput source="score" label={`${F}.score`} min={TRAIL_LIMITS.scoreMin} max={TRAIL_LIMITS.scoreMax} step={1} disabled={locked || !canSetScore} isRequired={canSetScore} />
          <NumberInput source="order" label={`${F}.order`} helperText="resources.trails.help.order" min={0} step={1} disabled={locked} />
        </Box>
        <ReferenceArrayInput source="trail_categories" reference={ADMIN_RESOURCES.trail_categories.name} perPage={500} sort={{ field: 'name', order: 'ASC' }}>
          <MultiSelect label={`${F}.trail_categories`} optionText="name" disabled={locked} fullWidth />
        </ReferenceArrayInput>
        <TagsInput disabled={locked} />
        <Box sx={row}>
          <DateInput source="availability_date" label={`${F}.availability_date`} disabled={locked} />
          <DateInput source="date_to_unpublish" label={`${F}.date_to_unpublish`} helperText="resources.trails.help.date_to_unpublish" disabled={locked} />
        </Box>
        <CertificateExpirationInput disabled={locked} />
      </EditorTabbedForm.Tab>
      <EditorTabbedForm.Tab label="resources.trails.tabs.audience">
        <AudienceInputs useSubscription={useSubscription} />
      </EditorTabbedForm.Tab>
    </EditorTabbedForm>
  );
}
