import { act, screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeApi, loginParams, renderWithApp } from '../../test/render.tsx';
import { HELP_REDIRECT_MS } from './index.tsx';

describe('recover password by SMS (spec 1 §2.1)', () => {
  it('sends the code to the phone typed, then opens the set-new-password step', async () => {
    const { calls } = fakeApi({
      'GET /login_params/': [200, loginParams],
      'POST /users/recover_password/sms/': [200, { detail: 'sent' }],
      'POST /users/recover_password/sms/confirm/': [200, { username: 'lia@demo.local', uidb64: 'Mw', token: 'tok3n' }],
      'POST /users/recover_password/check/': [200, { detail: 'valid' }],
    });
    const { memory } = await renderWithApp(undefined, { path: '/recover-password', locale: 'en' });
    await userEvent.click(await screen.findByRole('link', { name: 'Recover by SMS' }));
    await userEvent.type(await screen.findByLabelText('E-mail or document'), 'lia@demo.local');
    await userEvent.type(screen.getByLabelText('Area code'), '21');
    await userEvent.type(screen.getByLabelText('Mobile phone'), '987654321');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await userEvent.type(await screen.findByLabelText('Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm code' }));
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
    expect(memory.history?.at(-1)).toBe('/recover-password/lia%40demo.local/Mw/tok3n');
    expect(JSON.parse(calls.find((c) => c.path === '/users/recover_password/sms/')!.body)).toEqual({ username: 'lia@demo.local', phone_area_code: '21', phone: '987654321' });
    expect(JSON.parse(calls.find((c) => c.path === '/users/recover_password/sms/confirm/')!.body)).toEqual({ username: 'lia@demo.local', code: '123456' });
  });

  it('tells a different phone and sends the person to help', async () => {
    fakeApi({
      'GET /login_params/': [200, loginParams],
      'POST /users/recover_password/sms/': [400, { detail: 'x', code: 'phone_mismatch', fields: { phone: 'phone_mismatch' } }],
    });
    const { memory } = await renderWithApp(undefined, { path: '/recover-password/sms', locale: 'en' });
    await userEvent.type(await screen.findByLabelText('E-mail or document'), 'lia@demo.local');
    await userEvent.type(screen.getByLabelText('Area code'), '11');
    await userEvent.type(screen.getByLabelText('Mobile phone'), '911112222');
    expect(screen.getByRole('link', { name: 'Try another way' })).toHaveAttribute('href', '/recover-password');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      screen.getByRole('button', { name: 'Send code' }).click();
      expect(await screen.findByRole('alert')).toHaveTextContent('Phone informed is not the same; you will be redirected to help');
      // the effect that starts the countdown runs after paint, then the countdown
      await act(() => { vi.advanceTimersByTime(200); });
      await act(() => { vi.advanceTimersByTime(HELP_REDIRECT_MS); });
    } finally {
      vi.useRealTimers();
    }
    expect(memory.history?.at(-1)).toBe('/help');
  });
});
