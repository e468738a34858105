import { useState } from 'react';
import { Alert, Box, Button, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import {
  DateInput,
  DeleteButton,
  SaveButton,
  SelectInput,
  TextInput,
  Toolbar,
  useNotify,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { EditorTabbedForm } from '../../common/editor/index.ts';
import { ADMIN_RESOURCES, PODCAST_UPLOAD_KINDS, type Podcast } from '@lp/shared/contract';
import {
  PODCAST_AUDIO_EXTENSIONS, PODCAST_IMAGE_EXTENSIONS, PODCAST_LIMITS, PODCAST_STATUS, UPLOAD_LIMITS, checkMaterialFile, fileExtension,
  formatDuration, formatFileSize,
} from '@lp/shared/rules';
import { AudienceInputs } from '../../common/audience/AudienceInputs.tsx';
import { ImageCropInput } from '../../common/imageCrop/ImageCropInput.tsx';
import { TagsInput } from '../../common/tags/TagsInput.tsx';
import { TusResourceInput } from '../../common/upload/TusResourceInput.tsx';
import { validatePodcastForm, type PodcastFormValues } from './podcastPayload.ts';
import { uploadPodcastImage } from './uploadPodcastImage.ts';

const F = 'resources.podcasts.fields';
const M = 'resources.podcasts.messages';

export const PODCAST_STATUS_CHOICES = [
  { id: PODCAST_STATUS.published, name: 'common.content_status.published' },
  { id: PODCAST_STATUS.unpublished, name: 'common.content_status.unpublished' },
];

const AUDIO_ACCEPT = PODCAST_AUDIO_EXTENSIONS.map((e) => `.${e}`).join(',');

/** spec 3 §5 "audio: mp3, wav" and the 150 MB of every general upload, before anything is sent. */
const checkAudio = (file: File) => {
  if (!(PODCAST_AUDIO_EXTENSIONS as readonly string[]).includes(fileExtension(file.name))) return 'errors.invalid_file_type';
  const code = checkMaterialFile(file.size);
  return code ? `errors.${code}` : null;
};

function PodcastToolbar({ edit, canManage, busy }: { edit: boolean; canManage: boolean; busy: boolean }) {
  const translate = useTranslate();
  const redirect = useRedirect();
  const notify = useNotify();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <Button startIcon={<ArrowBackIcon />} onClick={() => redirect('list', ADMIN_RESOURCES.podcasts.name)}>
        {translate('resources.podcasts.actions.back')}
      </Button>
      <SaveButton alwaysEnable={canManage && !busy} disabled={!canManage || busy} />
      <Box sx={{ flex: 1 }} />
      {edit && canManage && (
        <DeleteButton
          mutationMode="pessimistic"
          mutationOptions={{
            onSuccess: () => {
              notify(`${M}.podcast_remove_success`, { type: 'success' });
              redirect('list', ADMIN_RESOURCES.podcasts.name);
            },
            onError: () => notify(`${M}.podcast_remove_error`, { type: 'error' }),
          }}
        />
      )}
    </Toolbar>
  );
}

/** The duration the server read from the stored audio. */
function DurationNote() {
  const translate = useTranslate();
  const record = useRecordContext<Podcast>();
  if (!record?.id) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      {translate(`${F}.duration`)}: {formatDuration(record.duration)}
    </Typography>
  );
}

/**
 * Issue 7 item 4 podcast (spec 3 §3 "Podcast"): title, description, square image (cropped, jpg /
 * jpeg / png), the audio (mp3 or wav with tus; the server reads its duration), tags, status and
 * the optional day to unpublish; then the audience sub-tab. Read-only without podcasts_manage.
 */
export function PodcastForm({ edit, canManage }: { edit: boolean; canManage: boolean }) {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const locked = !canManage;
  return (
    <EditorTabbedForm
      validate={(values) => validatePodcastForm(values as PodcastFormValues)}
      toolbar={<PodcastToolbar edit={edit} canManage={canManage} busy={busy} />}
      syncWithLocation={false}
      warnWhenUnsavedChanges
    >
      <EditorTabbedForm.Tab label="resources.podcasts.tabs.data">
        <TextInput source="title" label={`${F}.title`} fullWidth disabled={locked} inputProps={{ maxLength: PODCAST_LIMITS.titleMax }} isRequired />
        <TextInput source="description" label={`${F}.description`} fullWidth multiline minRows={3} disabled={locked}
          inputProps={{ maxLength: PODCAST_LIMITS.descriptionMax }} />
        <ImageCropInput source="image_url" label={`${F}.image`} onUpload={uploadPodcastImage} aspect={1}
          extensions={PODCAST_IMAGE_EXTENSIONS} disabled={locked} />
        <TusResourceInput
          source="resource"
          kind={PODCAST_UPLOAD_KINDS.audio}
          label={`${F}.audio`}
          accept={AUDIO_ACCEPT}
          hint={translate('resources.podcasts.audio_hint', { size: formatFileSize(UPLOAD_LIMITS.generalMaxBytes) })}
          check={checkAudio}
          disabled={locked}
          onBusyChange={setBusy}
        />
        <DurationNote />
        {busy && <Alert severity="info" sx={{ mb: 2 }}>{translate('resources.podcasts.uploading')}</Alert>}
        <TagsInput label={`${F}.tags`} disabled={locked} />
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
          <SelectInput source="status" label={`${F}.status`} choices={PODCAST_STATUS_CHOICES} disabled={locked} />
          <DateInput source="date_to_unpublish" label={`${F}.date_to_unpublish`} helperText="resources.podcasts.help.date_to_unpublish" disabled={locked} />
        </Box>
      </EditorTabbedForm.Tab>
      <EditorTabbedForm.Tab label="resources.podcasts.tabs.audience">
        <AudienceInputs />
      </EditorTabbedForm.Tab>
    </EditorTabbedForm>
  );
}
