import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AdminContext, ResourceContextProvider, testDataProvider, type DataProvider } from 'react-admin';
import { ADMIN_RESOURCES, type LibraryFile } from '@lp/shared/contract';
import { i18n } from '../../test/fixtures.ts';
import { LibraryList } from './LibraryList.tsx';

const row: LibraryFile = {
  id: 9, title: 'Guia do caixa', description: '', introduction: '', slug: 'guia', category: 2, category_name: 'Políticas', status: 2, allow_download: false,
  resource: 'library/abc/caixa.pdf', resource_url: 'http://localhost/media/library/abc/caixa.pdf', file_name: 'caixa.pdf', extension: 'pdf',
  size: 2048, tags: [], areas: [], profiles: [], user_groups: [5], views: 12, downloads: 4,
  created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z',
};

describe('library list (views and downloads counted, totals in the admin list)', () => {
  it('shows each file with its category, status, and how many learners viewed and downloaded it', async () => {
    const dataProvider = testDataProvider({
      getList: async (resource: string) => (resource === ADMIN_RESOURCES.libraries.name ? { data: [row], total: 1 } : { data: [], total: 0 }),
    } as unknown as Partial<DataProvider>);
    render(
      <MemoryRouter initialEntries={['/libraries']}>
        <AdminContext dataProvider={dataProvider} i18nProvider={i18n()}>
          <ResourceContextProvider value={ADMIN_RESOURCES.libraries.name}>
            <LibraryList />
          </ResourceContextProvider>
        </AdminContext>
      </MemoryRouter>,
    );
    const cell = await screen.findByText('Guia do caixa');
    const tr = cell.closest('tr')!;
    const texts = within(tr).getAllByRole('cell').map((c) => c.textContent);
    expect(texts).toEqual(expect.arrayContaining(['Políticas', 'pdf', 'Inativo', '12', '4']));
    const headers = screen.getAllByRole('columnheader').map((c) => c.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Visualizações', 'Downloads']));
  });
});
