import type { ReactNode } from 'react';
import { Alert, Box, Typography } from '@mui/material';
import { useWatch, type FieldValues } from 'react-hook-form';
import { DateInput, NumberInput, RadioButtonGroupInput, SelectInput, TextInput, useTranslate, type ValidateForm } from 'react-admin';
import { EditorForm } from '../../../common/editor/index.ts';
import { LIVE_CLASS_LIMITS, LIVE_CLASS_STATUS, MEETING_ROOM_CAPACITY, platformUsesUrl } from '@lp/shared/rules';
import { LIVE_CLASS_TYPES, type LiveClassPlatformOption, type LiveClassScoreOption } from '@lp/shared/contract';
import { AudienceInputs } from '../../../common/audience/AudienceInputs.tsx';
import { OwnersInput, type Owner } from '../../../common/ownersInput/OwnersInput.tsx';
import { RichTextInput } from '../../../common/richText/RichTextInput.tsx';
import { TagsInput } from '../../../common/tags/TagsInput.tsx';
import { TimezoneInput } from '../../../common/timezone/TimezoneInput.tsx';
import { editorImageUploader } from '../../../common/upload/uploadEditorImage.ts';
import { LiveClassStatusChip } from '../LiveClassStatusChip.tsx';
import type { LiveClassFormValues } from './liveClassPayload.ts';

const K = 'resources.live_classes.fields';
const H = 'resources.live_classes.help';

// docs/api.md "Live classes": images of the description go to media/html_images/live_classes/
const uploadDescriptionImage = editorImageUploader('live_classes');

/** the select's empty choice is '' — the class's blank score is null (the live class score, spec 3 §3) */
const blankAsNull = (value: unknown) => (value === '' || value === undefined ? null : value);

const row = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' } as const;

/** The meeting link, only for a platform that uses one (the embedded room has none). */
function TransmissionUrlInput({ disabled }: { disabled: boolean }) {
  const stream = useWatch<LiveClassFormValues, 'stream_type'>({ name: 'stream_type' });
  if (!platformUsesUrl(stream)) return null;
  return <TextInput source="transmission_url" label={`${K}.transmission_url`} helperText={`${H}.transmission_url`} fullWidth disabled={disabled} isRequired />;
}

/** Closed class: the guest list (spec 3 §5 "cannot be empty", not above the limit); open class: the audience who may subscribe. */
function ParticipantsInputs({ disabled, invitees }: { disabled: boolean; invitees: readonly Owner[] }) {
  const translate = useTranslate();
  const type = useWatch<LiveClassFormValues, 'live_class_type'>({ name: 'live_class_type' });
  return (
    <>
      {type === 'closed' && (
        <OwnersInput source="invitees" label={`${K}.invitees`} initialOwners={invitees} disabled={disabled}
          helperText={translate(`${H}.invitees`, { max: MEETING_ROOM_CAPACITY })} />
      )}
      <Typography variant="subtitle2" sx={{ mt: 2 }}>{translate(`${K}.audience`)}</Typography>
      <Typography variant="body2" color="text.secondary">{translate(type === 'closed' ? `${H}.audience_closed` : `${H}.audience_open`)}</Typography>
      <AudienceInputs />
    </>
  );
}

export interface LiveClassFormProps {
  values: LiveClassFormValues;
  platforms: readonly LiveClassPlatformOption[];
  scores: readonly LiveClassScoreOption[];
  canManage: boolean;
  /** live_class_set_score: the score is editable only with it */
  canSetScore: boolean;
  /** the invitees as the invitees list names them (the class holds their ids) */
  invitees: readonly Owner[];
  /** the instructors named (the class's instructors_list) */
  instructors: readonly Owner[];
  validate: ValidateForm;
  toolbar: ReactNode;
  onSubmit(values: LiveClassFormValues): Promise<Record<string, unknown> | undefined>;
}

/**
 * spec 3 §3 "Live class" basic data: type, date and timezone, platform and link, seats, guest
 * list, instructors, score (blank = the live class score), workload, unpublish day, status, tags
 * and audience. The shared rules (spec 3 §5, §9) validate it before the server does; once the
 * class started its schedule and room are locked (spec 3 §5).
 */
