import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { AdminContext, ResourceContextProvider, TestMemoryRouter, testDataProvider, type DataProvider } from 'react-admin';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { UserGroupEdit } from './UserGroupEdit.tsx';
import { UserGroupCreate } from './UserGroupCreate.tsx';
import { toHttpError } from '../../dataProvider.ts';

const MEMBERS = 'users-groups/3/members';
import { i18n } from '../../test/fixtures.ts';

const RESOURCE = ADMIN_RESOURCES.user_groups.name;
const group = { id: 3, name: 'Gerentes', members_count: 1, created_at: '2026-11-01T10:00:00Z' };
const members = [{ id: 7, full_name: 'Ana Souza', email: 'ana@demo.local' }];

function provider(overrides: Partial<DataProvider> = {}) {
  const getList = vi.fn(async (resource: string) => ({ data: resource === MEMBERS ? members : [], total: resource === MEMBERS ? 1 : 0 }));
  const dataProvider = testDataProvider({
    getOne: async () => ({ data: group }),
    getList,
    ...overrides,
  } as unknown as Partial<DataProvider>);
  return { dataProvider, getList };
}

/** the current path, to see where a tab goes */
function Where() {
  return <p>path {useLocation().pathname}</p>;
}

function renderAt(path: string, dataProvider: DataProvider) {
  return render(
    <TestMemoryRouter initialEntries={[path]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()}>
        <ResourceContextProvider value={RESOURCE}>
          <Routes>
            <Route path={`/${RESOURCE}/create`} element={<UserGroupCreate />} />
            <Route path={`/${RESOURCE}/:id/*`} element={<UserGroupEdit />} />
          </Routes>
          <Where />
        </ResourceContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

describe('UserGroupEdit', () => {
  it('has the general and members tabs; the members tab lists the group\'s members', async () => {
    const { dataProvider, getList } = provider();
    renderAt(`/${RESOURCE}/3/members`, dataProvider);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Dados gerais', 'Membros']);
    // the path names the tab
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('Ana Souza')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith(MEMBERS, expect.objectContaining({ filter: {} }));
    expect(screen.getByRole('combobox', { name: 'Buscar usuários para adicionar' })).toBeInTheDocument();
  });

  it('goes between the tabs by their paths: general is the record path, members /{id}/members', async () => {
    const { dataProvider } = provider();
    renderAt(`/${RESOURCE}/3`, dataProvider);
    expect(await screen.findByRole('tab', { name: 'Dados gerais' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(screen.getByRole('tab', { name: 'Membros' }));
    expect(await screen.findByText('Ana Souza')).toBeInTheDocument();
    expect(await screen.findByText(`path /${RESOURCE}/3/members`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Dados gerais' }));
    expect(await screen.findByText(`path /${RESOURCE}/3`)).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /^Nome\s*\*?$/ })).toBeInTheDocument();
  });

  it('renames the group from the general tab', async () => {
    const update = vi.fn(async (_r: string, params: { data: object }) => ({ data: { ...group, ...params.data } }));
    renderAt(`/${RESOURCE}/3`, provider({ update } as Partial<DataProvider>).dataProvider);
    const name = await screen.findByRole('textbox', { name: /^Nome\s*\*?$/ });
    await vi.waitFor(() => expect(name).toHaveValue('Gerentes'));
    await userEvent.clear(name);
    await userEvent.type(name, 'Gerentes regionais');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update).toHaveBeenCalledWith(RESOURCE, expect.objectContaining({ id: 3, data: expect.objectContaining({ name: 'Gerentes regionais' }) }));
  });
});

describe('UserGroupCreate', () => {
  it('creates a group by name', async () => {
    const create = vi.fn(async (_r: string, params: { data: object }) => ({ data: { id: 4, members_count: 0, ...params.data } }));
    renderAt(`/${RESOURCE}/create`, provider({ create } as Partial<DataProvider>).dataProvider);
    await userEvent.type(await screen.findByRole('textbox', { name: /^Nome\s*\*?$/ }), 'Vendedores');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create).toHaveBeenCalledWith(RESOURCE, expect.objectContaining({ data: { name: 'Vendedores' } }));
  });

  it('shows name_not_unique on the name field and keeps the input', async () => {
    const create = vi.fn(async () => {
      throw toHttpError(409, { detail: 'exists', code: 'name_not_unique' });
    });
    renderAt(`/${RESOURCE}/create`, provider({ create } as Partial<DataProvider>).dataProvider);
    const name = await screen.findByRole('textbox', { name: /^Nome\s*\*?$/ });
    await userEvent.type(name, 'Gerentes');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(name).toHaveAccessibleDescription(expect.stringContaining('Já existe um registro com este nome')));
    expect(name).toHaveValue('Gerentes');
  });
});
