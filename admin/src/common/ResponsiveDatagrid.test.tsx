import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AdminContext, List, ResourceContextProvider, ResourceDefinitionContextProvider, TextField, testDataProvider } from 'react-admin';
import { i18n } from '../test/fixtures.ts';
import { ResponsiveDatagrid } from './ResponsiveDatagrid.tsx';

const rows = [{ id: 7, title: 'Atendimento', status: 'Publicado' }, { id: 8, title: 'Vendas', status: 'Rascunho' }];

/** A window `width` px wide for MUI's useMediaQuery (jsdom has no matchMedia). */
function windowOf(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = /max-width:\s*([\d.]+)px/.exec(query);
    const min = /min-width:\s*([\d.]+)px/.exec(query);
    const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
    return { matches, media: query, onchange: null, addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false };
  });
}

function renderList() {
  const getList = vi.fn(async () => ({ data: rows, total: rows.length }));
  render(
    <AdminContext dataProvider={testDataProvider({ getList } as never)} i18nProvider={i18n()}>
      <ResourceDefinitionContextProvider definitions={{ trainings: { name: 'trainings', hasList: true, hasEdit: true, recordRepresentation: 'title' } }}>
        <ResourceContextProvider value="trainings">
          <List>
            <ResponsiveDatagrid secondaryText={(r) => r.status as string}>
              <TextField source="id" />
              <TextField source="title" />
              <TextField source="status" />
            </ResponsiveDatagrid>
          </List>
        </ResourceContextProvider>
      </ResourceDefinitionContextProvider>
    </AdminContext>,
  );
}

afterEach(() => { vi.unstubAllGlobals(); });

describe('ResponsiveDatagrid (spec 1 §2.3 lists; #25 "usable on a phone")', () => {
  it('shows a phone one line per record, opening its editor, and no table', async () => {
    windowOf(390);
    renderList();
    const link = await screen.findByRole('link', { name: /Atendimento/ });
    expect(link).toHaveAttribute('href', expect.stringMatching(/\/trainings\/7$/));
    expect(link).toHaveTextContent('Publicado');
    expect(screen.getByRole('link', { name: /Vendas/ })).toHaveTextContent('#8');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a tablet in portrait, which shares its width with the menu, the same lines', async () => {
    windowOf(768);
    renderList();
    expect(await screen.findByRole('link', { name: /Vendas/ })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows a wider screen the configurable columns', async () => {
    windowOf(1024);
    renderList();
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Atendimento' })).toBeInTheDocument();
  });
});
