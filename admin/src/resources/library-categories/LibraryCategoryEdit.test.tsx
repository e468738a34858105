import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, Notification, ResourceContextProvider, testDataProvider, type DataProvider } from 'react-admin';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { toHttpError } from '../../dataProvider.ts';
import { i18n } from '../../test/fixtures.ts';
import { LibraryCategoryCreate, LibraryCategoryEdit } from './LibraryCategoryEdit.tsx';

const RESOURCE = ADMIN_RESOURCES.library_categories.name;

function renderAt(path: string, provider: Partial<DataProvider>) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={testDataProvider(provider)} i18nProvider={i18n()}>
        <ResourceContextProvider value={RESOURCE}>
          <Routes>
            <Route path="/library/categories/create" element={<LibraryCategoryCreate />} />
            <Route path="/library/categories/:id" element={<LibraryCategoryEdit />} />
          </Routes>
        </ResourceContextProvider>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('library category editor (spec 1 §2.3 library/categories)', () => {
  it('keeps the typed name when the server says it is taken (name_not_unique)', async () => {
    const create = vi.fn(async () => {
      throw toHttpError(409, { detail: 'exists', code: 'name_not_unique', fields: { name: 'name_not_unique' } });
    });
    renderAt('/library/categories/0', { create } as Partial<DataProvider>);
    await userEvent.type(await screen.findByLabelText(/Nome/), 'Manuais');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(create).toHaveBeenCalledWith(RESOURCE, expect.objectContaining({ data: { name: 'Manuais' } })));
    expect(screen.getByLabelText(/Nome/)).toHaveValue('Manuais');
  });

  it('says why a category in use cannot be deleted', async () => {
    const getOne = vi.fn(async () => ({ data: { id: 4, name: 'Políticas', qty_files: 2, created_at: '2026-11-20T10:00:00Z' } }));
    const deleteOne = vi.fn(async () => {
      throw toHttpError(409, { detail: 'in use', code: 'library_category_in_use' });
    });
    renderAt('/library/categories/4', { getOne, delete: deleteOne } as Partial<DataProvider>);
    await waitFor(() => expect(screen.getByLabelText(/Nome/)).toHaveValue('Políticas'));
    await userEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Há arquivos da biblioteca nesta categoria. Mova-os antes de excluí-la.')).toBeInTheDocument();
  });
});
