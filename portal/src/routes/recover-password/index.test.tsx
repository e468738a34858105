import { screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, loginParams, renderWithApp } from '../../test/render.tsx';

describe('recover password', () => {
  it('shows email_not_found translated', async () => {
    fakeApi({
      'GET /login_params/': [200, loginParams],
      'POST /users/recover_password/': [404, { detail: 'x', code: 'email_not_found' }],
    });
    await renderWithApp(undefined, { path: '/recover-password', locale: 'es' });
    await userEvent.type(await screen.findByLabelText('Correo electrónico'), 'nobody@demo.local');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Correo electrónico no encontrado. Confirme e intente nuevamente.');
  });

  it('tells the user to check the e-mail once sent', async () => {
    const { calls } = fakeApi({
      'GET /login_params/': [200, loginParams],
      'POST /users/recover_password/': [200, { detail: 'sent' }],
    });
    await renderWithApp(undefined, { path: '/recover-password', locale: 'en' });
    await userEvent.type(await screen.findByLabelText('E-mail'), 'learner@demo.local');
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a link to learner@demo.local. Check your e-mail.');
    expect(JSON.parse(calls.find((c) => c.path === '/users/recover_password/')!.body)).toEqual({ email: 'learner@demo.local' });
  });
});
