import { useEffect, useRef, useState } from 'preact/hooks';
import type { RefObject } from 'preact';
import Cropper, { type Area, type MediaSize } from 'react-easy-crop';
import { centeredArea, cropToBlob, outputType, type PixelArea } from '@lp/shared/client';
import { useI18n } from '../../lib/i18n.ts';
import { Modal } from '../modal/index.tsx';

/** The largest side of a stored profile picture: an avatar never shows bigger, and a phone photo shrinks from megabytes to kilobytes. */
const MAX_SIDE = 512;

export interface CropDialogProps {
  file: File;
  /** receives the square picture; the dialog stays busy until it settles */
  onCropped(blob: Blob, type: string): Promise<void>;
  onCancel(): void;
}

/**
 * spec 1 §2.2 profile image "with crop": a square crop with zoom (react-easy-crop, through
 * preact/compat), encoded on a canvas. Loaded only when a picture was taken or chosen.
 */
export default function CropDialog({ file, onCropped, onCancel }: CropDialogProps) {
  const { t } = useI18n();
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

  async function save() {
    const image = imageRef.current?.current;
    if (!image || !media) return;
    setBusy(true);
    try {
      const type = outputType(file);
      const pixels = area ?? centeredArea(media.naturalWidth, media.naturalHeight, 1);
      await onCropped(await cropToBlob(image, pixels, type, 0.9, MAX_SIDE), type);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={t('portal.profileImage.crop_title')} onClose={() => { if (!busy) onCancel(); }} closeOnBackdrop={false}>
      <p class="help-text">{t('portal.profileImage.crop_help')}</p>
      <div class="crop-area">
        {src && (
          <Cropper
            image={src}
            crop={crop}
            zoom={zoom}
            aspect={1}
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_area: Area, pixels: Area) => setArea(pixels)}
            onMediaLoaded={setMedia}
            setImageRef={(ref: RefObject<HTMLImageElement | null>) => { imageRef.current = ref; }}
            mediaProps={{ alt: t('portal.profileImage.crop_area') }}
          />
        )}
      </div>
      <label class="crop-zoom">
        <span>{t('portal.profileImage.zoom')}</span>
        <input type="range" min={1} max={3} step={0.01} value={zoom} onInput={(event) => setZoom(Number(event.currentTarget.value))} />
      </label>
      <div class="actions">
        <button type="button" onClick={() => void save()} disabled={busy || !media}>
          {busy ? t('portal.profileImage.saving') : t('portal.profileImage.save')}
        </button>
        <button type="button" class="button-secondary" onClick={onCancel} disabled={busy}>{t('portal.profileImage.cancel')}</button>
      </div>
    </Modal>
  );
}
