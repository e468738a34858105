import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, type AuthProvider } from 'react-admin';
import { LoginPage } from './LoginPage.tsx';
import { authFor, i18n, loginParams } from '../test/fixtures.ts';
import type { LoginParams } from '@lp/shared/contract';

function stubLoginParams(params: LoginParams) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(params), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderLogin(authProvider: AuthProvider = authFor(null)) {
  return render(
    <AdminContext i18nProvider={i18n()} authProvider={authProvider}>
      <LoginPage />
    </AdminContext>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('renders the login params of GET /api/login_params/', async () => {
    const fetchMock = stubLoginParams(loginParams());
    renderLogin();
    expect(await screen.findByRole('heading', { name: 'Bem-vindo à Academia' })).toBeInTheDocument();
    expect(screen.getByText('Use seu e-mail corporativo')).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail ou documento/)).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/login_params/', undefined);
  });

  it('shows the maintenance message when under_maintenance', async () => {
    stubLoginParams(loginParams({ under_maintenance: true, accept_document: false }));
    renderLogin();
    expect(await screen.findByRole('status')).toHaveTextContent('Estamos realizando manutenção');
    expect(screen.getByLabelText(/^E-mail/)).toBeInTheDocument();
  });

  it('shows the translated error of a failed login', async () => {
    stubLoginParams(loginParams());
    const auth: AuthProvider = { ...authFor(null), login: () => Promise.reject(new Error('errors.invalid_username_or_password')) };
    renderLogin(auth);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/E-mail ou documento/), 'someone@demo.local');
    await user.type(screen.getByLabelText(/Senha/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Usuário ou senha inválidos');
    // the focus goes back to the password, selected to type again (#25 "focus is lost after a failed login")
    const password = screen.getByLabelText(/Senha/) as HTMLInputElement;
    expect(password).toHaveFocus();
    expect([password.selectionStart, password.selectionEnd]).toEqual([0, 'wrong'.length]);
  });

  it('focuses the first empty field (spec 1 §8.5 make_sure_that_all_fields_are_filled_in)', async () => {
    stubLoginParams(loginParams());
    renderLogin();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Senha/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail/)).toHaveFocus();
  });
});
