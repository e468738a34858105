import { Box, Button } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useWatch, type FieldValues } from 'react-hook-form';
import {
  BooleanInput,
  DateInput,
  NumberInput,
  SaveButton,
  SelectInput,
  TextInput,
  Toolbar,
  useRedirect,
  useTranslate,
  type ValidateForm,
} from 'react-admin';
import { EditorTabbedForm } from '../../../common/editor/index.ts';
import { TRAINING_LIMITS, effectiveTrainingType, trainingScoreIsUsed, type TrainingClientFlags } from '@lp/shared/rules';
import { AudienceInputs } from '../../../common/audience/AudienceInputs.tsx';
import { CertificateExpirationInput } from '../../../common/certificateExpiration/CertificateExpirationInput.tsx';
import { AltTextsInput } from '../../../common/imageCrop/AltTextsInput.tsx';
import { ImageCropInput } from '../../../common/imageCrop/ImageCropInput.tsx';
import { editorImageUploader, uploadEditorImage } from '../../../common/upload/uploadEditorImage.ts';
import { OwnersInput } from '../../../common/ownersInput/OwnersInput.tsx';
import { RichTextInput } from '../../../common/richText/RichTextInput.tsx';
import type { TrainingFormValues } from '../trainingPayload.ts';
import { PublicLink } from '../../../common/PublicLink.tsx';
import { TagsInput } from '../../../common/tags/TagsInput.tsx';
import type { TrainingTypeOption } from './trainingValidation.ts';

/** Back (to admin_trainings) and Save (spec 2 §2.3). */
function BasicDataToolbar({ canManage }: { canManage: boolean }) {
  const translate = useTranslate();
  const redirect = useRedirect();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <Button startIcon={<ArrowBackIcon />} onClick={() => redirect('list', 'trainings')}>{translate('resources.trainings.actions.back')}</Button>
      <SaveButton disabled={!canManage} alwaysEnable={canManage} />
    </Toolbar>
  );
}

/** spec 2 §5.1: the score is in use with the client's score flag and a type that has use_score. */
function ScoreInput({ flags, types, canSetScore, disabled }: { flags: TrainingClientFlags; types: readonly TrainingTypeOption[]; canSetScore: boolean; disabled: boolean }) {
  const chosen = useWatch<TrainingFormValues, 'group_training_type'>({ name: 'group_training_type' });
  const type = types.find((t) => t.id === effectiveTrainingType(chosen, flags));
  if (!trainingScoreIsUsed({ flags, typeUsesScore: type?.use_score ?? false })) return null;
  // without trainings_set_score the score is shown, not edited (spec 2 §6); with it, required (the shared rule)
  return <NumberInput source="score" label="resources.trainings.fields.score" min={TRAINING_LIMITS.scoreMin} max={TRAINING_LIMITS.scoreMax} step={1} disabled={disabled || !canSetScore} isRequired={canSetScore} />;
}

function PortfolioInputs({ disabled }: { disabled: boolean }) {
  const on = useWatch<TrainingFormValues, 'on_portfolio'>({ name: 'on_portfolio' });
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
      <BooleanInput source="on_portfolio" label="resources.trainings.fields.on_portfolio" disabled={disabled} />
      {on && <NumberInput source="portfolio_order" label="resources.trainings.fields.portfolio_order" min={0} step={1} disabled={disabled} />}
    </Box>
  );
}

const uploadIntroductionImage = editorImageUploader('trainings');
const uploadTrainingImage = (blob: Blob, name: string) => uploadEditorImage(blob, name, 'training_images');

const row = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' } as const;

export interface TrainingBasicDataFormProps {
  values: TrainingFormValues;
  flags: TrainingClientFlags;
  types: readonly TrainingTypeOption[];
  canManage: boolean;
  canSetScore: boolean;
  validate: ValidateForm;
  onSubmit: (values: TrainingFormValues) => Promise<Record<string, unknown> | undefined>;
}

/** spec 2 §2.3 basic-data tab: the fields, then the permissions sub-tab; Back and Save. */
export function TrainingBasicDataForm({ values, flags, types, canManage, canSetScore, validate, onSubmit }: TrainingBasicDataFormProps) {
  const translate = useTranslate();
  const locked = !canManage;
  const typeChoices = types.map((t) => ({ id: t.id, name: translate(`trainings.types.${t.slug}`, { _: t.slug }) }));
  return (
    <EditorTabbedForm
      record={{ ...values, id: values.id ?? 0 }}
      validate={validate}
      onSubmit={(submitted: FieldValues) => onSubmit(submitted as TrainingFormValues)}
      toolbar={<BasicDataToolbar canManage={canManage} />}
      syncWithLocation={false}
      warnWhenUnsavedChanges
    >
      <EditorTabbedForm.Tab label="resources.trainings.tabs.basic_data_fields">
        <TextInput source="title" label="resources.trainings.fields.title" fullWidth disabled={locked} isRequired />
        <RichTextInput
          source="description"
          label="resources.trainings.fields.description"
          maxPlainLength={TRAINING_LIMITS.introductionMax}
          required
          disabled={locked}
          onUploadImage={uploadIntroductionImage}
        />
        <Box sx={row}>
          {flags.group_training_use_basic && (
            <SelectInput source="group_training_type" label="resources.trainings.fields.group_training_type" choices={typeChoices} disabled={locked} fullWidth isRequired />
          )}
          <ScoreInput flags={flags} types={types} canSetScore={canSetScore} disabled={locked} />
        </Box>
        <Box sx={row}>
          {flags.group_training_use_workload && (
            <NumberInput source="workload" label="resources.trainings.fields.workload" min={0} step={1} disabled={locked} isRequired />
          )}
          {flags.use_group_training_code && (
            <TextInput source="code" label="resources.trainings.fields.code" helperText="resources.trainings.help.code" disabled={locked} />
          )}
        </Box>
        <TagsInput disabled={locked} isRequired />
        {flags.login_use_portfolio_page && <PortfolioInputs disabled={locked} />}
        {/* spec 2 §2.3: image upload with cropping at 52/29 (the input's default aspect) */}
        <ImageCropInput source="image" label="resources.trainings.fields.image" onUpload={uploadTrainingImage} disabled={locked} />
        <AltTextsInput />
        <Box sx={row}>
          <DateInput source="unpublish_date_shown" label="resources.trainings.fields.unpublish_date" helperText="resources.trainings.help.unpublish_date" disabled={locked} />
          {flags.use_group_trainings_certificate_expiration && <CertificateExpirationInput disabled={locked} />}
        </Box>
        <OwnersInput source="owners" initialOwners={values.owners_list} disabled={locked} />
        {values.portal_url && <PublicLink url={values.portal_url} label="resources.trainings.fields.portal_url" />}
      </EditorTabbedForm.Tab>
      <EditorTabbedForm.Tab label="resources.trainings.tabs.permissions">
        <AudienceInputs useSubscription={flags.use_training_subscription} />
      </EditorTabbedForm.Tab>
    </EditorTabbedForm>
  );
}
