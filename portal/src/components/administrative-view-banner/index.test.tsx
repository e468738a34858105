import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readSession } from '@lp/shared/client';
import { demoUser, fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import { AdministrativeViewBanner } from './index.tsx';

describe('administrative view banner (spec 1 §2.3)', () => {
  it('is absent in a normal session', async () => {
    loggedIn();
    fakeApi({ 'GET /users/session/': [200, demoUser] });
    const { container } = await renderWithApp(<AdministrativeViewBanner />, { locale: 'en' });
    await new Promise((r) => setTimeout(r, 20));
    expect(container).toBeEmptyDOMElement();
  });

  it('says who is viewing as whom and ends the session on request', async () => {
    const viewed = { ...demoUser, administrative_view: { by_user_id: 1, by_name: 'Ana Admin' } };
    loggedIn(viewed);
    fakeApi({ 'GET /users/session/': [200, viewed], 'POST /o/revoke_token/': [200, {}] });
    const { memory } = await renderWithApp(<AdministrativeViewBanner />, { locale: 'en', path: '/home' });
    expect(await screen.findByRole('status')).toHaveTextContent(`you are seeing the portal as ${demoUser.full_name} (access by Ana Admin)`);
    await userEvent.click(screen.getByRole('button', { name: 'End administrative view' }));
    await waitFor(() => expect(readSession(localStorage).signed_in).toBe(false));
    expect(memory.history?.at(-1)).toBe('/');
  });
});
