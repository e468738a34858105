import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { AdminContext, ResourceContextProvider, TestMemoryRouter, testDataProvider, type DataProvider } from 'react-admin';
import { ADMIN_RESOURCES } from '@lp/shared/contract';
import { BranchCreate } from './BranchCreate.tsx';
import { BranchEdit } from './BranchEdit.tsx';
import { toHttpError } from '../../dataProvider.ts';
import { i18n } from '../../test/fixtures.ts';

const RESOURCE = ADMIN_RESOURCES.branches.name;

/** The lookups the form's selects read (GET /api/lookups/…/), two options each. */
const LOOKUPS: Record<string, { id: number; name: string; code?: string }[]> = {
  lookup_headquarters: [{ id: 1, name: 'Demo Holding' }, { id: 2, name: 'North Chain' }],
  lookup_regionals: [{ id: 11, name: 'Regional Sul' }, { id: 12, name: 'Regional Norte' }],
  lookup_branch_types: [{ id: 21, name: 'Loja de rua' }, { id: 22, name: 'Shopping' }],
  lookup_branch_size_types: [{ id: 31, name: 'Pequeno' }, { id: 32, name: 'Grande' }],
  lookup_countries: [{ id: 41, name: 'Brasil', code: 'BRA' }, { id: 42, name: 'Argentina', code: 'ARG' }],
};

const branch = {
  id: 5, name: 'Loja Centro', store_name: 'Centro', code: 'SP-001', store_document: null,
  headquarter_id: 1, regional_id: 11, branch_type_id: 21, size_type_id: 31,
  postal_code: null, address: null, number: null, complement: null, neighborhood: null, city: 'São Paulo', state: 'SP',
  country_id: 41, created_at: '2026-11-21T10:00:00Z',
};

function provider(overrides: Partial<DataProvider> = {}) {
  const getList = vi.fn(async (resource: string) => {
    const data = LOOKUPS[resource] ?? [];
    return { data, total: data.length };
  });
  const dataProvider = testDataProvider({
    getList,
    getMany: async (resource: string, params: { ids: unknown[] }) => ({
      data: (LOOKUPS[resource] ?? []).filter((r) => params.ids.includes(r.id)),
    }),
    getOne: async () => ({ data: branch }),
    ...overrides,
  } as unknown as Partial<DataProvider>);
  return { dataProvider, getList };
}

function renderCreate(dataProvider: DataProvider) {
  return render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18n()}>
      <ResourceContextProvider value={RESOURCE}>
        <BranchCreate />
      </ResourceContextProvider>
    </AdminContext>,
  );
}

