import { Suspense, lazy, useState, type ChangeEvent } from 'react';
import { Box, Button, FormHelperText, FormLabel, Stack } from '@mui/material';
import ImageIcon from '@mui/icons-material/Image';
import DeleteIcon from '@mui/icons-material/Delete';
import { InputHelperText, useInput, useTranslate, type InputProps } from 'react-admin';
import {
  CROP_IMAGE_EXTENSIONS,
  IMAGE_ASPECT,
  formatBytes,
  isAcceptedImage,
  outputName,
} from '@lp/shared/client';

// react-easy-crop is needed only once an image is chosen
const ImageCropDialog = lazy(() => import('./ImageCropDialog.tsx'));

/** spec 2 §9: general uploads are at most 150 MB */
export const DEFAULT_MAX_IMAGE_BYTES = 150 * 1024 * 1024;

/** spec 2 §3.1 group_training_images as read: the entry with original=true is the one shown. */
export function originalImageUrl(images: readonly { original?: boolean; image?: string | null }[] | string | null | undefined): string | null {
  if (!images) return null;
  if (typeof images === 'string') return images;
  return (images.find((entry) => entry.original) ?? images[0])?.image ?? null;
}

export interface ImageCropInputProps extends Omit<InputProps, 'source'> {
  /** form field holding the image URL */
  source: string;
  /** uploads the cropped image (the module's file flow) and answers its URL */
  onUpload(blob: Blob, fileName: string): Promise<string>;
  /** width / height of the crop; 52/29 by default (spec 2 §9) */
  aspect?: number;
  maxSizeBytes?: number;
  /** accepted extensions, without the dot; jpg, jpeg and png by default */
  extensions?: readonly string[];
}

/**
 * An image chosen from disk, cropped at a fixed aspect in a dialog, uploaded with `onUpload`;
 * the form keeps its URL. Shows the current image with a remove button.
 */
export function ImageCropInput({
  source,
  onUpload,
  aspect = IMAGE_ASPECT,
  maxSizeBytes = DEFAULT_MAX_IMAGE_BYTES,
  extensions = CROP_IMAGE_EXTENSIONS,
  label = 'common.image_crop.label',
  helperText,
  disabled,
  readOnly,
  ...rest
}: ImageCropInputProps) {
  const translate = useTranslate();
  const { id, field, fieldState, isRequired } = useInput({ source, defaultValue: null, disabled, readOnly, ...rest });
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const url = typeof field.value === 'string' && field.value ? field.value : null;
  const types = extensions.map((ext) => `.${ext}`).join(', ');
  const locked = disabled || readOnly;

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = ''; // the same file can be chosen again
    if (!chosen) return;
    if (!isAcceptedImage(chosen, extensions)) {
      setProblem(translate('common.image_crop.invalid_type', { types }));
      return;
    }
    if (chosen.size > maxSizeBytes) {
      setProblem(translate('common.image_crop.too_large', { size: formatBytes(maxSizeBytes) }));
      return;
    }
    setProblem(null);
    setFile(chosen);
  };

  const upload = async (blob: Blob, type: string) => {
    if (!file) return;
    try {
      const uploaded = await onUpload(blob, outputName(file, type));
      field.onChange(uploaded);
      setFile(null);
    } catch (error) {
      console.error('image upload failed', error);
      setProblem(translate('common.image_crop.upload_failed'));
      setFile(null);
    }
  };

  const error = fieldState.error?.message;
  const labelText = typeof label === 'string' ? translate(label, { _: label }) : label;

  return (
    <Box className={`ra-input ra-input-${source}`} sx={{ my: 1 }}>
      <FormLabel id={`${id}-label`} required={isRequired} error={!!problem || !!error}>
        {labelText}
      </FormLabel>
      {url && (
        <Box
          component="img"
          src={url}
          alt={translate('common.image_crop.preview')}
          sx={{ display: 'block', mt: 1, width: 320, maxWidth: '100%', aspectRatio: String(aspect), objectFit: 'cover', borderRadius: 1 }}
        />
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
        <Button component="label" variant="outlined" startIcon={<ImageIcon />} disabled={locked}>
          {translate(url ? 'common.image_crop.change' : 'common.image_crop.choose')}
          <input
            id={id}
            hidden
            type="file"
            accept={types}
            onChange={choose}
            aria-labelledby={`${id}-label`}
          />
        </Button>
        {url && (
          <Button color="error" startIcon={<DeleteIcon />} onClick={() => field.onChange(null)} disabled={locked}>
            {translate('common.image_crop.remove')}
          </Button>
        )}
      </Stack>
      {problem ? (
        <FormHelperText error role="alert">
          {problem}
        </FormHelperText>
      ) : error || helperText ? (
        <FormHelperText error={!!error}>
          <InputHelperText error={error} helperText={helperText} />
        </FormHelperText>
      ) : null}
      {file && (
        <Suspense fallback={null}>
          <ImageCropDialog file={file} aspect={aspect} onCropped={upload} onCancel={() => setFile(null)} />
        </Suspense>
      )}
    </Box>
  );
}
