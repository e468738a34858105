import { lazy, Suspense } from 'preact/compat';
import { useRef, useState } from 'preact/hooks';
import { useSWRConfig } from 'swr';
import { OWN_USER_IMAGE_UPLOAD_KIND, type ProfileBasicData } from '@lp/shared/contract';
import { isAcceptedImage, outputName } from '@lp/shared/client';
import { errorCode, send } from '../../lib/api.ts';
import { errorText, useI18n } from '../../lib/i18n.ts';
import { uploadInvoice } from '../../lib/invoice-upload.ts';
import { PROFILE_KEY } from '../../hooks/use-profile.ts';
import { Message } from '../message/index.tsx';

// the crop library (react-easy-crop) loads only once a picture was taken or chosen
const CropDialog = lazy(() => import('./crop-dialog.tsx'));

/** spec 1 §5.4 profile images: .jpg, .png, .gif (the server checks the content again). */
const EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'];
const ACCEPT = 'image/jpeg,image/png,image/gif,.jpg,.jpeg,.png,.gif';

/**
 * spec 1 §2.2 profile image: from the camera (a phone opens it for `capture`; elsewhere the
 * file chooser) or the gallery, cropped square in the browser, sent through the validated upload
 * path (a tus upload of own_user_image) and saved on the profile; or removed.
 */
export function ProfileImage({ profile }: { profile: ProfileBasicData }) {
  const { t } = useI18n();
  const { mutate } = useSWRConfig();
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  function chosen(event: Event) {
    const input = event.currentTarget as HTMLInputElement;
    const picked = input.files?.[0] ?? null;
    input.value = '';
    if (!picked) return;
    if (!isAcceptedImage(picked, EXTENSIONS)) {
      setNotice({ kind: 'error', text: t('portal.profileImage.wrong_type') });
      return;
    }
    setNotice(null);
    setFile(picked);
  }

  async function save(image: string | null, done: string) {
    const updated = await send<ProfileBasicData>(PROFILE_KEY, 'PATCH', { image });
    await mutate(PROFILE_KEY, updated, { revalidate: false });
    setNotice({ kind: 'success', text: t(done) });
  }

  async function cropped(blob: Blob, type: string) {
    if (!file) return;
    try {
      const upload = await uploadInvoice(new File([blob], outputName(file, type), { type }), OWN_USER_IMAGE_UPLOAD_KIND);
      await save(upload, 'portal.profileImage.saved');
      setFile(null);
    } catch (failure) {
      setFile(null);
      setNotice({ kind: 'error', text: errorText(t, errorCode(failure)) });
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await save(null, 'portal.profileImage.removed');
    } catch (failure) {
      setNotice({ kind: 'error', text: errorText(t, errorCode(failure)) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div class="profile-image">
      {profile.image_url
        ? <img class="avatar" src={profile.image_url} alt={t('portal.profileImage.alt')} width={96} height={96} />
        : <span class="avatar avatar-empty" aria-hidden="true">{initials(profile.nick_name || profile.full_name)}</span>}
      <div class="profile-image-edit">
        <h3>{t('portal.profileImage.title')}</h3>
        {!profile.image_url && <p class="help-text">{t('portal.profileImage.none')}</p>}
        {notice && <Message kind={notice.kind}>{notice.text}</Message>}
        <div class="actions">
          <button type="button" class="button-secondary" onClick={() => camera.current?.click()}>{t('portal.profileImage.take_photo')}</button>
          <button type="button" class="button-secondary" onClick={() => gallery.current?.click()}>{t('portal.profileImage.choose')}</button>
          {profile.image_url && (
            <button type="button" class="button-secondary" onClick={() => void remove()} disabled={busy}>{t('portal.profileImage.remove')}</button>
          )}
        </div>
        <p class="help-text">{t('portal.profileImage.hint')}</p>
        {/* the front camera on a phone; a desktop browser offers its file chooser */}
        <input ref={camera} type="file" accept={ACCEPT} capture="user" hidden onChange={chosen} data-testid="profile-image-camera" />
        <input ref={gallery} type="file" accept={ACCEPT} hidden onChange={chosen} data-testid="profile-image-gallery" />
      </div>
      {file && (
        <Suspense fallback={null}>
          <CropDialog file={file} onCropped={cropped} onCancel={() => setFile(null)} />
        </Suspense>
      )}
    </div>
  );
}

/** Up to two initials of a name, for the place of a missing picture. */
function initials(name: string): string {
  return name.trim().split(/\s+/).filter(Boolean).slice(0, 2).map((part) => part[0]!.toUpperCase()).join('');
}
