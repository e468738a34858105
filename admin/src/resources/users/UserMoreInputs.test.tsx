import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { AdminContext, ResourceContextProvider, TestMemoryRouter, testDataProvider, type DataProvider } from 'react-admin';
import { toHttpError } from '../../dataProvider.ts';
import { UserEdit } from './UserEdit.tsx';
import { authFor, i18n } from '../../test/fixtures.ts';
import { adminUser, adminWith } from '../../test/userFixtures.ts';

const areas = [{ id: 1, name: 'Vendas' }, { id: 2, name: 'Operações' }, { id: 5, name: 'Logística' }];
const profiles = [{ id: 3, name: 'Corporativo', email_domains: [] }, { id: 4, name: 'Loja', email_domains: [] }];

function provider(overrides: Partial<DataProvider>, record = adminUser({ area_ids: [1, 2], enrollment_date: '2026-03-04T10:00:00Z' })): DataProvider {
  return testDataProvider({
    getOne: async () => ({ data: record }) as never,
    getList: async (resource) => {
      const data = resource === 'lookup_areas' ? areas : resource === 'lookup_profiles' ? profiles : [];
      return { data, total: data.length } as never;
    },
    getMany: async (resource, { ids }) => ({ data: (resource === 'lookup_areas' ? areas : profiles).filter((r) => ids.includes(r.id)) }) as never,
    ...overrides,
  });
}

function renderEdit(dataProvider: DataProvider, path = '/users/7') {
  return render(
    <TestMemoryRouter initialEntries={[path]}>
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

const choose = async (name: string | RegExp, option: string) => {
  await userEvent.click(screen.getByRole('combobox', { name }));
  await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
};

/** spec 1 §3.4 fields that came with the §3.8 lookups. */
describe('user form: the newer §3.4 fields', () => {
  it('refuses an e-mail confirmation that differs (shared rule) on its field', async () => {
    const update = vi.fn();
    renderEdit(provider({ update } as Partial<DataProvider>));
    await userEvent.type(await screen.findByLabelText('Confirmar e-mail'), 'other@demo.local');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('A confirmação não confere com o e-mail.')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
  });

  it('sends sex, time zone, user type, the main area among the chosen ones and the mandatory profiles, and shows the system dates', async () => {
    const update = vi.fn(async (_r: string, params: { data: object }) => ({ data: { ...adminUser(), ...params.data } }));
    renderEdit(provider({ update } as Partial<DataProvider>));
    await screen.findByRole('combobox', { name: 'Sexo' });
    await choose('Sexo', 'Feminino');
    await choose('Fuso horário', '(GMT-03:00) America/Sao_Paulo');
    await userEvent.click(screen.getByRole('tab', { name: 'Dados da organização' }));
    await choose('Tipo de usuário', 'Gestor');
    // only the user's areas (Vendas, Operações) are offered as the main one
    await userEvent.click(screen.getByRole('combobox', { name: 'Área principal' }));
    const offered = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent?.trim()).filter(Boolean);
    expect(offered).toEqual(['Vendas', 'Operações']);
    await userEvent.click(screen.getByRole('option', { name: 'Operações' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Perfis obrigatórios' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Loja' }));
    expect(screen.getByText('Matriculado em')).toBeInTheDocument();
    expect(screen.getByText('04/03/2026')).toBeInTheDocument();
    expect(screen.getByText('Termos aceitos em').nextSibling).toHaveTextContent('Ainda não');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(update).toHaveBeenCalledWith('users', expect.objectContaining({
      data: expect.objectContaining({ sex: 'female', timezone: 'America/Sao_Paulo', user_type: 'manager', main_area_id: 2, mandatory_profile_ids: [4] }),
    })));
  });

  it('puts the server\'s refusal of the main area on that field', async () => {
    const update = vi.fn(async () => {
      throw toHttpError(400, { detail: 'main', code: 'main_area_not_chosen', fields: { main_area_id: 'main_area_not_chosen' } });
    });
    renderEdit(provider({ update } as Partial<DataProvider>, adminUser({ area_ids: [1], main_area_id: 1 })));
    await userEvent.type(await screen.findByLabelText('Apelido'), 'Lari');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await vi.waitFor(() => expect(update).toHaveBeenCalled());
    // the error presentation opens the organisation tab, where the field says what is wrong
    const message = await screen.findByText('A área principal deve ser uma das áreas do usuário.');
    expect(message.closest('.MuiFormControl-root')).toHaveTextContent('Área principal');
  });
});
