import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readSession } from '@lp/shared/client';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import { AccountClosure } from './index.tsx';

describe('account closure (spec 1 §4.2)', () => {
  it('asks for confirmation, sends the request, ends the session and tells the login page', async () => {
    loggedIn();
    const { calls } = fakeApi({ 'POST /users/request_deletion/': [200, { detail: 'requested' }], 'POST /o/revoke_token/': [200, {}] });
    const { memory } = await renderWithApp(<AccountClosure />, { locale: 'en', path: '/profile' });
    await userEvent.click(screen.getByRole('button', { name: 'Request account closure' }));
    expect(calls).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('You will be logged out now');
    await userEvent.click(screen.getByRole('button', { name: 'Yes, close my account' }));
    await waitFor(() => expect(readSession(localStorage).signed_in).toBe(false));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /users/request_deletion/');
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /o/revoke_token/');
    expect(memory.history?.at(-1)).toBe('/?notice=account_closure_requested');
  });

  it('can be cancelled, and shows a refusal translated', async () => {
    loggedIn();
    fakeApi({ 'POST /users/request_deletion/': [403, { detail: 'x', code: 'permission_denied' }] });
    await renderWithApp(<AccountClosure />, { locale: 'pt-br' });
    await userEvent.click(screen.getByRole('button', { name: 'Pedir encerramento da conta' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('button', { name: 'Sim, encerrar minha conta' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Pedir encerramento da conta' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sim, encerrar minha conta' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Você não tem permissão para esta página');
    expect(readSession(localStorage).signed_in).toBe(true);
  });
});
