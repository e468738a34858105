import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, ResourceContextProvider, testDataProvider, type DataProvider } from 'react-admin';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { HeadquarterList } from './HeadquarterList.tsx';
import { HeadquarterCreate } from './HeadquarterCreate.tsx';
import { toHttpError } from '../../dataProvider.ts';
import { i18n } from '../../test/fixtures.ts';

const RESOURCE = ADMIN_RESOURCES.headquarters.name;
const headquarters = [
  {
    id: 1, name: 'Demo Holding', company_name: 'Demo Holding S.A.', fantasy_name: 'Demo', company_document: '11222333000181',
    postal_code: null, address: null, number: null, complement: null, neighborhood: null, city: 'São Paulo', state: 'SP',
    country_id: 1, created_at: '2026-11-21T10:00:00Z',
  },
];
const countries = [{ id: 1, name: 'Brasil', code: 'BRA' }];

function provider(overrides: Partial<DataProvider> = {}): DataProvider {
  return testDataProvider({
    getList: async (resource) => {
      const data = resource === 'lookup_countries' ? countries : headquarters;
      return { data, total: data.length } as never;
    },
    getMany: async (resource, params) =>
      ({ data: (resource === 'lookup_countries' ? countries : headquarters).filter((r) => params.ids.includes(r.id)) }) as never,
    ...overrides,
  });
}

function renderIn(view: React.ReactNode, dataProvider: DataProvider) {
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18n()}>
      <ResourceContextProvider value={RESOURCE}>{view}</ResourceContextProvider>
    </AdminContext>,
  );
}

describe('HeadquarterList', () => {
  it('lists chains/companies with their document, country and the record count', async () => {
    renderIn(<HeadquarterList />, provider());
    const row = (await screen.findByText('Demo Holding')).closest('tr') as HTMLElement;
    expect(within(row).getByText('11222333000181')).toBeInTheDocument();
    expect(await within(row).findByText('Brasil')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Razão social/ })).toBeInTheDocument();
    expect(screen.getByText('Exibindo 1 a 1 de 1 registro')).toBeInTheDocument();
  });
});

describe('HeadquarterCreate', () => {
  it('sends the company and address fields', async () => {
    const create = vi.fn(async (_r: string, params: { data: object }) => ({ data: { id: 9, ...params.data } }));
    renderIn(<HeadquarterCreate />, provider({ create } as Partial<DataProvider>));
    await userEvent.type(await screen.findByRole('textbox', { name: /^Nome\s*\*?$/ }), 'North Chain');
    await userEvent.type(screen.getByLabelText(/CNPJ/), '99888777000166');
    await userEvent.type(screen.getByLabelText('Cidade'), 'Recife');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() =>
      expect(create).toHaveBeenCalledWith(
        RESOURCE,
        expect.objectContaining({
          data: expect.objectContaining({ name: 'North Chain', company_document: '99888777000166', city: 'Recife' }),
        }),
      ),
    );
  });

  it('shows company_document_not_unique on the document field and keeps the input', async () => {
    const create = vi.fn(async () => {
      throw toHttpError(409, { detail: 'exists', code: 'company_document_not_unique' });
    });
    renderIn(<HeadquarterCreate />, provider({ create } as Partial<DataProvider>));
    await userEvent.type(await screen.findByRole('textbox', { name: /^Nome\s*\*?$/ }), 'Copy');
    await userEvent.type(screen.getByLabelText(/CNPJ/), '11222333000181');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Documento utilizado por outro')).toBeInTheDocument();
    expect(screen.getByLabelText(/CNPJ/)).toHaveValue('11222333000181');
  });
});
