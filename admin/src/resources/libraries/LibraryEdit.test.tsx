import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, ResourceContextProvider, testDataProvider, type DataProvider } from 'react-admin';
import { toHttpError } from '../../dataProvider.ts';
import { ADMIN_RESOURCES, type LibraryFile } from '@lp/shared/contract';
import { authFor, i18n, sessionUser } from '../../test/fixtures.ts';
import { LibraryCreate, LibraryEdit } from './LibraryEdit.tsx';

// tus itself is tested in common/upload; here a chosen file "finishes" at once with a known id
vi.mock('../../common/upload/useTusUpload.ts', async () => {
  const { useState } = await import('react');
  return {
    useTusUpload: () => {
      const [state, setState] = useState<Record<string, unknown>>({ status: 'idle' });
      return {
        state,
        percent: state.status === 'done' ? 100 : 0,
        start: (file: File) => setState({ status: 'done', file, uploadId: `up-${file.name}`, url: `/api/files/tus/up-${file.name}` }),
        pause: () => undefined,
        resume: () => undefined,
        cancel: () => setState({ status: 'idle' }),
      };
    },
  };
});

const RESOURCE = ADMIN_RESOURCES.libraries.name;
const CATEGORIES = ADMIN_RESOURCES.library_categories.name;

const stored: LibraryFile = {
  id: 9, title: 'Guia do caixa', description: 'Como fechar o caixa', introduction: '', slug: 'guia', category: 2, category_name: 'Políticas', status: 1,
  allow_download: true, resource: 'library/abc/caixa.pdf', resource_url: 'http://localhost/media/library/abc/caixa.pdf', file_name: 'caixa.pdf',
  extension: 'pdf', size: 1000, tags: [], areas: [], profiles: [], user_groups: [5], views: 3, downloads: 1,
  created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z',
};

const lists: Record<string, Array<{ id: number; name: string }>> = {
  [CATEGORIES]: [{ id: 1, name: 'Manuais' }, { id: 2, name: 'Políticas' }],
  lookup_areas: [{ id: 1, name: 'Vendas' }],
  lookup_profiles: [{ id: 3, name: 'Vendedor' }],
  lookup_user_groups: [{ id: 5, name: 'Novatos' }],
  tags: [],
};

function renderAt(path: string, overrides: Partial<DataProvider>) {
  const dataProvider = testDataProvider({
    getList: async (resource: string) => ({ data: lists[resource] ?? [], total: lists[resource]?.length ?? 0 }),
    getMany: async (resource: string, { ids }: { ids: unknown[] }) => ({ data: (lists[resource] ?? []).filter((r) => ids.map(Number).includes(r.id)) }),
    getOne: async () => ({ data: stored }),
    ...overrides,
  } as unknown as Partial<DataProvider>);
  const user = sessionUser({ user_client_module_items: [{ id: 1, module_items: [{ slug: 'library', permission: true }] }] });
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()} authProvider={authFor(user)}>
        <ResourceContextProvider value={RESOURCE}>
          <Routes>
            <Route path="/libraries/create" element={<LibraryCreate />} />
            <Route path="/libraries/:id/*" element={<LibraryEdit />} />
            <Route path="/libraries" element={<p>library list</p>} />
          </Routes>
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('library file editor (spec 3 §3 "Library file")', () => {
  it('checks the shared rule before sending: title, category, file and audience', async () => {
    const create = vi.fn();
    renderAt('/libraries/0', { create } as Partial<DataProvider>);
    await userEvent.click(await screen.findByRole('button', { name: 'Salvar' }));
    expect(await screen.findAllByText('Obrigatório')).not.toHaveLength(0);
    expect(create).not.toHaveBeenCalled();
  });

  it('creates a file: uploads it with tus and sends the upload id with the form as JSON', async () => {
    const create = vi.fn(async (_resource: string, { data }: { data: Record<string, unknown> }) => ({ data: { ...stored, ...data, id: 10 } }));
    renderAt('/libraries/0', { create } as Partial<DataProvider>);
    await userEvent.type(await screen.findByLabelText(/Título/), 'Metas do trimestre');
    await userEvent.type(screen.getByLabelText('Introdução'), 'Leia antes da reunião');
    await userEvent.click(screen.getByRole('combobox', { name: /Categoria/ }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Manuais' }));
    await userEvent.upload(screen.getByTestId('library_file-file'), new File(['x'], 'metas.xlsx'));
    expect(await screen.findByText(/metas\.xlsx/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Permissões' }));
    const allAreas = await screen.findByRole('checkbox', { name: 'Selecionar todas as áreas' });
    await waitFor(() => expect(allAreas).toBeEnabled());
    await userEvent.click(allAreas);
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Todos os perfis' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![0]).toBe(RESOURCE);
    expect(create.mock.calls[0]![1].data).toEqual({
      title: 'Metas do trimestre', description: '', introduction: 'Leia antes da reunião', slug: '', category: 1, status: 1,
      allow_download: true, resource: 'up-metas.xlsx', tags: [], areas: [1], profiles: [3], user_groups: [],
    });
  });

  it('refuses a malformed slug with the shared rule and shows the server\'s slug conflict on the field', async () => {
    const update = vi.fn(async () => {
      throw toHttpError(409, { detail: 'taken', code: 'library_slug_not_unique', fields: { slug: 'library_slug_not_unique' } });
    });
    renderAt('/libraries/9', { update } as Partial<DataProvider>);
    const slug = await screen.findByLabelText('Slug');
    await userEvent.clear(slug);
    await userEvent.type(slug, 'Guia Novo');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(/Use apenas letras minúsculas/)).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
    await userEvent.clear(slug);
    await userEvent.type(slug, 'guia-novo');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(await screen.findByText('Outro arquivo da biblioteca já tem este slug.')).toBeInTheDocument();
    expect(slug).toHaveValue('guia-novo');
  });

  it('keeps the stored file on an edit that uploads nothing, sending only the input fields', async () => {
    const update = vi.fn(async (_resource: string, { data }: { data: Record<string, unknown> }) => ({ data: { ...stored, ...data } }));
    renderAt('/libraries/9', { update } as Partial<DataProvider>);
    expect(await screen.findByRole('link', { name: 'caixa.pdf' })).toHaveAttribute('href', stored.resource_url);
    const title = screen.getByLabelText(/Título/);
    await userEvent.clear(title);
    await userEvent.type(title, 'Guia do caixa 2');
    await userEvent.click(screen.getByLabelText('Permitir download'));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]![1].data).toEqual({
      title: 'Guia do caixa 2', description: 'Como fechar o caixa', introduction: '', slug: 'guia', category: 2, status: 1, allow_download: false,
      resource: 'library/abc/caixa.pdf', tags: [], areas: [], profiles: [], user_groups: [5],
    });
  });
});
