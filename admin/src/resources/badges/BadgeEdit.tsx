import { Box, Card, CardContent, Typography } from '@mui/material';
import {
  Create,
  Edit,
  NumberInput,
  RadioButtonGroupInput,
  SelectInput,
  TextInput,
  Toolbar,
  SaveButton,
  DeleteButton,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { EditorForm } from '../../common/editor/index.ts';
import { useWatch } from 'react-hook-form';
import { BADGE_LIMITS } from '@lp/shared/rules';
import type { Badge } from '@lp/shared/contract';
import { ImageCropInput } from '../../common/imageCrop/ImageCropInput.tsx';
import { BadgeAwards } from './BadgeAwards.tsx';
import { METRIC_CHOICES, STATUS_CHOICES, validateBadgeForm } from './badgeForm.ts';
import { uploadBadgeImage } from './uploadBadgeImage.ts';

const R = 'resources.badges';
/** square badges */
const BADGE_ASPECT = 1;

/** The threshold matters only with a rule (checked by the shared rule, not the browser's min/max, so the message is ours). */
function ThresholdInput({ locked }: { locked: boolean }) {
  const metric = useWatch({ name: 'rule_metric' }) as string | null | undefined;
  if (!metric) return null;
  return (
    <NumberInput source="rule_threshold" label={`${R}.fields.rule_threshold`} helperText={`${R}.help.rule_threshold`}
      step={1} disabled={locked} />
  );
}

function BadgeToolbar() {
  const record = useRecordContext<Badge>();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {record?.badge_type === 'custom' && <DeleteButton mutationMode="pessimistic" />}
    </Toolbar>
  );
}

/**
 * spec 3 §2 badges/{id}: title, description, image, status, and the rule — a default badge keeps
 * the rule of the shared default set (shown, not editable); a custom one takes a rule or none
 * (then it is awarded by hand below).
 */
function BadgeForm() {
  const translate = useTranslate();
  const record = useRecordContext<Badge>();
  const isDefault = record?.badge_type === 'default';
  return (
    <EditorForm
      toolbar={<BadgeToolbar />}
      validate={validateBadgeForm}
      defaultValues={{ status: 1, rule_metric: '', description: '' }}
      sx={{ maxWidth: 720 }}
    >
      {isDefault && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>{translate(`${R}.help.default_badge`)}</Typography>
      )}
      <TextInput source="title" label={`${R}.fields.title`} fullWidth isRequired inputProps={{ maxLength: BADGE_LIMITS.titleMax }} />
      <TextInput source="description" label={`${R}.fields.description`} fullWidth multiline minRows={2} inputProps={{ maxLength: BADGE_LIMITS.descriptionMax }} />
      <ImageCropInput source="image_url" label={`${R}.fields.image_url`} aspect={BADGE_ASPECT} extensions={['png', 'jpg', 'jpeg', 'gif']}
        maxSizeBytes={5 * 1024 * 1024} onUpload={uploadBadgeImage} helperText={`${R}.help.image_url`} />
      <RadioButtonGroupInput source="status" label={`${R}.fields.status`} choices={STATUS_CHOICES} />
      <SelectInput source="rule_metric" label={`${R}.fields.rule`} choices={METRIC_CHOICES} disabled={isDefault}
        helperText={`${R}.help.rule`} emptyText={`${R}.rules.manual`} parse={(v: string) => v || null} format={(v: string | null) => v ?? ''} />
      <ThresholdInput locked={isDefault} />
    </EditorForm>
  );
}

/** The record's holders, below the form (only once the badge exists). */
function AwardsCard() {
  const record = useRecordContext<Badge>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>{translate(`${R}.awards.title`)}</Typography>
        <BadgeAwards badge={record} />
      </CardContent>
    </Card>
  );
}

export function BadgeEdit() {
  return (
    <Box>
      <Edit mutationMode="pessimistic" redirect={false} aside={undefined}>
        <BadgeForm />
        <AwardsCard />
      </Edit>
    </Box>
  );
}

export function BadgeCreate() {
  return (
    <Create redirect="edit">
      <BadgeForm />
    </Create>
  );
}

export default BadgeEdit;
