import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useWatch } from 'react-hook-form';
import { AdminContext, Form, Notification, SaveButton, testDataProvider } from 'react-admin';
import { RichTextInput, type RichTextInputProps } from './RichTextInput.tsx';
import { isEditorImage } from './richTextRules.ts';
import { i18n } from '../../test/fixtures.ts';

function Value() {
  const value = useWatch({ name: 'description' }) as unknown;
  return <output aria-label="html value">{String(value ?? '')}</output>;
}
const value = () => screen.getByRole('status', { name: 'html value' }).textContent;

function renderEditor(description: string, props: Partial<RichTextInputProps> = {}) {
  const onSubmit = vi.fn();
  render(
    <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()}>
      <Form record={{ id: 1, description }} onSubmit={onSubmit}>
        <RichTextInput source="description" label="Introdução" maxPlainLength={20} required {...props} />
        <Value />
        <SaveButton alwaysEnable />
      </Form>
      <Notification />
    </AdminContext>,
  );
  return { onSubmit };
}

/** the lazy editor has loaded and its toolbar is live (disabled until the editor instance exists) */
async function toolbar() {
  const bar = await screen.findByRole('toolbar', { name: 'Barra de formatação' }, { timeout: 10000 });
  await waitFor(() => expect(within(bar).getByRole('button', { name: 'Negrito' })).toBeEnabled());
  return bar;
}

