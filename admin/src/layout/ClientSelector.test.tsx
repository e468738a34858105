import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, testDataProvider } from 'react-admin';
import { DEFAULT_CLIENT_SETTINGS } from '@lp/shared/rules';
import { readSession } from '@lp/shared/client';
import { ClientSelector } from './ClientSelector.tsx';
import { authFor, i18n, sessionUser } from '../test/fixtures.ts';
import { fakeHttp } from '../test/fakeHttp.ts';
import { ContractHttpProvider } from '../common/http/index.ts';

const clients = [
  { id: 1, name: 'Demo Retail', home_route: 'home', settings: DEFAULT_CLIENT_SETTINGS },
  { id: 2, name: 'Other Company', home_route: 'home', settings: DEFAULT_CLIENT_SETTINGS },
];

describe('ClientSelector', () => {
  it('is hidden for users with one client', async () => {
    render(
      <AdminContext i18nProvider={i18n()} authProvider={authFor(sessionUser({ user_clients: [clients[0]!] }))}>
        <ClientSelector />
        <p>ready</p>
      </AdminContext>,
    );
    await screen.findByText('ready');
    expect(screen.queryByRole('button', { name: 'Selecionar cliente' })).not.toBeInTheDocument();
  });

  it('selects another client and stores the new session user', async () => {
    const user = sessionUser({ user_clients: clients });
    const selectClient = vi.fn(async (clientId: number) => ({ ...user, id_user_client_selected: clientId }));
    const { http } = fakeHttp({ 'POST /users/session/select_client/': (body) => selectClient((body as { client_id: number }).client_id) });
    render(
      <AdminContext i18nProvider={i18n()} authProvider={authFor(user)} dataProvider={testDataProvider()}>
        <ContractHttpProvider value={http}>
          <ClientSelector />
        </ContractHttpProvider>
      </AdminContext>,
    );
    const button = await screen.findByRole('button', { name: 'Selecionar cliente' });
    expect(button).toHaveTextContent('Demo Retail');
    await userEvent.click(button);
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Other Company' }));
    await vi.waitFor(() => expect(selectClient).toHaveBeenCalledWith(2));
    await vi.waitFor(() => expect(readSession(localStorage).user?.id_user_client_selected).toBe(2));
  });
});
