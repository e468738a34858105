import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, ResourceContextProvider, localStorageStore, memoryStore, testDataProvider, type DataProvider, type Store } from 'react-admin';
import { ADMIN_RESOURCES, type TrailListItem } from '@lp/shared/contract';
import { authFor, i18n, sessionUser } from '../../test/fixtures.ts';
import { TrailList } from './TrailList.tsx';

const trails: TrailListItem[] = [
  {
    id: 3, title: 'Trilha de vendas', status: 1, score: 10, order: 1, availability_date: '2026-12-01', date_to_unpublish: '2027-01-31',
    training_quantity: 4, categories: [{ id: 7, name: 'Vendas' }], created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-21T10:00:00Z',
  },
  {
    id: 4, title: 'Trilha de liderança', status: 2, score: 0, order: 2, availability_date: null, date_to_unpublish: null,
    training_quantity: 0, categories: [], created_at: '2026-11-19T10:00:00Z', updated_at: '2026-11-19T10:00:00Z',
  },
];
const categories = [{ id: 7, name: 'Vendas' }, { id: 8, name: 'Liderança' }];

const user = (slugs: string[]) => sessionUser({ user_client_module_items: [{ id: 1, module_items: slugs.map((slug) => ({ slug, permission: true })) }] });

function renderList(getList: ReturnType<typeof vi.fn>, store: Store = memoryStore(), slugs = ['trails', 'trails_manage']) {
  const dataProvider = testDataProvider({
    getList,
    getMany: async (_resource: string, params: { ids: unknown[] }) => ({ data: categories.filter((c) => params.ids.includes(c.id)) }),
  } as unknown as Partial<DataProvider>);
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18n()} authProvider={authFor(user(slugs))} store={store}>
      <ResourceContextProvider value={ADMIN_RESOURCES.trails.name}>
        <TrailList />
      </ResourceContextProvider>
    </AdminContext>,
  );
}

const listCalls = (getList: ReturnType<typeof vi.fn>) => getList.mock.calls.filter(([resource]) => resource === ADMIN_RESOURCES.trails.name);

describe('trail list (spec 2 §2.2, spec 1 §2.3)', () => {
  it('shows the trails newest first with their categories, trainings, dates and status chips; columns are configurable', async () => {
    const getList = vi.fn(async (resource: string) =>
      resource === ADMIN_RESOURCES.trails.name ? { data: trails, total: 2 } : { data: categories, total: 2 });
    renderList(getList);
    const row = (await screen.findByText('Trilha de vendas')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Vendas')).toBeInTheDocument();
    expect(within(row).getByText('4')).toBeInTheDocument();
    expect(within(row).getByText('31/01/2027')).toBeInTheDocument();
    expect(within(row).getByText('Publicado')).toBeInTheDocument();
    const other = screen.getByText('Trilha de liderança').closest('tr') as HTMLElement;
    expect(within(other).getByText('Não publicado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Colunas' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Buscar')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Criar' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Excluir' })).toBeInTheDocument();
    expect(listCalls(getList)[0]![1]).toMatchObject({ sort: { field: 'created_at', order: 'DESC' } });
    // score and the availability date start hidden
    expect(screen.queryByText('01/12/2026')).not.toBeInTheDocument();
  });

  it('filters by status and category, and keeps the filters of this list for the next visit', async () => {
    const getList = vi.fn(async (resource: string) =>
      resource === ADMIN_RESOURCES.trails.name ? { data: trails, total: 2 } : { data: categories, total: 2 });
    // the app's own kind of store (a memoryStore is emptied when AdminContext unmounts)
    const store = localStorageStore(undefined, 'trail-list-test');
    const { unmount } = renderList(getList, store);
    await screen.findByText('Trilha de vendas');
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Publicado' }));
    await waitFor(() => expect(listCalls(getList).at(-1)![1].filter).toEqual({ status: 1 }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Categoria' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Vendas' }));
    await waitFor(() => expect(listCalls(getList).at(-1)![1].filter).toEqual({ status: 1, category: 7 }));
    unmount();
    // the next visit starts from a clean address: only the store can bring the filters back
    window.history.replaceState(null, '', '/');

    const again = vi.fn(async (resource: string) =>
      resource === ADMIN_RESOURCES.trails.name ? { data: trails.slice(0, 1), total: 1 } : { data: categories, total: 2 });
    renderList(again, store);
    await screen.findByText('Trilha de vendas');
    expect(listCalls(again)[0]![1].filter).toEqual({ status: 1, category: 7 });
  });

  it('offers create and delete only with trails_manage', async () => {
    const getList = vi.fn(async (resource: string) =>
      resource === ADMIN_RESOURCES.trails.name ? { data: trails, total: 2 } : { data: categories, total: 2 });
    renderList(getList, memoryStore(), ['trails']);
    await screen.findByText('Trilha de vendas');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Criar' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Excluir' })).not.toBeInTheDocument();
  });
});