async function applyHtml(html: string) {
  await userEvent.click(within(await toolbar()).getByRole('button', { name: 'Código HTML' }));
  const dialog = await screen.findByRole('dialog', { name: 'Código-fonte HTML' });
  const source = within(dialog).getByRole('textbox', { name: 'HTML' });
  fireEvent.change(source, { target: { value: html } });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('RichTextInput (spec 2 §2.3 introduction, §5.1 limit)', () => {
  beforeAll(() => {
    // ProseMirror measures the selection to scroll it into view; jsdom has no layout
    Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
    Range.prototype.getBoundingClientRect = () => new DOMRect();
  });

  it('has the formatting toolbar', async () => {
    renderEditor('<p>Olá</p>');
    const bar = await toolbar();
    for (const name of [
      'Negrito', 'Itálico', 'Sublinhado', 'Lista com marcadores', 'Lista numerada', 'Link',
      'Alinhar à esquerda', 'Centralizar', 'Alinhar à direita', 'Justificar', 'Desfazer', 'Refazer', 'Código HTML',
    ]) {
      expect(within(bar).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(bar).getByRole('combobox', { name: 'Estilo do parágrafo' })).toHaveTextContent('Parágrafo');
    // no uploader, no image button
    expect(within(bar).queryByRole('button', { name: 'Inserir imagem' })).not.toBeInTheDocument();
  });

  it('offers the news editor\'s full toolbar: strike, quote, code, sizes 1 to 7, remove format (spec 3 §2)', async () => {
    renderEditor('<p>Olá</p>', { fullToolbar: true, maxPlainLength: undefined });
    const bar = await toolbar();
    for (const name of ['Tachado', 'Citação', 'Remover formatação']) expect(within(bar).getByRole('button', { name })).toBeInTheDocument();
    await userEvent.click(within(bar).getByRole('button', { name: 'Tachado' }));
    await userEvent.click(within(bar).getByRole('combobox', { name: 'Tamanho da fonte' }));
    expect(await screen.findAllByRole('option', { name: /^Tamanho \d$/ })).toHaveLength(7);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(within(bar).getByRole('combobox', { name: 'Estilo do parágrafo' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Código' }));
    await waitFor(() => expect(value()).toBe('<pre><code>Olá</code></pre>'));
    await userEvent.click(within(bar).getByRole('button', { name: 'Remover formatação' }));
    await waitFor(() => expect(value()).toBe('<p>Olá</p>'));
  });

  it('applies headings, alignment and undo from the toolbar', async () => {
    renderEditor('<p>Olá</p>');
    const bar = await toolbar();
    await userEvent.click(within(bar).getByRole('combobox', { name: 'Estilo do parágrafo' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Título 2' }));
    await waitFor(() => expect(value()).toBe('<h2>Olá</h2>'));
    await userEvent.click(within(bar).getByRole('button', { name: 'Desfazer' }));
    await waitFor(() => expect(value()).toBe('<p>Olá</p>'));
    await userEvent.click(within(bar).getByRole('button', { name: 'Centralizar' }));
    await waitFor(() => expect(value()).toBe('<p style="text-align: center;">Olá</p>'));
    expect(within(bar).getByRole('button', { name: 'Centralizar' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('counts plain characters: tags stripped, entities decoded', async () => {
    renderEditor('<p>Olá &amp; <b>mundo</b></p>');
    await toolbar();
    expect(await screen.findByText('11/20 caracteres')).toBeInTheDocument();
  });

  it('shows the HTML source in a dialog, and applying it replaces the content', async () => {
    renderEditor('<p>Olá &amp; <b>mundo</b></p>');
    await userEvent.click(within(await toolbar()).getByRole('button', { name: 'Código HTML' }));
    const dialog = await screen.findByRole('dialog', { name: 'Código-fonte HTML' });
    expect(within(dialog).getByRole('textbox', { name: 'HTML' })).toHaveValue('<p>Olá &amp; <strong>mundo</strong></p>');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    await applyHtml('<h2>Novo título</h2><p>Texto</p>');
    await waitFor(() => expect(value()).toBe('<h2>Novo título</h2><p>Texto</p>'));
    expect(screen.getByRole('heading', { level: 2, name: 'Novo título' })).toBeInTheDocument();
    expect(screen.getByText('16/20 caracteres')).toBeInTheDocument();
    expect(within(await toolbar()).getByRole('combobox', { name: 'Estilo do parágrafo' })).toBeInTheDocument();
  });

  it('refuses to save over the plain-character limit', async () => {
    const { onSubmit } = renderEditor('<p>Curto</p>');
    await applyHtml(`<p><em>${'a'.repeat(21)}</em></p>`);
    expect(await screen.findByText('21/20 caracteres')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('O texto deve ter no máximo 20 caracteres, sem contar a formatação.')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('is required: an empty paragraph does not count', async () => {
    const { onSubmit } = renderEditor('<p></p>');
    await toolbar();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Obrigatório')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('uploads an inserted image and places it at max-width 100%', async () => {
    const onUploadImage = vi.fn(async (file: File) => `https://files.local/html_images/${file.name}`);
    renderEditor('<p>Texto</p>', { onUploadImage });
    const bar = await toolbar();
    expect(within(bar).getByRole('button', { name: 'Inserir imagem' })).toBeInTheDocument();
    await userEvent.upload(within(bar).getByTestId('rich-text-image-file'), new File(['gif'], 'banner.gif', { type: 'image/gif' }));
    await waitFor(() => expect(onUploadImage).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(value()).toContain('src="https://files.local/html_images/banner.gif"'));
    expect(value()).toMatch(/<img[^>]*style="max-width: 100%;?"/);
  });

  it('refuses other image formats with a message', async () => {
    const onUploadImage = vi.fn(async () => 'x');
    renderEditor('<p>Texto</p>', { onUploadImage });
    const bar = await toolbar();
    await userEvent.setup({ applyAccept: false }).upload(
      within(bar).getByTestId('rich-text-image-file'),
      new File(['bmp'], 'foto.bmp', { type: 'image/bmp' }),
    );
    expect(await screen.findByText('Formato de imagem não permitido. Use .png, .jpg, .gif.')).toBeInTheDocument();
    expect(onUploadImage).not.toHaveBeenCalled();
  });

  it('accepts only .png, .jpg and .gif for editor images (spec 2 §5.11)', () => {
    expect(isEditorImage(new File([''], 'a.PNG', { type: 'image/png' }))).toBe(true);
    expect(isEditorImage(new File([''], 'a.jpg', { type: 'image/jpeg' }))).toBe(true);
    expect(isEditorImage(new File([''], 'a.gif', { type: '' }))).toBe(true);
    expect(isEditorImage(new File([''], 'a.jpeg', { type: 'image/jpeg' }))).toBe(false);
    expect(isEditorImage(new File([''], 'a.png', { type: 'image/svg+xml' }))).toBe(false);
  });
});
