import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, RecordContextProvider, testDataProvider } from 'react-admin';
import { readSession } from '@lp/shared/client';
import { LoginAsButton } from './LoginAsButton.tsx';
import { fakeHttp } from '../../test/fakeHttp.ts';
import { ContractHttpProvider } from '../../common/http/index.ts';
import { authFor, i18n, sessionUser } from '../../test/fixtures.ts';
import { adminUser, adminWith } from '../../test/userFixtures.ts';

describe('LoginAsButton', () => {
  it('warns first, then takes over the user\'s session and opens the portal in a new tab', async () => {
    const learner = sessionUser({ id: 7, full_name: 'Lara Learner', administrative_view: { by_user_id: 2, by_name: 'Igor' } });
    const loginAsUser = vi.fn(async (_id: number) => ({
      access_token: 'a-7', refresh_token: 'r-7', token_type: 'Bearer' as const, expires_in: 3600, scope: 'read write',
    }));
    const sessionUserCall = vi.fn(async () => learner);
    const adoptSession = vi.fn(async (_token: string) => undefined);
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const { http } = fakeHttp(({ method, path, body }) => {
      const loginAs = /^\/admin_users\/users\/(\d+)\/login_as\/$/.exec(path);
      if (loginAs) return loginAsUser(Number(loginAs[1]));
      if (path === 'adopt') return adoptSession(body as string);
      if (method === 'GET' && path === '/users/session/') return sessionUserCall();
      throw new Error(`unexpected ${path}`);
    });
    render(
      <AdminContext dataProvider={testDataProvider()} i18nProvider={i18n()} authProvider={authFor(adminWith(['login_as_user']))}>
        <ContractHttpProvider value={http}>
          <RecordContextProvider value={adminUser()}>
            <LoginAsButton />
          </RecordContextProvider>
        </ContractHttpProvider>
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
