import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, ResourceContextProvider, testDataProvider, type DataProvider } from 'react-admin';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { ImportList } from './ImportList.tsx';
import { importRecord } from './importFixtures.ts';
import { i18n } from '../../test/fixtures.ts';

const RESOURCE = ADMIN_RESOURCES.imports.name;

describe('ImportList', () => {
  it('lists imports with type, file, coloured status, progress, counts and author', async () => {
    const records = [
      importRecord(),
      importRecord({
        id: 8, import_type: 'branches', file_name: 'lojas.xlsx', status: 'processing', phase: 'process',
        total_rows: 4, processed_rows: 1, created_count: 0, updated_count: 0, error_count: 0, finished_at: null,
      }),
    ];
    const getList = vi.fn(async () => ({ data: records, total: records.length }));
    render(
      <AdminContext dataProvider={testDataProvider({ getList } as Partial<DataProvider>)} i18nProvider={i18n()}>
        <ResourceContextProvider value={RESOURCE}>
          <ImportList />
        </ResourceContextProvider>
      </AdminContext>,
    );
    const done = (await screen.findByText('usuarios.xlsx')).closest('tr') as HTMLElement;
    expect(within(done).getByText('Usuários')).toBeInTheDocument();
    expect(within(done).getByText('Finalizado').closest('.MuiChip-root')).toHaveClass('MuiChip-colorSuccess');
    expect(within(done).getByText('10 de 10 linhas')).toBeInTheDocument();
    expect(done).toHaveTextContent('3 / 1 / 2');
    expect(within(done).getByText('Ana Admin')).toBeInTheDocument();

    const running = screen.getByText('lojas.xlsx').closest('tr') as HTMLElement;
    expect(within(running).getByText('Filiais/lojas')).toBeInTheDocument();
    expect(within(running).getByText('Processando').closest('.MuiChip-root')).toHaveClass('MuiChip-colorInfo');
    expect(within(running).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    expect(within(running).getByText('25%')).toBeInTheDocument();

    expect(screen.getByRole('columnheader', { name: /Criados \/ atualizados \/ erros/ })).toBeInTheDocument();
    expect(screen.getByText('Exibindo 1 a 2 de 2 registros')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith(RESOURCE, expect.objectContaining({ sort: { field: 'id', order: 'DESC' } }));
  });

  it('filters by type and status through the API', async () => {
    const getList = vi.fn(async () => ({ data: [importRecord()], total: 1 }));
    render(
      <AdminContext dataProvider={testDataProvider({ getList } as Partial<DataProvider>)} i18nProvider={i18n()}>
        <ResourceContextProvider value={RESOURCE}>
          <ImportList />
        </ResourceContextProvider>
      </AdminContext>,
    );
    await screen.findByText('usuarios.xlsx');
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Com erros' }));
    await vi.waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(RESOURCE, expect.objectContaining({ filter: { status: 'with_errors' } })),
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Tipo' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Redes/empresas' }));
    await vi.waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(
        RESOURCE,
        expect.objectContaining({ filter: { status: 'with_errors', import_type: 'headquarters' } }),
      ),
    );
  });
});
