import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, ResourceContextProvider, testDataProvider, type DataProvider } from 'react-admin';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { BranchList } from './BranchList.tsx';
import { i18n } from '../../test/fixtures.ts';

const RESOURCE = ADMIN_RESOURCES.branches.name;
const LOOKUPS: Record<string, { id: number; name: string }[]> = {
  lookup_headquarters: [{ id: 1, name: 'Demo Holding' }, { id: 2, name: 'North Chain' }],
  lookup_regionals: [{ id: 11, name: 'Regional Sul' }],
  lookup_branch_types: [{ id: 21, name: 'Loja de rua' }],
  lookup_branch_size_types: [{ id: 31, name: 'Pequeno' }],
};
const branches = [
  {
    id: 5, name: 'Loja Centro', store_name: 'Centro', code: 'SP-001', store_document: '123', headquarter_id: 1,
    regional_id: 11, branch_type_id: 21, size_type_id: 31, city: 'São Paulo', created_at: '2026-11-21T10:00:00Z',
  },
];

function provider() {
  const getList = vi.fn(async (resource: string) => {
    const data = LOOKUPS[resource] ?? branches;
    return { data, total: data.length };
  });
  const dataProvider = testDataProvider({
    getList,
    getMany: async (resource: string, params: { ids: unknown[] }) => ({
      data: (LOOKUPS[resource] ?? []).filter((r) => params.ids.includes(r.id)),
    }),
  } as unknown as Partial<DataProvider>);
  return { dataProvider, getList };
}

function renderList(dataProvider: DataProvider) {
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18n()}>
      <ResourceContextProvider value={RESOURCE}>
        <BranchList />
      </ResourceContextProvider>
    </AdminContext>,
  );
}

describe('BranchList', () => {
  it('shows the headquarter, regional and branch type by their lookup names', async () => {
    renderList(provider().dataProvider);
    const row = (await screen.findByText('Loja Centro')).closest('tr') as HTMLElement;
    expect(within(row).getByText('SP-001')).toBeInTheDocument();
    expect(await within(row).findByText('Demo Holding')).toBeInTheDocument();
    expect(await within(row).findByText('Regional Sul')).toBeInTheDocument();
    expect(await within(row).findByText('Loja de rua')).toBeInTheDocument();
    // size type, store document and city start hidden (configurable columns)
    expect(within(row).queryByText('Pequeno')).not.toBeInTheDocument();
    expect(within(row).queryByText('São Paulo')).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Rede\/empresa/ })).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: /Porte/ })).not.toBeInTheDocument();
  });

  it('filters by headquarter with the id of the chosen lookup', async () => {
    const { dataProvider, getList } = provider();
    renderList(dataProvider);
    await screen.findByText('Loja Centro');
    await userEvent.click(screen.getByRole('combobox', { name: /^Rede\/empresa/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'North Chain' }));
    await vi.waitFor(() =>
      expect(getList).toHaveBeenCalledWith(RESOURCE, expect.objectContaining({ filter: { headquarter_id: 2 } })),
    );
  });
});
