import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useWatch } from 'react-hook-form';
import { AdminContext, Form, SaveButton, testDataProvider } from 'react-admin';
import { ImageCropInput, originalImageUrl, type ImageCropInputProps } from './ImageCropInput.tsx';
import { IMAGE_ASPECT, centeredArea } from '@lp/shared/client';
import { i18n } from '../../test/fixtures.ts';

const SOURCE = 'group_training_images';

function Value() {
  const value = useWatch({ name: SOURCE }) as unknown;
  return <output aria-label="image value">{JSON.stringify(value ?? null)}</output>;
}
const value = () => JSON.parse(screen.getByRole('status', { name: 'image value' }).textContent ?? 'null') as unknown;

function renderInput(props: Partial<ImageCropInputProps> = {}, record: Record<string, unknown> = {}) {
  const onUpload = vi.fn(async (_blob: Blob, name: string) => `https://files.local/${name}`);
  render(
    <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()}>
      <Form record={{ id: 1, ...record }}>
        <ImageCropInput source={SOURCE} onUpload={onUpload} {...props} />
        <Value />
      </Form>
    </AdminContext>,
  );
  return { onUpload };
}

const fileInput = () => screen.findByLabelText('Imagem', { selector: 'input' });
const image = (name: string, type: string, size = 2048) => new File([new Uint8Array(size)], name, { type });

describe('ImageCropInput (spec 2 §2.3 image with cropping, §9 aspect 52/29)', () => {
  const drawImage = vi.fn();
  const toBlob = vi.fn(function (this: HTMLCanvasElement, done: BlobCallback, type?: string) {
    done(new Blob(['cropped'], { type }));
  });

  beforeEach(() => {
    drawImage.mockClear();
    toBlob.mockClear();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage } as unknown as CanvasRenderingContext2D);
    HTMLCanvasElement.prototype.toBlob = toBlob as unknown as HTMLCanvasElement['toBlob'];
    URL.createObjectURL = vi.fn(() => 'blob:chosen');
    URL.revokeObjectURL = vi.fn();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('crops the chosen image in a dialog and stores the uploaded URL', async () => {
    const { onUpload } = renderInput();
    await userEvent.upload(await fileInput(), image('foto.png', 'image/png'));
    const dialog = await screen.findByRole('dialog', { name: 'Recortar imagem' });
    expect(within(dialog).getByRole('slider')).toHaveAttribute('aria-valuemin', '1');
    const crop = within(dialog).getByRole('button', { name: 'Recortar e enviar' });
    expect(crop).toBeDisabled(); // until the image has loaded
    fireEvent.load(within(dialog).getByAltText('Imagem a recortar'));
    await waitFor(() => expect(crop).toBeEnabled());
    await userEvent.click(crop);

    await waitFor(() => expect(onUpload).toHaveBeenCalledTimes(1));
    const [blob, name] = onUpload.mock.calls[0]!;
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.type).toBe('image/png');
    expect(name).toBe('foto.png');
    expect(drawImage).toHaveBeenCalled();
    expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/png', 0.92);

    await waitFor(() => expect(value()).toBe('https://files.local/foto.png'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByAltText('Imagem atual')).toHaveAttribute('src', 'https://files.local/foto.png');
  });

  it('rejects a .gif unless allowed', async () => {
    renderInput();
    const input = await fileInput();
    expect(input).toHaveAttribute('accept', '.jpg, .jpeg, .png');
    await userEvent.setup({ applyAccept: false }).upload(input, image('anim.gif', 'image/gif'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Formato de imagem não permitido. Use .jpg, .jpeg, .png.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('accepts a .gif when the extensions allow it, uploading a png', async () => {
    const { onUpload } = renderInput({ extensions: ['jpg', 'png', 'gif'] });
    await userEvent.upload(await fileInput(), image('anim.gif', 'image/gif'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.load(within(dialog).getByAltText('Imagem a recortar'));
    const crop = within(dialog).getByRole('button', { name: 'Recortar e enviar' });
    await waitFor(() => expect(crop).toBeEnabled());
    await userEvent.click(crop);
    await waitFor(() => expect(onUpload).toHaveBeenCalledWith(expect.any(Blob), 'anim.png'));
  });

  it('rejects a file over the size limit', async () => {
    renderInput({ maxSizeBytes: 1024 });
    await userEvent.upload(await fileInput(), image('big.jpg', 'image/jpeg', 4096));
    expect(await screen.findByRole('alert')).toHaveTextContent('A imagem deve ter no máximo 1 KB.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the current image and removes it', async () => {
    renderInput({}, { [SOURCE]: 'https://files.local/old.jpg' });
    expect(await screen.findByAltText('Imagem atual')).toHaveAttribute('src', 'https://files.local/old.jpg');
    await userEvent.click(screen.getByRole('button', { name: 'Remover imagem' }));
    expect(value()).toBeNull();
    expect(screen.queryByAltText('Imagem atual')).not.toBeInTheDocument();
    expect(screen.getByText('Escolher imagem')).toBeInTheDocument();
  });

  it('keeps the form value when the upload fails, with a message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onUpload = vi.fn(async () => Promise.reject(new Error('413')));
    renderInput({ onUpload });
    await userEvent.upload(await fileInput(), image('foto.jpg', 'image/jpeg'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.load(within(dialog).getByAltText('Imagem a recortar'));
    const crop = within(dialog).getByRole('button', { name: 'Recortar e enviar' });
    await waitFor(() => expect(crop).toBeEnabled());
    await userEvent.click(crop);
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível enviar a imagem. Tente novamente.');
    expect(value()).toBeNull();
  });

  it('centres the default crop at 52/29 and reads the original image of a record', () => {
    expect(centeredArea(1040, 1040, IMAGE_ASPECT)).toEqual({ x: 0, y: 230, width: 1040, height: 580 });
    expect(originalImageUrl([{ original: false, image: 'a' }, { original: true, image: 'b' }])).toBe('b');
    expect(originalImageUrl(null)).toBeNull();
  });

  it('is a form input: a required image blocks the save', async () => {
    const { required } = await import('react-admin');
    const onSubmit = vi.fn();
    render(
      <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()}>
        <Form record={{ id: 1 }} onSubmit={onSubmit}>
          <ImageCropInput source={SOURCE} onUpload={vi.fn()} validate={required()} />
          <SaveButton alwaysEnable />
        </Form>
      </AdminContext>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Obrigatório')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
