import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AdminContext, ResourceContextProvider, testDataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { i18n } from '../test/fixtures.ts';
import { CategoryList } from './CategoryList.tsx';

function renderList(canManage: boolean) {
  const dataProvider = testDataProvider({
    getList: async () => ({ data: [{ id: 1, name: 'Vendas', qty_files: 3, created_at: '2026-11-01T10:00:00Z' }], total: 1 }) as never,
  });
  render(
    <MemoryRouter>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()}>
        <ResourceContextProvider value="library/categories">
          <CategoryList countSource="qty_files" canManage={canManage} />
        </ResourceContextProvider>
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('CategoryList', () => {
  it('lists the categories with how much each holds, edit and delete for those who manage', async () => {
    renderList(true);
    expect(await screen.findByText('Vendas')).toBeInTheDocument();
    expect(screen.getByText('3')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Criar/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Excluir/ })).toBeInTheDocument();
  });

  it('offers neither create, edit nor delete to those who only view', async () => {
    renderList(false);
    expect(await screen.findByText('Vendas')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Criar/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Excluir/ })).not.toBeInTheDocument();
  });
});
