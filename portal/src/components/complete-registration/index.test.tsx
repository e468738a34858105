import { screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoUser, fakeApi, loggedIn, loginParams, renderWithApp } from '../../test/render.tsx';

describe('complete registration gate (spec 1 §4.1 pre_registered → complete_registration)', () => {
  it('asks the configured data before the page, then lets the learner through', async () => {
    const pending = { ...demoUser, must_complete_registration: true };
    loggedIn(pending);
    let completed = false;
    const { calls } = fakeApi({
      'GET /users/session/': () => [200, completed ? demoUser : pending],
      'GET /login_params/': [200, { ...loginParams, register: { fields: ['mobile'], password_strong_level: 'low' } }],
      'POST /users/complete_registration/': () => {
        completed = true;
        return [200, { detail: 'completed' }];
      },
    });
    await renderWithApp(undefined, { locale: 'en', path: '/home' });
    expect(await screen.findByRole('heading', { name: 'Complete your registration' })).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveValue('Lia Learner');
    await userEvent.click(screen.getByRole('button', { name: 'Complete registration' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Make sure that all fields are filled in');
    await userEvent.type(screen.getByLabelText('Area code'), '21');
    await userEvent.type(screen.getByLabelText('Mobile phone'), '987654321');
    await userEvent.click(screen.getByRole('button', { name: 'Complete registration' }));
    expect(await screen.findByRole('heading', { name: /Lia Learner/ })).toBeInTheDocument();
    expect(JSON.parse(calls.find((c) => c.path === '/users/complete_registration/')!.body)).toMatchObject({
      full_name: 'Lia Learner', mobile_area_code: '21', mobile: '987654321',
    });
  });
});
