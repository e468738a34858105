import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, loginParams, renderWithApp } from '../../test/render.tsx';

/** The widget reports its state as the ALTCHA widget does (a `statechange` event with the payload). */
function widgetSolves(payload: string) {
  const widget = document.querySelector('altcha-widget')!;
  widget.dispatchEvent(new CustomEvent('statechange', { detail: { state: 'verified', payload } }));
}

describe('captcha (spec 1 §5.5)', () => {
  it('appears on the login page after the server asks for it, and its solution goes with the next login', async () => {
    let asked = 0;
    const { calls } = fakeApi({
      'GET /login_params/': [200, loginParams],
      'POST /o/token/': () => {
        asked += 1;
        return asked === 1 ? [400, { detail: 'x', code: 'captcha_required' }] : [400, { detail: 'x', code: 'invalid_username_or_password' }];
      },
    });
    await renderWithApp(undefined, { path: '/', locale: 'en' });
    expect(document.querySelector('altcha-widget')).toBeNull();
    await userEvent.type(await screen.findByLabelText('E-mail or document'), 'lia@demo.local');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Confirm you are not a robot');
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    expect(document.querySelector('altcha-widget')!.getAttribute('challenge')).toBe('/api/captcha/challenge/');
    widgetSolves('c29sdmVk');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/o/token/')).toHaveLength(2));
    const second = new URLSearchParams(calls.filter((c) => c.path === '/o/token/')[1]!.body);
    expect(second.get('captcha')).toBe('c29sdmVk');
  });

  it('is part of the sign-up form while use_recaptcha is on', async () => {
    const { calls } = fakeApi({
      'GET /login_params/': [200, { ...loginParams, user_register: true, use_recaptcha: true }],
      'POST /users/register/': [201, { outcome: 'awaiting_approval' }],
    });
    await renderWithApp(undefined, { path: '/register', locale: 'en' });
    await userEvent.type(await screen.findByLabelText('Full name'), 'Vera');
    await userEvent.type(screen.getByLabelText('E-mail'), 'vera@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret1');
    await waitFor(() => expect(document.querySelector('altcha-widget')).not.toBeNull());
    widgetSolves('cGF5bG9hZA==');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('status');
    expect(JSON.parse(calls.find((c) => c.path === '/users/register/')!.body).captcha).toBe('cGF5bG9hZA==');
  });

  it("speaks the page's language: its texts come from our locale files (pt-br here), not the widget's English", async () => {
    fakeApi({ 'GET /login_params/': [200, { ...loginParams, use_recaptcha: true }] });
    await renderWithApp(undefined, { path: '/', locale: 'pt-br' });
    await waitFor(() => expect(globalThis.$altcha?.i18n.get('pt-br')?.label).toBe('Não sou um robô'));
    await waitFor(() => expect(document.querySelector('altcha-widget')).toHaveTextContent('Não sou um robô'));
    const strings = globalThis.$altcha.i18n.get('pt-br');
    expect(strings.verified).toBe('Verificado');
    expect(strings.footer).toMatch(/^Protegido por <a href="https:\/\/altcha\.org\/"/);
    // what we leave to the widget keeps its own (English) text rather than nothing
    expect(strings.enterCode).toBe('Enter code');
  });
});
