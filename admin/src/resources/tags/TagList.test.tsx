import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, HttpError, ResourceContextProvider, testDataProvider, type DataProvider } from 'react-admin';
import { TagList } from './TagList.tsx';
import { TagCreate } from './TagCreate.tsx';
import { i18n } from '../../test/fixtures.ts';

const tags = [
  { id: 1, name: 'Compliance', area_ids: [2], areas: [{ id: 2, name: 'Marketing' }], created_at: '2026-11-21T10:00:00Z' },
  { id: 2, name: 'Leadership', area_ids: [], areas: [], created_at: '2026-11-20T10:00:00Z' },
];
const areas = [
  { id: 1, name: 'Sales' },
  { id: 2, name: 'Marketing' },
];

function provider(overrides: Partial<DataProvider> = {}): DataProvider {
  return testDataProvider({
    getList: async (resource) => {
      const data = resource === 'lookup_areas' ? areas : tags;
      return { data, total: data.length } as never;
    },
    getMany: async (resource, params) =>
      ({ data: (resource === 'lookup_areas' ? areas : tags).filter((r) => params.ids.includes(r.id)) }) as never,
    ...overrides,
  });
}

function renderIn(view: React.ReactNode, dataProvider: DataProvider) {
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18n()}>
      <ResourceContextProvider value="tags">{view}</ResourceContextProvider>
    </AdminContext>,
  );
}

describe('TagList', () => {
  it('lists tags with their areas, the search box, columns button and the record count label', async () => {
    const getList = vi.fn(async () => ({ data: tags, total: 2 }));
    renderIn(<TagList />, provider({ getList } as Partial<DataProvider>));
    const row = (await screen.findByText('Compliance')).closest('tr');
    expect(row).not.toBeNull();
    expect(within(row as HTMLElement).getByText('Marketing')).toBeInTheDocument();
    expect(within(row as HTMLElement).getByText('21/11/2026')).toBeInTheDocument();
    expect(screen.getByText('Leadership')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Buscar')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Colunas' })).toBeInTheDocument();
    expect(screen.getByText('Exibindo 1 a 2 de 2 registros')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith(
      'tags',
      expect.objectContaining({ pagination: { page: 1, perPage: 5 }, sort: { field: 'name', order: 'ASC' } }),
    );
  });

  it('asks for confirmation before deleting', async () => {
    const del = vi.fn(async () => ({ data: tags[0] }));
    renderIn(<TagList />, provider({ delete: del } as Partial<DataProvider>));
    const row = (await screen.findByText('Compliance')).closest('tr') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Tem certeza');
    expect(del).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await vi.waitFor(() => expect(del).toHaveBeenCalledWith('tags', expect.objectContaining({ id: 1 })));
  });
});

describe('TagCreate', () => {
  it('renders the form and sends name and area_ids', async () => {
    const create = vi.fn(async (_resource: string, params: { data: object }) => ({ data: { id: 9, ...params.data } }));
    renderIn(<TagCreate />, provider({ create } as Partial<DataProvider>));
    const name = await screen.findByLabelText(/Nome/);
    expect(screen.getByLabelText('Áreas')).toBeInTheDocument();
    await userEvent.type(name, 'Onboarding');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() =>
      expect(create).toHaveBeenCalledWith('tags', expect.objectContaining({ data: expect.objectContaining({ name: 'Onboarding' }) })),
    );
  });

  it('keeps the input when the server refuses the name', async () => {
    const create = vi.fn(async () => {
      throw new HttpError('errors.name_not_unique', 409, { detail: 'exists', code: 'name_not_unique' });
    });
    renderIn(<TagCreate />, provider({ create } as Partial<DataProvider>));
    const name = await screen.findByLabelText(/Nome/);
    await userEvent.type(name, 'Compliance');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(create).toHaveBeenCalled());
    expect(screen.getByLabelText(/Nome/)).toHaveValue('Compliance');
  });

  it('requires a name', async () => {
    const create = vi.fn();
    renderIn(<TagCreate />, provider({ create } as Partial<DataProvider>));
    const name = await screen.findByLabelText(/Nome/);
    await userEvent.type(name, 'a');
    await userEvent.clear(name);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Obrigatório')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });
});
