import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { readSession } from '@lp/shared/client';
import { describe, expect, it } from 'vitest';
import { demoUser, fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import { LanguageSwitch } from './index.tsx';

const profile = { full_name: 'Lia Learner', nick_name: null, email: 'learner@demo.local', user_document: null };

describe('language switch', () => {
  it('before login only switches and remembers the language', async () => {
    const { fetchMock } = fakeApi({});
    await renderWithApp(<LanguageSwitch />);
    await userEvent.selectOptions(screen.getByLabelText('Idioma'), 'fr');
    expect(await screen.findByLabelText('Langue')).toHaveValue('fr');
    expect(readSession(localStorage).locale).toBe('fr');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('when logged in also saves the language on the user', async () => {
    loggedIn();
    const { calls } = fakeApi({
      'PATCH /users/profile/': [200, { ...profile, id_user_language_selected: 3 }],
      'GET /users/session/': [200, { ...demoUser, id_user_language_selected: 3 }],
    });
    await renderWithApp(<LanguageSwitch />);
    await userEvent.selectOptions(screen.getByLabelText('Idioma'), 'es');
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(JSON.parse(patch.body)).toEqual({ id_user_language_selected: 3 });
    expect(readSession(localStorage).locale).toBe('es');
    await waitFor(() => expect(screen.getByLabelText('Idioma')).toBeEnabled());
  });
});
