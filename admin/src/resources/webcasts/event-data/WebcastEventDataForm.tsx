import { useEffect, type ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { useFormContext, useWatch, type FieldValues } from 'react-hook-form';
import {
  BooleanInput,
  NumberInput,
  RadioButtonGroupInput,
  SelectInput,
  TextInput,
  DateInput,
  useTranslate,
  type ValidateForm,
} from 'react-admin';
import { EditorTabbedForm } from '../../../common/editor/index.ts';
import { WEBCAST_LIMITS, normalizeEmbed, webcastUsesEmbed } from '@lp/shared/rules';
import type { WebcastScoreOption, WebcastTypeOption } from '@lp/shared/contract';
import { AudienceInputs } from '../../../common/audience/AudienceInputs.tsx';
import { AltTextsInput } from '../../../common/imageCrop/AltTextsInput.tsx';
import { ImageCropInput } from '../../../common/imageCrop/ImageCropInput.tsx';
import { PublicLink } from '../../../common/PublicLink.tsx';
import { RichTextInput } from '../../../common/richText/RichTextInput.tsx';
import { TagsInput } from '../../../common/tags/TagsInput.tsx';
import { TimezoneInput } from '../../../common/timezone/TimezoneInput.tsx';
import { editorImageUploader, uploadEditorImage } from '../../../common/upload/uploadEditorImage.ts';
import { WebcastStatusChip } from '../WebcastStatusChip.tsx';
import type { WebcastFormValues } from './webcastPayload.ts';

const K = 'resources.webcasts.fields';

// spec 2 §7.5: images in the description go to the webcasts' editor images
const uploadDescriptionImage = editorImageUploader('webcasts');
const uploadWebcastImage = (blob: Blob, name: string) => uploadEditorImage(blob, name, 'webcasts');

const row = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' } as const;

/** spec 2 §5.9: the embed for types 1, 3 and 5 ('https://' added when it lacks 'http'); hidden for 2. */
function EmbedInput({ disabled }: { disabled: boolean }) {
  const type = useWatch<WebcastFormValues, 'webcast_type'>({ name: 'webcast_type' });
  const { getValues, setValue } = useFormContext<WebcastFormValues>();
  if (!webcastUsesEmbed(type)) return null;
  return (
    <TextInput
      source="embed"
      isRequired
      label={`${K}.embed`}
      helperText={`${K}.embed_help`}
      fullWidth
      disabled={disabled}
      onBlur={() => {
        const current = getValues('embed');
        const normalized = normalizeEmbed(type, current);
        if (normalized !== current) setValue('embed', normalized, { shouldDirty: true });
      }}
    />
  );
}

/** use_chat, and chat_moderated disabled while the chat is off (spec 2 §5.9). */
function ChatInputs({ disabled }: { disabled: boolean }) {
  const useChat = useWatch<WebcastFormValues, 'use_chat'>({ name: 'use_chat' });
  const { setValue, getValues } = useFormContext<WebcastFormValues>();
  useEffect(() => {
    if (!useChat && getValues('chat_moderated')) setValue('chat_moderated', false, { shouldDirty: true });
  }, [useChat, getValues, setValue]);
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <BooleanInput source="use_chat" label={`${K}.use_chat`} disabled={disabled} />
      <BooleanInput source="chat_moderated" label={`${K}.chat_moderated`} disabled={disabled || !useChat} />
    </Box>
  );
}

/** spec 2 §5.9 / §6: a number, or a select of the static scores; only with webcast_use_score and webcast_set_score. */
function ScoreInput({ staticScores, disabled }: { staticScores: readonly WebcastScoreOption[] | null; disabled: boolean }) {
  if (staticScores) {
    return (
      <SelectInput
        source="score"
        label={`${K}.score`}
        choices={[{ id: 0, name: '0' }, ...staticScores.filter((s) => s.score !== 0).map((s) => ({ id: s.score, name: s.label }))]}
        translateChoice={false}
        disabled={disabled}
      />
    );
  }
  return <TextInput source="score" label={`${K}.score`} helperText={`${K}.score_help`} disabled={disabled} />;
}

