import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AdminContext, ResourceContextProvider, testDataProvider, type DataProvider } from 'react-admin';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { toHttpError } from '../../dataProvider.ts';
import { authFor, i18n, sessionUser } from '../../test/fixtures.ts';
import { TrailCategoryCreate, TrailCategoryEdit } from './TrailCategoryEdit.tsx';

const RESOURCE = ADMIN_RESOURCES.trail_categories.name;
const user = (slugs: string[]) => sessionUser({ user_client_module_items: [{ id: 1, module_items: slugs.map((slug) => ({ slug, permission: true })) }] });

function renderAt(path: string, provider: Partial<DataProvider>, slugs: string[]) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={testDataProvider(provider)} i18nProvider={i18n()} authProvider={authFor(user(slugs))}>
        <ResourceContextProvider value={RESOURCE}>
          <Routes>
            <Route path="/trail/categories/create" element={<TrailCategoryCreate />} />
            <Route path="/trail/categories/:id" element={<TrailCategoryEdit />} />
          </Routes>
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('trail category editor (spec 2 §2.4)', () => {
  it('keeps the typed name when the server says it is taken (name_not_unique)', async () => {
    const create = vi.fn(async () => {
      throw toHttpError(409, { detail: 'exists', code: 'name_not_unique', fields: { name: 'name_not_unique' } });
    });
    renderAt('/trail/categories/0', { create } as Partial<DataProvider>, ['trails', 'trails_manage']);
    const name = await screen.findByLabelText(/Nome/);
    await waitFor(() => expect(name).toBeEnabled());
    await userEvent.type(name, 'Vendas');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(create).toHaveBeenCalledWith(RESOURCE, expect.objectContaining({ data: { name: 'Vendas' } })));
    expect(screen.getByLabelText(/Nome/)).toHaveValue('Vendas');
  });

  it('is read-only without trails_manage', async () => {
    const getOne = vi.fn(async () => ({ data: { id: 4, name: 'Liderança', qty_trails: 2, created_at: '2026-11-20T10:00:00Z' } }));
    renderAt('/trail/categories/4', { getOne } as Partial<DataProvider>, ['trails']);
    await waitFor(() => expect(screen.getByLabelText(/Nome/)).toHaveValue('Liderança'));
    expect(screen.getByLabelText(/Nome/)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Excluir' })).not.toBeInTheDocument();
  });
});
