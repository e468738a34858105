import { Box, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { DateInput, NumberInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { EditorForm } from '../../common/editor/index.ts';
import { BANNER_IMAGE_ASPECTS, BANNER_LIMITS, BANNER_TYPES, isBannerType } from '@lp/shared/rules';
import { AudienceInputs } from '../../common/audience/AudienceInputs.tsx';
import { EditToolbar } from '../../common/EditToolbar.tsx';
import { ImageCropInput } from '../../common/imageCrop/ImageCropInput.tsx';
import { uploadEditorImage } from '../../common/upload/uploadEditorImage.ts';
import { bannerStatusChoices } from '../../common/BannerStatus.tsx';
import { validateBannerForm } from './bannerPayload.ts';

const F = 'resources.banners.fields';
const uploadBannerImage = (blob: Blob, name: string) => uploadEditorImage(blob, name, 'banner_images');

export const bannerTypeChoices = BANNER_TYPES.map((type) => ({ id: type, name: `resources.banners.types.${type}` }));

const row = { display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 2, width: '100%' } as const;
const validate = (values: Record<string, unknown>) => validateBannerForm(values);

/** The images, cropped at the chosen place's shape (spec 3 §3: desktop and mobile images). */
function BannerImages() {
  const type = useWatch({ name: 'banner_type' }) as unknown;
  const aspects = BANNER_IMAGE_ASPECTS[isBannerType(type) ? type : 'top'];
  return (
    <Box sx={row}>
      <ImageCropInput source="desktop_image" label={`${F}.desktop_image`} aspect={aspects.desktop} onUpload={uploadBannerImage} isRequired />
      <ImageCropInput source="mobile_image" label={`${F}.mobile_image`} helperText="resources.banners.help.mobile_image" aspect={aspects.mobile} onUpload={uploadBannerImage} />
    </Box>
  );
}

/**
 * spec 3 §3 Banner (type, images, button label, URL, colours, order, dates, audience, status)
 * with the §5 URL rule checked as the server does.
 */
export function BannerForm({ edit = false }: { edit?: boolean }) {
  const translate = useTranslate();
  return (
    <EditorForm validate={validate} toolbar={edit ? <EditToolbar /> : undefined} warnWhenUnsavedChanges>
      <Box sx={row}>
        <SelectInput source="banner_type" label={`${F}.banner_type`} choices={bannerTypeChoices} helperText="resources.banners.help.banner_type" isRequired />
        <SelectInput source="status" label={`${F}.status`} choices={bannerStatusChoices} />
      </Box>
      <TextInput source="title" label={`${F}.title`} fullWidth inputProps={{ maxLength: BANNER_LIMITS.titleMax }} isRequired />
      <BannerImages />
      <Box sx={row}>
        <TextInput source="button_label" label={`${F}.button_label`} inputProps={{ maxLength: BANNER_LIMITS.buttonLabelMax }} />
        <TextInput source="url" label={`${F}.url`} helperText={translate('resources.banners.help.url', { host: window.location.host })} />
      </Box>
      <Box sx={{ ...row, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' } }}>
        <TextInput source="background_color" label={`${F}.background_color`} type="color" />
        <TextInput source="text_color" label={`${F}.text_color`} type="color" />
        <NumberInput source="order" label={`${F}.order`} min={BANNER_LIMITS.orderMin} max={BANNER_LIMITS.orderMax} step={1} helperText="resources.banners.help.order" />
      </Box>
      <Box sx={row}>
        <DateInput source="start_date" label={`${F}.start_date`} isRequired />
        <DateInput source="end_date" label={`${F}.end_date`} helperText="resources.banners.help.end_date" />
      </Box>
      <Typography variant="subtitle1" sx={{ mt: 2 }}>{translate('resources.banners.sections.audience')}</Typography>
      <AudienceInputs />
    </EditorForm>
  );
}
