import { Box, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { BooleanInput, DateInput, SelectInput, TextInput, useRecordContext, useTranslate } from 'react-admin';
import { EditorForm } from '../../common/editor/index.ts';
import { BANNER_IMAGE_ASPECTS, BANNER_LIMITS, WELCOME_BANNER_TYPES } from '@lp/shared/rules';
import type { WelcomeBanner } from '@lp/shared/contract';
import { AudienceInputs } from '../../common/audience/AudienceInputs.tsx';
import { EditToolbar } from '../../common/EditToolbar.tsx';
import { ImageCropInput } from '../../common/imageCrop/ImageCropInput.tsx';
import { RichTextInput } from '../../common/richText/RichTextInput.tsx';
import { uploadEditorImage } from '../../common/upload/uploadEditorImage.ts';
import { bannerStatusChoices } from '../../common/BannerStatus.tsx';
import { WelcomeBannerConflict } from './WelcomeBannerConflict.tsx';
import { validateWelcomeBannerForm } from './welcomeBannerPayload.ts';

const F = 'resources.banners-welcome.fields';
const uploadImage = (blob: Blob, name: string) => uploadEditorImage(blob, name, 'welcome_banner_images');
const { welcome: aspects } = BANNER_IMAGE_ASPECTS;

export const welcomeTypeChoices = WELCOME_BANNER_TYPES.map((type) => ({ id: type, name: `resources.banners-welcome.types.${type}` }));
const row = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' } as const;

/** The text under the image, for the image-and-text type. */
function WelcomeText() {
  const type = useWatch({ name: 'welcome_banner_type' }) as unknown;
  if (type !== 'image_and_text') return null;
  return <RichTextInput source="text" label={`${F}.text`} maxPlainLength={BANNER_LIMITS.textMax} />;
}

/**
 * spec 3 §3 Welcome banner: type, title, images, dates, audience, just_confirm, user_logout and
 * status, with the §5 rules (start not before today; the conflict check shown as it happens).
 */
export function WelcomeBannerForm({ edit = false }: { edit?: boolean }) {
  const translate = useTranslate();
  const record = useRecordContext<WelcomeBanner>();
  const stored = edit ? record?.start_date ?? null : null;
  const validate = (values: Record<string, unknown>) => validateWelcomeBannerForm(values, stored);
  return (
    <EditorForm validate={validate} toolbar={edit ? <EditToolbar /> : undefined} warnWhenUnsavedChanges>
      <Box sx={row}>
        <SelectInput source="welcome_banner_type" label={`${F}.welcome_banner_type`} choices={welcomeTypeChoices} isRequired />
        <SelectInput source="status" label={`${F}.status`} choices={bannerStatusChoices} />
      </Box>
      <TextInput source="title" label={`${F}.title`} helperText="resources.banners-welcome.help.title" fullWidth inputProps={{ maxLength: BANNER_LIMITS.titleMax }} isRequired />
      <WelcomeText />
      <Box sx={row}>
        <ImageCropInput source="desktop_image" label={`${F}.desktop_image`} aspect={aspects.desktop} onUpload={uploadImage} isRequired />
        <ImageCropInput source="mobile_image" label={`${F}.mobile_image`} helperText="resources.banners.help.mobile_image" aspect={aspects.mobile} onUpload={uploadImage} />
      </Box>
      <Box sx={row}>
        <DateInput source="start_date" label={`${F}.start_date`} helperText="resources.banners-welcome.help.start_date" isRequired />
        <DateInput source="end_date" label={`${F}.end_date`} helperText="resources.banners.help.end_date" />
      </Box>
      <BooleanInput source="just_confirm" label={`${F}.just_confirm`} helperText="resources.banners-welcome.help.just_confirm" />
      <BooleanInput source="user_logout" label={`${F}.user_logout`} helperText="resources.banners-welcome.help.user_logout" />
      <Typography variant="subtitle1" sx={{ mt: 2 }}>{translate('resources.banners.sections.audience')}</Typography>
      <AudienceInputs />
      <WelcomeBannerConflict />
    </EditorForm>
  );
}