export function LiveClassForm({ values, platforms, scores, canManage, canSetScore, invitees, instructors, validate, toolbar, onSubmit }: LiveClassFormProps) {
  const translate = useTranslate();
  const locked = !canManage;
  const scheduleLocked = locked || values.started;
  const finished = values.status === LIVE_CLASS_STATUS.finished;
  const statusChoices = [
    { id: LIVE_CLASS_STATUS.published, name: 'resources.live_classes.status.published' },
    { id: LIVE_CLASS_STATUS.unpublished, name: 'resources.live_classes.status.unpublished' },
    // Finished is set with its own button; a finished class shows it (and may be reopened)
    ...(finished ? [{ id: LIVE_CLASS_STATUS.finished, name: 'resources.live_classes.status.finished' }] : []),
  ];
  return (
    <EditorForm
      record={{ ...values, id: values.id ?? 0 }}
      validate={validate}
      onSubmit={(submitted: FieldValues) => onSubmit(submitted as LiveClassFormValues)}
      toolbar={<>{toolbar}</>}
      warnWhenUnsavedChanges
      sx={{ maxWidth: 960 }}
    >
      {values.started && <Alert severity="info" sx={{ mb: 2, width: '100%' }}>{translate(`${H}.started_locked`)}</Alert>}
      <TextInput source="title" label={`${K}.title`} fullWidth disabled={locked} isRequired />
      <RichTextInput source="description" label={`${K}.description`} maxPlainLength={LIVE_CLASS_LIMITS.descriptionMax}
        disabled={locked} onUploadImage={uploadDescriptionImage} />
      <RadioButtonGroupInput source="live_class_type" label={`${K}.live_class_type`} row disabled={scheduleLocked} isRequired
        choices={LIVE_CLASS_TYPES.map((t) => ({ id: t, name: `resources.live_classes.types.${t}` }))}
        helperText={`${H}.live_class_type`} />
      <Box sx={row}>
        <TextInput source="date_local" type="datetime-local" label={`${K}.live_class_date`} disabled={scheduleLocked} isRequired
          slotProps={{ inputLabel: { shrink: true } }} />
        <TimezoneInput source="timezone" label={`${K}.timezone`} disabled={scheduleLocked} isRequired />
      </Box>
      <Box sx={row}>
        <SelectInput source="stream_type" label={`${K}.stream_type`} disabled={scheduleLocked} translateChoice={false} isRequired
          choices={platforms.map((p) => ({ id: p.id, name: translate(`live_classes.platforms.${p.slug}`, { _: p.label }) }))} />
        <TransmissionUrlInput disabled={scheduleLocked} />
      </Box>
      <Box sx={row}>
        {/* no max attribute: the browser would refuse the submit before the shared rule names the room limit */}
        <NumberInput source="maximum_participants" label={`${K}.maximum_participants`} min={0} disabled={locked}
          helperText={translate(`${H}.maximum_participants`, { max: MEETING_ROOM_CAPACITY })} />
        <NumberInput source="workload" label={`${K}.workload`} min={0} step={0.5} disabled={locked} />
      </Box>
      <OwnersInput source="instructors" label={`${K}.instructors`} initialOwners={instructors} disabled={locked} helperText={translate(`${H}.instructors`)} />
      <Box sx={row}>
        <SelectInput source="score" label={`${K}.score`} disabled={locked || !canSetScore} translateChoice={false}
          choices={scores.map((s) => ({ id: s.score, name: s.label }))} emptyText={`${K}.score_blank`} parse={blankAsNull}
          helperText={canSetScore ? `${H}.score` : `${H}.score_locked`} />
        <DateInput source="date_to_unpublish" label={`${K}.date_to_unpublish`} disabled={locked} />
      </Box>
      <TagsInput disabled={locked} />
      <ParticipantsInputs disabled={locked} invitees={invitees} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <RadioButtonGroupInput source="status" label={`${K}.status`} choices={statusChoices} row disabled={locked} fullWidth={false} />
        {values.id ? <LiveClassStatusChip status={values.status} /> : null}
      </Box>
    </EditorForm>
  );
}