export interface WebcastEventDataFormProps {
  values: WebcastFormValues;
  types: readonly WebcastTypeOption[];
  /** null when the score is not shown; [] … for the number input, the list for static scores */
  score: { staticScores: readonly WebcastScoreOption[] | null } | null;
  canManage: boolean;
  validate: ValidateForm;
  toolbar: ReactNode;
  onSubmit(values: WebcastFormValues): Promise<Record<string, unknown> | undefined>;
}

/**
 * spec 2 §2.5 event data tab: the §3.11 fields, the status toggle (1, 2 or 4) and, for a saved
 * webcast, its public link; then the permissions sub-tab. The type is chosen on creation only
 * (§4.12); a finished webcast (status 4) has its event data disabled.
 */
export function WebcastEventDataForm({ values, types, score, canManage, validate, toolbar, onSubmit }: WebcastEventDataFormProps) {
  const translate = useTranslate();
  const finished = values.status === 4;
  const locked = !canManage || finished;
  const typeLocked = locked || (!!values.id && values.webcast_type !== null);
  const statusChoices = [
    { id: 1, name: 'resources.webcasts.status.published' },
    { id: 2, name: 'resources.webcasts.status.unpublished' },
    { id: 4, name: 'resources.webcasts.status.finished' },
  ];
  return (
    <EditorTabbedForm
      record={{ ...values, id: values.id ?? 0 }}
      validate={validate}
      onSubmit={(submitted: FieldValues) => onSubmit(submitted as WebcastFormValues)}
      toolbar={<>{toolbar}</>}
      syncWithLocation={false}
      warnWhenUnsavedChanges
    >
      <EditorTabbedForm.Tab label="resources.webcasts.tabs.event_data_fields">
        {finished && <Typography color="text.secondary">{translate('resources.webcasts.messages.finished_locked')}</Typography>}
        <TextInput source="title" label={`${K}.title`} fullWidth disabled={locked} isRequired />
        <RichTextInput
          source="description"
          label={`${K}.description`}
          maxPlainLength={WEBCAST_LIMITS.descriptionMax}
          disabled={locked}
          onUploadImage={uploadDescriptionImage}
        />
        <Box sx={row}>
          <SelectInput
            source="webcast_type"
            label={`${K}.webcast_type`}
            choices={types.map((t) => ({ id: t.id, name: t.label }))}
            translateChoice={false}
            disabled={typeLocked}
            isRequired
            helperText={values.id ? `${K}.webcast_type_locked` : false}
            fullWidth
          />
          <EmbedInput disabled={locked} />
        </Box>
        <Box sx={row}>
          <TextInput
            source="transmission_local"
            type="datetime-local"
            label={`${K}.transmission_date`}
            isRequired
            disabled={locked}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TimezoneInput source="timezone" label={`${K}.timezone`} disabled={locked} isRequired />
        </Box>
        <Box sx={row}>
          <NumberInput source="workload" label={`${K}.workload`} min={0} step={0.5} disabled={locked} isRequired />
          {score && <ScoreInput staticScores={score.staticScores} disabled={locked} />}
        </Box>
        <TagsInput disabled={locked} />
        <ImageCropInput source="image" label={`${K}.image`} onUpload={uploadWebcastImage} disabled={locked} />
        <AltTextsInput source="webcast_image_alt_texts" />
        <ChatInputs disabled={locked} />
        <DateInput source="unpublish_date_shown" label={`${K}.unpublish_date`} helperText={`${K}.unpublish_date_help`} disabled={locked} />
        {values.public_url && <PublicLink url={values.public_url} label={`${K}.public_url`} />}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <RadioButtonGroupInput source="status" label={`${K}.status`} choices={statusChoices} row disabled={!canManage} />
          {values.id ? <WebcastStatusChip status={values.status} /> : null}
        </Box>
      </EditorTabbedForm.Tab>
      <EditorTabbedForm.Tab label="resources.webcasts.tabs.permissions">
        <AudienceInputs />
      </EditorTabbedForm.Tab>
    </EditorTabbedForm>
  );
}
