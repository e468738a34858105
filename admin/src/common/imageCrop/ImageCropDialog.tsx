import { useEffect, useRef, useState, type RefObject } from 'react';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, Slider, Typography } from '@mui/material';
import Cropper, { type Area, type MediaSize } from 'react-easy-crop';
import { useTranslate } from 'react-admin';
import { centeredArea, cropToBlob, outputType, type PixelArea } from '@lp/shared/client';

export interface ImageCropDialogProps {
  file: File;
  aspect: number;
  /** receives the cropped image; the dialog stays busy until it settles */
  onCropped(blob: Blob, type: string): Promise<void>;
  onCancel(): void;
}

/** Crop at a fixed aspect with zoom (react-easy-crop), then encode on a canvas. Loaded lazily. */
export default function ImageCropDialog({ file, aspect, onCropped, onCancel }: ImageCropDialogProps) {
  const translate = useTranslate();
  const [src, setSrc] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<PixelArea | null>(null);
  const [media, setMedia] = useState<MediaSize | null>(null);
  const [busy, setBusy] = useState(false);
  const imageRef = useRef<RefObject<HTMLImageElement | null> | null>(null);

  useEffect(() => {
    const url = URL.createObjectURL(file);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const confirm = async () => {
    const image = imageRef.current?.current;
    if (!image || !media) return;
    setBusy(true);
    try {
      const type = outputType(file);
      const pixels = area ?? centeredArea(media.naturalWidth, media.naturalHeight, aspect);
      await onCropped(await cropToBlob(image, pixels, type), type);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      fullWidth
      maxWidth="md"
      aria-labelledby="image-crop-title"
      onClose={(_event, reason) => {
        // only the buttons close it: a backdrop click must not lose the crop
        if (reason !== 'backdropClick' && !busy) onCancel();
      }}
    >
      <DialogTitle id="image-crop-title">{translate('common.image_crop.crop_title')}</DialogTitle>
      <DialogContent>
        <Box sx={{ position: 'relative', width: '100%', height: 360, bgcolor: 'grey.900' }}>
          {src && (
            <Cropper
              image={src}
              crop={crop}
              zoom={zoom}
              aspect={aspect}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_area: Area, pixels: Area) => setArea(pixels)}
              onMediaLoaded={setMedia}
              setImageRef={(ref: RefObject<HTMLImageElement | null>) => {
                imageRef.current = ref;
              }}
              mediaProps={{ alt: translate('common.image_crop.crop_area') }}
            />
          )}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 2 }}>
          <Typography id="image-crop-zoom" variant="body2">
            {translate('common.image_crop.zoom')}
          </Typography>
          <Slider
            aria-labelledby="image-crop-zoom"
            value={zoom}
            min={1}
            max={3}
            step={0.01}
            onChange={(_event, value) => setZoom(value as number)}
          />
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void confirm()}
          disabled={busy || !media}
          startIcon={busy ? <CircularProgress size={16} /> : undefined}
        >
          {translate('common.image_crop.crop_and_upload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
