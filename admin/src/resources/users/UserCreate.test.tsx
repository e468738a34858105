import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { AdminContext, ResourceContextProvider, TestMemoryRouter, testDataProvider, type DataProvider } from 'react-admin';
import { UserCreate } from './UserCreate.tsx';
import { authFor, i18n } from '../../test/fixtures.ts';
import { adminUser, adminWith } from '../../test/userFixtures.ts';

const countries = [
  { id: 1, name: 'Brasil', code: 'BRA', use_document_mask: true },
  { id: 2, name: 'Argentina', code: 'ARG', use_document_mask: true },
];

function renderCreate(create: DataProvider['create']) {
  const dataProvider = testDataProvider({
    getList: async (resource) => {
      const data = resource === 'lookup_countries' ? countries : [];
      return { data, total: data.length } as never;
    },
    getMany: async () => ({ data: [] }) as never,
    getOne: async () => ({ data: adminUser() }) as never,
    create,
  });
  return render(
    <TestMemoryRouter initialEntries={['/users/create']}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()} authProvider={authFor(adminWith(['users']))}>
        <ResourceContextProvider value="users">
          <Routes>
            <Route path="/users/create/*" element={<UserCreate />} />
            <Route path="/users/:id/*" element={<p>edit</p>} />
          </Routes>
        </ResourceContextProvider>
      </AdminContext>
    </TestMemoryRouter>,
  );
}

const created = (data: object) => ({ data: { ...adminUser(), ...data, id: 9 } });

// the whole user form, typed into: slower than the suite's default timeout on a busy machine
const SLOW = 90_000;

describe('UserCreate', () => {
  it('starts in the client\'s default country (spec 1 §5.2): the document is masked and 123.456.789-00 refused', async () => {
    const create = vi.fn();
    renderCreate(create as never);
    const doc = await screen.findByLabelText('Documento');
    await userEvent.type(doc, '12345678900');
    expect(doc).toHaveValue('123.456.789-00');
    await userEvent.type(screen.getByLabelText(/Nome completo/), 'Nova Pessoa');
    await userEvent.type(screen.getByLabelText(/E-mail/), 'nova@demo.local');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Documento inválido')).toBeInTheDocument();
    await waitFor(() => expect(doc).toHaveFocus());
    expect(create).not.toHaveBeenCalled();
  }, SLOW);

  it('marks the fields the rules always require with *', async () => {
    renderCreate(vi.fn() as never);
    expect(await screen.findByLabelText(/Nome completo \*/)).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail \*/)).toBeInTheDocument();
  }, SLOW);

  it('sends a first-access link by default; "set the password now" asks for the password and sends it', async () => {
    const create = vi.fn(async (_r: string, params: { data: Record<string, unknown> }) => created(params.data));
    renderCreate(create as never);
    await userEvent.type(await screen.findByLabelText(/Nome completo/), 'Nova Pessoa');
    await userEvent.type(screen.getByLabelText(/E-mail/), 'nova@demo.local');
    expect(screen.getByRole('radio', { name: 'Enviar por e-mail um link de primeiro acesso' })).toBeChecked();
    expect(screen.queryByLabelText(/^Senha/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Definir a senha agora' }));
    const password = await screen.findByLabelText(/^Senha \*/);
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(password).toHaveFocus());
    expect(create).not.toHaveBeenCalled();

    await userEvent.type(password, 'Chosen#Pass1');
    await userEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(create).toHaveBeenCalledWith('users', expect.objectContaining({
      data: expect.objectContaining({ password_choice: 'set', password: 'Chosen#Pass1', country_id: 1 }),
    })));
  }, SLOW);
});
