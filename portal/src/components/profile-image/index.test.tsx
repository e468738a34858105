import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_LOGIN_PARAMS, type ProfileBasicData } from '@lp/shared/contract';
import { demoUser, fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import { withTus, type TusCall } from '../../test/tus.ts';

const profile: ProfileBasicData = {
  full_name: 'Lia Learner', nick_name: null, email: 'learner@demo.local', user_document: null, id_user_language_selected: 2,
  gender: null, birthday: null, mobile_country_code: null, mobile_area_code: null, mobile: null,
  commercial_phone: null, residential_phone: null, whatsapp: null, image_url: null,
};
const SAVED = '/media/users/7/a/me.png';
const photo = (name: string, type: string) => new File([new Uint8Array(2048)], name, { type });
const pageRoutes: Parameters<typeof fakeApi>[0] = {
  'GET /users/session/': [200, demoUser],
  'GET /login_params/': [200, DEFAULT_LOGIN_PARAMS],
  'GET /badges/': [200, { earned: [], to_earn: [] }],
};

describe('profile picture (spec 1 §2.2 image from camera or gallery, with crop)', () => {
  const drawImage = vi.fn();
  const toBlob = vi.fn(function (this: HTMLCanvasElement, done: BlobCallback, type?: string) {
    done(new Blob(['cropped'], { type }));
  });

  beforeEach(() => {
    loggedIn();
    drawImage.mockClear();
    toBlob.mockClear();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage } as unknown as CanvasRenderingContext2D);
    HTMLCanvasElement.prototype.toBlob = toBlob as unknown as HTMLCanvasElement['toBlob'];
    URL.createObjectURL = vi.fn(() => 'blob:chosen');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('crops a gallery picture square, uploads it as own_user_image and shows it', async () => {
    const { calls } = fakeApi({
      ...pageRoutes,
      'GET /users/profile/': [200, profile],
      'PATCH /users/profile/': [200, { ...profile, image_url: SAVED }],
    });
    const tus: TusCall[] = [];
    withTus(tus);
    await renderWithApp(undefined, { path: '/profile', locale: 'en' });
    // the first render compiles the profile page's lazy chunks: slow on a loaded machine
    expect(await screen.findByText('You have no picture yet.', {}, { timeout: 10_000 })).toBeInTheDocument();
    const camera = document.querySelector<HTMLInputElement>('[data-testid="profile-image-camera"]')!;
    expect(camera).toHaveAttribute('capture', 'user');
    expect(camera).toHaveAttribute('accept', expect.stringContaining('image/gif'));

    await userEvent.upload(document.querySelector<HTMLInputElement>('[data-testid="profile-image-gallery"]')!, photo('me.gif', 'image/gif'));
    const dialog = await screen.findByRole('dialog', { name: 'Crop the picture' }, { timeout: 5000 });
    const save = within(dialog).getByRole('button', { name: 'Save picture' });
    expect(save).toBeDisabled(); // until the image has loaded
    fireEvent.load(await within(dialog).findByAltText('Picture crop area'));
    await waitFor(() => expect(save).toBeEnabled());
    fireEvent.input(within(dialog).getByRole('slider'), { target: { value: '2' } });
    await userEvent.click(save);

    // (the crop chunk, the canvas and two uploads: slower than one render on a loaded machine)
    expect(await screen.findByText('Profile picture saved.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByAltText('Your profile picture')).toHaveAttribute('src', SAVED);
    // a gif is drawn on the canvas and sent as png, at most 512 px a side
    expect(drawImage).toHaveBeenCalledOnce();
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/png', 0.9);
    expect(tus[0]!.metadata).toEqual({ filename: 'me.png', kind: 'own_user_image' });
    const patch = calls.find((c) => c.method === 'PATCH' && c.path === '/users/profile/')!;
    expect(JSON.parse(patch.body)).toEqual({ image: 'up123' });
  });

  it('refuses a file that is no jpg, png or gif before any crop, and cancelling the crop saves nothing', async () => {
    const { calls } = fakeApi({ ...pageRoutes, 'GET /users/profile/': [200, profile] });
    await renderWithApp(undefined, { path: '/profile', locale: 'en' });
    await screen.findByText('You have no picture yet.', {}, { timeout: 10_000 });
    const gallery = document.querySelector<HTMLInputElement>('[data-testid="profile-image-gallery"]')!;
    // a browser's chooser may still hand over another type ("all files"): the page checks it
    await userEvent.setup({ applyAccept: false }).upload(gallery, photo('me.webp', 'image/webp'));
    expect(await screen.findByText('Choose a JPG, PNG or GIF image.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.upload(document.querySelector<HTMLInputElement>('[data-testid="profile-image-camera"]')!, photo('camera.jpg', 'image/jpeg'));
    const dialog = await screen.findByRole('dialog', { name: 'Crop the picture' }, { timeout: 5000 });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
  });

  it('removes the stored picture', async () => {
    const { calls } = fakeApi({
      ...pageRoutes,
      'GET /users/profile/': [200, { ...profile, image_url: SAVED }],
      'PATCH /users/profile/': [200, profile],
    });
    await renderWithApp(undefined, { path: '/profile', locale: 'en' });
    expect(await screen.findByAltText('Your profile picture', {}, { timeout: 10_000 })).toHaveAttribute('src', SAVED);
    await userEvent.click(screen.getByRole('button', { name: 'Remove picture' }));
    expect(await screen.findByText('Profile picture removed.')).toBeInTheDocument();
    expect(screen.queryByAltText('Your profile picture')).not.toBeInTheDocument();
    expect(JSON.parse(calls.find((c) => c.method === 'PATCH')!.body)).toEqual({ image: null });
  });
});
