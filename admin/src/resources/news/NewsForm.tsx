import { Box, Button } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useWatch, type FieldValues } from 'react-hook-form';
import { DateTimeInput, SaveButton, TextInput, Toolbar, useRedirect, useTranslate, type ValidateForm } from 'react-admin';
import { EditorTabbedForm } from '../../common/editor/index.ts';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { NEWS_IMAGE_ASPECT, NEWS_LIMITS } from '@lp/shared/rules';
import { AudienceInputs } from '../../common/audience/AudienceInputs.tsx';
import { AltTextsInput } from '../../common/imageCrop/AltTextsInput.tsx';
import { ImageCropInput } from '../../common/imageCrop/ImageCropInput.tsx';
import { PublicLink } from '../../common/PublicLink.tsx';
import { RichTextInput } from '../../common/richText/RichTextInput.tsx';
import { TagsInput } from '../../common/tags/TagsInput.tsx';
import { TimezoneInput } from '../../common/timezone/TimezoneInput.tsx';
import { editorImageUploader, uploadEditorImage } from '../../common/upload/uploadEditorImage.ts';
import { NewsStatusToggle } from './NewsStatusToggle.tsx';
import type { NewsFormValues } from './newsPayload.ts';

const F = 'resources.news.fields';
const uploadContentImage = editorImageUploader('news');
const uploadNewsImage = (blob: Blob, name: string) => uploadEditorImage(blob, name, 'news_images');
const row = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' }, columnGap: 2, width: '100%' } as const;

/** spec 3 §2: Back and Save, both back to admin_news; on mobile Save comes first. */
function NewsToolbar() {
  const translate = useTranslate();
  const redirect = useRedirect();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <Button startIcon={<ArrowBackIcon />} onClick={() => redirect('list', ADMIN_RESOURCES.news.name)} sx={{ order: { xs: 2, sm: 1 } }}>
        {translate('resources.news.actions.back')}
      </Button>
      <SaveButton alwaysEnable sx={{ order: { xs: 1, sm: 2 } }} />
    </Toolbar>
  );
}

/** spec 3 §5, §9: the title counts to 256. */
function TitleInput() {
  const translate = useTranslate();
  const title = useWatch({ name: 'title' }) as unknown;
  const count = typeof title === 'string' ? Array.from(title).length : 0;
  return (
    <TextInput
      source="title"
      label={`${F}.title`}
      isRequired
      fullWidth
      helperText={translate('common.alt_texts.counter', { count, max: NEWS_LIMITS.titleMax })}
    />
  );
}

export interface NewsFormProps {
  values: NewsFormValues;
  validate: ValidateForm;
  onSubmit: (values: NewsFormValues) => Promise<Record<string, unknown> | undefined>;
}

/**
 * spec 3 §2 news editor: the fields of §3 (rich content with the full toolbar and inline images,
 * timezone with filtering, publish/unpublish pickers, tags with area sublabels, the image with
 * its alt texts, the status toggle, the public link of a saved item), then the permissions
 * sub-tab (areas with "select all areas", profiles with "all", groups).
 */
export function NewsForm({ values, validate, onSubmit }: NewsFormProps) {
  return (
    <EditorTabbedForm
      record={{ ...values, id: values.id ?? 0 }}
      validate={validate}
      onSubmit={(submitted: FieldValues) => onSubmit(submitted as NewsFormValues)}
      toolbar={<NewsToolbar />}
      syncWithLocation={false}
      warnWhenUnsavedChanges
    >
      <EditorTabbedForm.Tab label="resources.news.tabs.fields">
        <NewsStatusToggle />
        <TitleInput />
        <RichTextInput source="content" label={`${F}.content`} required fullToolbar onUploadImage={uploadContentImage} />
        <Box sx={row}>
          <TimezoneInput source="timezone" label={`${F}.timezone`} helperText="resources.news.help.timezone" />
          <DateTimeInput source="publish_date_local" label={`${F}.publish_date`} />
          <DateTimeInput source="unpublish_date_local" label={`${F}.unpublish_date`} />
        </Box>
        <TagsInput label={`${F}.tags`} />
        <ImageCropInput source="image_url" label={`${F}.image_url`} aspect={NEWS_IMAGE_ASPECT} onUpload={uploadNewsImage} />
        <AltTextsInput source="news_image_alt_texts" max={NEWS_LIMITS.altTextMax} />
        {values.portal_url && <PublicLink url={values.portal_url} label={`${F}.portal_url`} />}
      </EditorTabbedForm.Tab>
      <EditorTabbedForm.Tab label="resources.news.tabs.permissions">
        <AudienceInputs />
      </EditorTabbedForm.Tab>
    </EditorTabbedForm>
  );
}
