import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AdminContext,
  ResourceContextProvider,
  TestMemoryRouter,
  localStorageStore,
  memoryStore,
  testDataProvider,
  type DataProvider,
  type GetListParams,
  type Store,
} from 'react-admin';
import type { SessionUser } from '@lp/shared/contract';
import { UserList } from './UserList.tsx';
import { authFor, i18n } from '../../test/fixtures.ts';
import { adminUser, adminWith } from '../../test/userFixtures.ts';

const users = [
  adminUser({ id: 7, full_name: 'Lara Learner', nick_name: 'Lari', register: 'R-100', status: 'active' }),
  adminUser({ id: 8, full_name: 'Bruno Blocked', email: 'bruno@demo.local', sap_code: 'SAP-9', status: 'blocked' }),
];

type GetList = (resource: string, params: GetListParams) => Promise<{ data: unknown[]; total: number }>;
const listMock = () =>
  vi.fn<GetList>(async (resource) => (resource === 'users' ? { data: users, total: users.length } : { data: [], total: 0 }));

interface Options {
  store?: Store;
  admin?: SessionUser;
}

/**
 * The app's store (App.tsx: localStorageStore, app key 'learning-admin'). A memoryStore would not do
 * for "the next visit": AdminContext's unmount calls its teardown, which empties it.
 */
const appStore = () => localStorageStore(undefined, 'learning-admin');

/** Each mount gets a fresh router at /users: only the store can bring preferences and filters back. */
function renderList(getList: ReturnType<typeof listMock>, { store = memoryStore(), admin = adminWith(['users']) }: Options = {}) {
  const dataProvider = testDataProvider({ getList, getMany: async () => ({ data: [] }) } as unknown as Partial<DataProvider>);
  return render(
    <TestMemoryRouter initialEntries={['/users']}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()} authProvider={authFor(admin)} store={store}>
        <ResourceContextProvider value="users">
          <UserList />
        </ResourceContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

/** The params of each `getList('users', …)` call (lookups of the filters left out). */
const userCalls = (getList: ReturnType<typeof listMock>) =>
  getList.mock.calls.filter(([resource]) => resource === 'users').map(([, params]) => params);
const headers = () =>
  screen
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.trim())
    .filter(Boolean);
const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const rowCheckboxes = () => screen.queryAllByRole('checkbox').filter((box) => box.closest('tbody'));

async function showNickNameColumn() {
  await userEvent.click(screen.getByRole('button', { name: 'Colunas' }));
  const toggle = await screen.findByLabelText('Apelido');
  expect(toggle).not.toBeChecked();
  await userEvent.click(toggle);
  await userEvent.keyboard('{Escape}');
}

describe('UserList (spec 1 §2.3: configurable columns, filters kept per list)', () => {
  it('shows the default columns sorted by name, with the nick name, register, GMIN and SAP code hidden', async () => {
    const getList = listMock();
    renderList(getList);
    await screen.findByText('Lara Learner');
    expect(headers()).toEqual(['ID', 'Nome completo', 'E-mail', 'Documento', 'Status', 'Cadastrado em']);
    for (const hidden of ['Apelido', 'Matrícula', 'Número GMIN', 'Código SAP']) expect(headers()).not.toContain(hidden);
    expect(within(rowOf('Lara Learner')).getByText('lara@demo.local')).toBeInTheDocument();
    expect(within(rowOf('Lara Learner')).getByText('Ativo')).toBeInTheDocument();
    expect(within(rowOf('Bruno Blocked')).getByText('Bloqueado')).toBeInTheDocument();
    expect(screen.queryByText('Lari')).not.toBeInTheDocument();
    expect(screen.queryByText('R-100')).not.toBeInTheDocument();
    expect(screen.queryByText('SAP-9')).not.toBeInTheDocument();
    expect(userCalls(getList)[0]).toMatchObject({ sort: { field: 'full_name', order: 'ASC' }, pagination: { page: 1, perPage: 5 } });
  });

  it('lets the admin show a hidden column, and keeps that choice for the next visit', async () => {
    const store = appStore();
    const { unmount } = renderList(listMock(), { store });
    await screen.findByText('Lara Learner');
    await showNickNameColumn();
    await waitFor(() => expect(headers()).toContain('Apelido'));
    expect(within(rowOf('Lara Learner')).getByText('Lari')).toBeInTheDocument();
    // the other omitted columns stay hidden
    expect(headers()).not.toContain('Matrícula');
    unmount();

    renderList(listMock(), { store });
    await screen.findByText('Lara Learner');
    expect(headers()).toContain('Apelido');
    expect(within(rowOf('Lara Learner')).getByText('Lari')).toBeInTheDocument();
    expect(headers()).not.toContain('Código SAP');
  });

  it('keeps the search and the status filter of this list for the next visit', async () => {
    const store = appStore();
    const getList = listMock();
    const { unmount } = renderList(getList, { store });
    await screen.findByText('Lara Learner');
    await userEvent.type(screen.getByPlaceholderText('Buscar'), 'ana');
    await waitFor(() => expect(userCalls(getList).at(-1)?.filter).toEqual({ q: 'ana' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Bloqueado' }));
    await waitFor(() => expect(userCalls(getList).at(-1)?.filter).toEqual({ q: 'ana', status: 'blocked' }));
    unmount();

    const again = listMock();
    renderList(again, { store });
    await screen.findByText('Lara Learner');
    expect(userCalls(again)[0]?.filter).toEqual({ q: 'ana', status: 'blocked' });
    expect(screen.getByPlaceholderText('Buscar')).toHaveValue('ana');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveTextContent('Bloqueado');
  });

  it('the status filter sends `status` to getList and goes back to page 1', async () => {
    const getList = listMock();
    renderList(getList);
    await screen.findByText('Lara Learner');
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Aguardando validação' }));
    await waitFor(() =>
      expect(userCalls(getList).at(-1)).toMatchObject({ filter: { status: 'awaiting_validation' }, pagination: { page: 1 } }),
    );
    expect(userCalls(getList).at(-1)?.filter).toEqual({ status: 'awaiting_validation' });
  });

  it('shows the report button only with the reports permission', async () => {
    const { unmount } = renderList(listMock(), { admin: adminWith(['users', 'reports']) });
    expect(await screen.findByRole('button', { name: 'Exportar relatório' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Colunas' })).toBeInTheDocument();
    unmount();

    // users_groups here only proves the permissions have loaded (row checkboxes appear)
    renderList(listMock(), { admin: adminWith(['users', 'users_groups']) });
    await screen.findByText('Lara Learner');
    await waitFor(() => expect(rowCheckboxes()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Exportar relatório' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Colunas' })).toBeInTheDocument();
  });

  it('offers the bulk "include in group" action only with users_groups', async () => {
    const { unmount } = renderList(listMock(), { admin: adminWith(['users', 'users_groups']) });
    await screen.findByText('Lara Learner');
    await waitFor(() => expect(rowCheckboxes()).toHaveLength(2));
    await userEvent.click(within(rowOf('Lara Learner')).getByRole('checkbox'));
    expect(await screen.findByText('1 item selecionado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Incluir em grupo' })).toBeInTheDocument();
    unmount();

    // reports here only proves the permissions have loaded (its button appears)
    renderList(listMock(), { admin: adminWith(['users', 'reports']) });
    await screen.findByRole('button', { name: 'Exportar relatório' });
    expect(screen.getByText('Lara Learner')).toBeInTheDocument();
    expect(rowCheckboxes()).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Incluir em grupo' })).not.toBeInTheDocument();
  });
});
