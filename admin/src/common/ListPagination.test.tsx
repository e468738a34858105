import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AdminContext, ListContextProvider, type ListControllerResult } from 'react-admin';
import { ListPagination } from './ListPagination.tsx';
import { i18n } from '../test/fixtures.ts';

function renderPagination(page: number, perPage: number, total: number) {
  const value = {
    page,
    perPage,
    total,
    isPending: false,
    isLoading: false,
    data: [],
    setPage: vi.fn(),
    setPerPage: vi.fn(),
  } as unknown as ListControllerResult;
  return render(
    <AdminContext i18nProvider={i18n()}>
      <ListContextProvider value={value}>
        <ListPagination />
      </ListContextProvider>
    </AdminContext>,
  );
}

describe('ListPagination', () => {
  it('says "Showing {0} to {1} of {2} records" in the current language', async () => {
    renderPagination(2, 5, 12);
    expect(await screen.findByText('Exibindo 6 a 10 de 12 registros')).toBeInTheDocument();
  });

  it('clips the last page', async () => {
    renderPagination(3, 5, 12);
    expect(await screen.findByText('Exibindo 11 a 12 de 12 registros')).toBeInTheDocument();
  });

  it('shows zeros for an empty list (pt-br says 0 and 1 in the singular, CLDR and polyglot alike)', async () => {
    renderPagination(1, 5, 0);
    expect(await screen.findByText('Exibindo 0 a 0 de 0 registro')).toBeInTheDocument();
  });

  it('says one record in the singular (issue #25 item 4)', async () => {
    renderPagination(1, 5, 1);
    expect(await screen.findByText('Exibindo 1 a 1 de 1 registro')).toBeInTheDocument();
  });

  it('offers 5/10/25/50/100 rows per page', async () => {
    renderPagination(1, 10, 12);
    expect(await screen.findByText('Linhas por página:')).toBeInTheDocument();
  });
});
