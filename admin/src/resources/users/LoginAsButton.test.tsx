import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, RecordContextProvider, testDataProvider, type DataProvider } from 'react-admin';
import { readSession } from '@lp/shared/client';
import { LoginAsButton } from './LoginAsButton.tsx';
import { authFor, i18n, sessionUser } from '../../test/fixtures.ts';
import { adminUser, adminWith } from '../../test/userFixtures.ts';

describe('LoginAsButton', () => {
  it('warns first, then takes over the user\'s session and opens the portal in a new tab', async () => {
    const learner = sessionUser({ id: 7, full_name: 'Lara Learner', administrative_view: { by_user_id: 2, by_name: 'Igor' } });
    const loginAsUser = vi.fn(async () => ({
      access_token: 'a-7', refresh_token: 'r-7', token_type: 'Bearer' as const, expires_in: 3600, scope: 'read write',
    }));
    const sessionUserCall = vi.fn(async () => learner);
    const adoptSession = vi.fn(async () => undefined);
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const dataProvider = { ...testDataProvider(), loginAsUser, adoptSession, sessionUser: sessionUserCall } as unknown as DataProvider;
    render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18n()} authProvider={authFor(adminWith(['login_as_user']))}>
        <RecordContextProvider value={adminUser()}>
          <LoginAsButton />
        </RecordContextProvider>
      </AdminContext>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Visão administrativa' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Sua sessão de administrador neste navegador passará a ser a sessão deste usuário');
    expect(loginAsUser).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await vi.waitFor(() => expect(open).toHaveBeenCalledWith('/', '_blank'));
    expect(loginAsUser).toHaveBeenCalledWith(7);
    // the session is taken over through the cookie; storage keeps no token
    expect(adoptSession).toHaveBeenCalledWith('r-7');
    expect(adoptSession.mock.invocationCallOrder[0]).toBeLessThan(sessionUserCall.mock.invocationCallOrder[0]!);
    const stored = readSession(localStorage);
    expect(JSON.stringify(stored)).not.toContain('a-7');
    expect(stored.user?.full_name).toBe('Lara Learner');
    open.mockRestore();
  });
});