function renderEdit(dataProvider: DataProvider) {
  return render(
    <TestMemoryRouter initialEntries={[`/${RESOURCE}/5`]}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()}>
        <ResourceContextProvider value={RESOURCE}>
          <Routes>
            <Route path={`/${RESOURCE}/:id/*`} element={<BranchEdit />} />
          </Routes>
        </ResourceContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

/** Opens a SelectInput by its label and picks an option. */
async function pick(label: string, option: string) {
  await userEvent.click(await screen.findByRole('combobox', { name: new RegExp(`^${label}`) }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

/** Types into an AutocompleteInput and picks the suggestion. */
async function choose(label: string, typed: string, option: string) {
  const input = await screen.findByRole('combobox', { name: label });
  await userEvent.click(input);
  await userEvent.type(input, typed);
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

const savedData = (mock: ReturnType<typeof vi.fn>) => (mock.mock.calls[0]![1] as { data: Record<string, unknown> }).data;

describe('BranchCreate', () => {
  it('reads every lookup and sends the chosen headquarter, regional, type, size and country ids', async () => {
    const create = vi.fn(async (_r: string, params: { data: object }) => ({ data: { id: 9, ...params.data } }));
    const { dataProvider, getList } = provider({ create } as Partial<DataProvider>);
    renderCreate(dataProvider);
    await userEvent.type(await screen.findByRole('textbox', { name: /^Nome\s*\*?$/ }), 'Loja Recife');
    await userEvent.type(screen.getByRole('textbox', { name: 'Código' }), 'PE-010');
    await choose('Rede/empresa', 'Nor', 'North Chain');
    await pick('Regional', 'Regional Norte');
    await pick('Tipo de filial', 'Shopping');
    await pick('Porte', 'Grande');
    await choose('País', 'Arg', 'Argentina');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]![0]).toBe(RESOURCE);
    expect(savedData(create)).toMatchObject({
      name: 'Loja Recife',
      code: 'PE-010',
      headquarter_id: 2,
      regional_id: 12,
      branch_type_id: 22,
      size_type_id: 32,
      country_id: 42,
    });
    const read = getList.mock.calls.map(([resource]) => resource);
    expect(read).toEqual(expect.arrayContaining(Object.keys(LOOKUPS)));
  });

  it('offers the lookup names as options of the selects', async () => {
    renderCreate(provider().dataProvider);
    await userEvent.click(await screen.findByRole('combobox', { name: /^Porte/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(expect.arrayContaining(['Pequeno', 'Grande']));
    expect(options.map((o) => o.textContent)).not.toContain('Shopping');
  });

  it('requires the name and sends nothing without it', async () => {
    const create = vi.fn();
    renderCreate(provider({ create } as Partial<DataProvider>).dataProvider);
    await pick('Tipo de filial', 'Shopping');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Obrigatório')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('checks the §3.6 details with the shared rules before sending, then sends them', async () => {
    const create = vi.fn(async (_r: string, params: { data: object }) => ({ data: { id: 9, ...params.data } }));
    renderCreate(provider({ create } as Partial<DataProvider>).dataProvider);
    await userEvent.type(await screen.findByLabelText(/^Nome \*/), 'Loja Detalhada');
    await userEvent.type(screen.getByLabelText('E-mail da área'), 'loja');
    await userEvent.type(screen.getByLabelText('Inaugurada em'), '2021-05-01');
    await userEvent.type(screen.getByLabelText('Fechada em'), '2021-04-30');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Endereço de e-mail inválido')).toBeInTheDocument();
    expect(screen.getByText('A data de fechamento não pode ser anterior à de abertura')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
    await userEvent.type(screen.getByLabelText('E-mail da área'), '@acme.com');
    await userEvent.clear(screen.getByLabelText('Fechada em'));
    await userEvent.type(screen.getByLabelText('CNPJ'), '12345678000195');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(create).toHaveBeenCalledWith(RESOURCE, expect.objectContaining({
      data: expect.objectContaining({ name: 'Loja Detalhada', area_email: 'loja@acme.com', opened_date: '2021-05-01', company_document: '12345678000195' }),
    })));
  }, 20_000);

  it('shows branch_code_not_unique on the code field and keeps the input', async () => {
    const create = vi.fn(async () => {
      throw toHttpError(409, {
        detail: 'Code used by another branch',
        code: 'branch_code_not_unique',
        fields: { code: 'branch_code_not_unique' },
      });
    });
    renderCreate(provider({ create } as Partial<DataProvider>).dataProvider);
    await userEvent.type(await screen.findByRole('textbox', { name: /^Nome\s*\*?$/ }), 'Loja Copia');
    const code = screen.getByRole('textbox', { name: 'Código' });
    await userEvent.type(code, 'SP-001');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    const message = await screen.findByText('Código já utilizado por outra filial');
    // the message is the code input's own helper text, not only a notification
    expect(code).toHaveAccessibleDescription(expect.stringContaining('Código já utilizado por outra filial'));
    expect(message.closest('.MuiFormControl-root')).toContainElement(code);
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Código' })).toHaveValue('SP-001');
    expect(screen.getByRole('textbox', { name: /^Nome\s*\*?$/ })).toHaveValue('Loja Copia');
  });
});

describe('BranchEdit', () => {
  it('shows the stored lookups by name and sends the changed id with the others kept', async () => {
    const update = vi.fn(async (_r: string, params: { data: object }) => ({ data: { ...branch, ...params.data } }));
    renderEdit(provider({ update } as Partial<DataProvider>).dataProvider);
    expect(await screen.findByRole('combobox', { name: /^Tipo de filial/ })).toHaveTextContent('Loja de rua');
    expect(screen.getByRole('combobox', { name: /^Regional/ })).toHaveTextContent('Regional Sul');
    expect(screen.getByRole('combobox', { name: /^Porte/ })).toHaveTextContent('Pequeno');
    await vi.waitFor(() => expect(screen.getByRole('combobox', { name: 'Rede/empresa' })).toHaveValue('Demo Holding'));
    await vi.waitFor(() => expect(screen.getByRole('combobox', { name: 'País' })).toHaveValue('Brasil'));
    await pick('Tipo de filial', 'Shopping');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(update).toHaveBeenCalledTimes(1));
    expect(update.mock.calls[0]![0]).toBe(RESOURCE);
    expect(savedData(update)).toMatchObject({
      id: 5,
      code: 'SP-001',
      headquarter_id: 1,
      regional_id: 11,
      branch_type_id: 22,
      size_type_id: 31,
      country_id: 41,
    });
  });

  it('shows branch_code_not_unique from an update on the code field', async () => {
    const update = vi.fn(async () => {
      throw toHttpError(409, { detail: 'taken', code: 'branch_code_not_unique', fields: { code: 'branch_code_not_unique' } });
    });
    renderEdit(provider({ update } as Partial<DataProvider>).dataProvider);
    const code = await screen.findByRole('textbox', { name: 'Código' });
    await vi.waitFor(() => expect(code).toHaveValue('SP-001'));
    await userEvent.clear(code);
    await userEvent.type(code, 'RJ-002');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(code).toHaveAccessibleDescription(expect.stringContaining('Código já utilizado por outra filial')));
    expect(savedData(update)).toMatchObject({ code: 'RJ-002' });
    expect(screen.getByRole('textbox', { name: 'Código' })).toHaveValue('RJ-002');
  });
});
