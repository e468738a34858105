import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import {
  AdminContext,
  HttpError,
  ResourceContextProvider,
  TestMemoryRouter,
  testDataProvider,
  type DataProvider,
} from 'react-admin';
import { UserEdit } from './UserEdit.tsx';
import { authFor, i18n } from '../../test/fixtures.ts';
import { adminUser, adminWith } from '../../test/userFixtures.ts';

const countries = [
  { id: 1, name: 'Brasil', code: 'BRA', use_document_mask: true },
  { id: 2, name: 'Argentina', code: 'ARG' },
];

const profiles = [{ id: 3, name: 'Corporativo', email_domains: ['acme.com'] }, { id: 4, name: 'Loja', email_domains: [] }];

function provider(overrides: Partial<DataProvider> = {}, record = adminUser({ country_id: 1 })): DataProvider {
  return testDataProvider({
    getOne: async () => ({ data: record }) as never,
    getList: async (resource) => {
      const data = resource === 'lookup_countries' ? countries : resource === 'lookup_profiles' ? profiles : [];
      return { data, total: data.length } as never;
    },
    getMany: async () => ({ data: [] }) as never,
    ...overrides,
  });
}

function renderEdit(dataProvider: DataProvider) {
  return render(
    <TestMemoryRouter initialEntries={['/users/7']}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()} authProvider={authFor(adminWith(['users']))}>
        <ResourceContextProvider value="users">
          <Routes>
            <Route path="/users/:id/*" element={<UserEdit />} />
          </Routes>
        </ResourceContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

describe('UserForm', () => {
  it('has the personal and organisation tabs, each with its own path', async () => {
    renderEdit(provider());
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Dados pessoais', 'Dados da organização']);
    expect(tabs[1]).toHaveAttribute('href', '/users/7/organisation');
  });

  it('masks a Brazilian document and shows the shared rules translated', async () => {
    const update = vi.fn();
    renderEdit(provider({ update } as Partial<DataProvider>));
    const email = await screen.findByLabelText(/E-mail/);
    const doc = screen.getByLabelText('Documento');
    await userEvent.clear(email);
    await userEvent.type(email, 'not-an-email');
    await userEvent.type(doc, '12345678900');
    expect(doc).toHaveValue('123.456.789-00');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Endereço de e-mail inválido')).toBeInTheDocument();
    expect(screen.getByText('Documento inválido')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
  });

  it('sends a valid document unmasked', async () => {
    const update = vi.fn(async (_r: string, params: { data: object }) => ({ data: { ...adminUser(), ...params.data } }));
    renderEdit(provider({ update } as Partial<DataProvider>));
    await userEvent.type(await screen.findByLabelText('Documento'), '529.982.247-25');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() =>
      expect(update).toHaveBeenCalledWith('users', expect.objectContaining({ data: expect.objectContaining({ document: '52998224725' }) })),
    );
  });

  it('shows server field errors on the fields and keeps the input', async () => {
    const update = vi.fn(async () => {
      throw new HttpError('errors.email_not_unique', 409, {
        detail: 'taken',
        code: 'email_not_unique',
        errors: { email: 'errors.email_not_unique' },
      });
    });
    renderEdit(provider({ update } as Partial<DataProvider>));
    const email = await screen.findByLabelText(/E-mail/);
    await userEvent.clear(email);
    await userEvent.type(email, 'taken@demo.local');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('E-mail cadastrado para outro usuário')).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail/)).toHaveValue('taken@demo.local');
  });

  it('checks the e-mail against the chosen profile\'s domains (spec 1 §5.3 "Invalid email for this profile")', async () => {
    const update = vi.fn(async (_r: string, params: { data: object }) => ({ data: { ...adminUser(), ...params.data } }));
    renderEdit(provider({ update } as Partial<DataProvider>, adminUser({ country_id: 1, profile_id: 3 })));
    const email = await screen.findByLabelText(/E-mail/);
    await userEvent.clear(email);
    await userEvent.type(email, 'ana@gmail.com');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('E-mail inválido para este perfil')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
    await userEvent.clear(email);
    await userEvent.type(email, 'ana@sp.acme.com');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(update).toHaveBeenCalledWith('users', expect.objectContaining({ data: expect.objectContaining({ email: 'ana@sp.acme.com' }) })));
  });

  it('shows the user\'s superiors (approvers) on the organisation tab and sends their ids', async () => {
    const update = vi.fn(async (_r: string, params: { data: object }) => ({ data: { ...adminUser(), ...params.data } }));
    const record = adminUser({ superior_ids: [12], superiors_list: [{ id: 12, full_name: 'Sara Superior', email: 'sara@demo.local' }] });
    renderEdit(provider({ update } as Partial<DataProvider>, record));
    await userEvent.type(await screen.findByLabelText('Apelido'), 'Lari');
    await userEvent.click(screen.getByRole('tab', { name: 'Dados da organização' }));
    expect(await screen.findByText('Sara Superior')).toBeInTheDocument();
    expect(screen.getByLabelText('Superiores (aprovadores)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(update).toHaveBeenCalledWith('users', expect.objectContaining({ data: expect.objectContaining({ superior_ids: [12] }) })));
  });

  it('asks for the disability description only when the mark is on, and sends the §3.4 details', async () => {
    const update = vi.fn(async (_r: string, params: { data: object }) => ({ data: { ...adminUser(), ...params.data } }));
    renderEdit(provider({ update } as Partial<DataProvider>));
    await userEvent.type(await screen.findByLabelText('Cidade'), 'Recife');
    await userEvent.type(screen.getByLabelText('WhatsApp'), '+55 81 99999-0000');
    expect(screen.queryByLabelText('Deficiência (descrição)')).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Pessoa com deficiência'));
    await userEvent.type(await screen.findByLabelText('Deficiência (descrição)'), 'Baixa visão');
    await userEvent.click(screen.getByRole('combobox', { name: 'Estado civil' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Casado(a)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(update).toHaveBeenCalledWith('users', expect.objectContaining({
      data: expect.objectContaining({ city: 'Recife', whatsapp: '+55 81 99999-0000', is_handicapped: true, handicap_description: 'Baixa visão', marital_status: 'married' }),
    })));
  });
});
