import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_PARAMS } from '@lp/shared/contract';
import { demoUser, fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';

const profile = { full_name: 'Lia Learner', nick_name: null, email: 'learner@demo.local', user_document: null, id_user_language_selected: 2 };

describe('profile badges (spec 1 §2.2 profile, spec 3 §1 badges)', () => {
  it('shows the badges earned and those still to earn with the way there', async () => {
    loggedIn();
    fakeApi({
      'GET /users/session/': [200, demoUser],
      'GET /users/profile/': [200, profile],
      'GET /login_params/': [200, DEFAULT_LOGIN_PARAMS],
      'GET /badges/': [200, {
        earned: [{ id: 1, title: 'First training', description: 'Completed a first training.', image_url: null, awarded_at: '2026-11-20T10:00:00Z', progress: { metric: 'trainings_completed', current: 1, target: 1, percent: 100 } }],
        to_earn: [
          { id: 2, title: 'Five trainings', description: '', image_url: '/media/images/badges/1/x/five.png', awarded_at: null, progress: { metric: 'trainings_completed', current: 1, target: 5, percent: 20 } },
          { id: 3, title: 'Store ambassador', description: '', image_url: null, awarded_at: null, progress: null },
        ],
      }],
    });
    await renderWithApp(undefined, { path: '/profile', locale: 'en' });
    const section = await screen.findByRole('region', { name: 'Badges' });
    const earned = await within(section).findByRole('list', { name: 'Earned' });
    expect(within(earned).getByText('First training')).toBeInTheDocument();
    expect(within(earned).getByText('Earned on 11-20-2026')).toBeInTheDocument();
    const toEarn = within(section).getByRole('list', { name: 'To earn' });
    expect(within(toEarn).getByText('1 of 5')).toBeInTheDocument();
    expect(within(toEarn).getByRole('progressbar', { name: 'Trainings completed' })).toHaveAttribute('value', '1');
    expect(within(toEarn).getByText('Awarded by the team')).toBeInTheDocument();
    // the rest of the profile stays
    expect(await screen.findByLabelText('Full name')).toHaveValue('Lia Learner');
  });

  it('says so when no badge is earned yet', async () => {
    loggedIn();
    fakeApi({
      'GET /users/session/': [200, demoUser],
      'GET /users/profile/': [200, profile],
      'GET /login_params/': [200, DEFAULT_LOGIN_PARAMS],
      'GET /badges/': [200, { earned: [], to_earn: [] }],
    });
    await renderWithApp(undefined, { path: '/profile', locale: 'en' });
    expect(await screen.findByText('You have no badges yet. Finish trainings and trails to earn your first ones!')).toBeInTheDocument();
  });
});

describe('profile personal info, contact and earned points (spec 1 §2.2)', () => {
  it('edits gender, birthday and the phones of each kind (mobile digits only) and shows the points statement', async () => {
    loggedIn();
    const stored = { ...profile, gender: 'female', birthday: '1990-05-17', mobile_country_code: '55', mobile_area_code: '11', mobile: '987654321', commercial_phone: null, residential_phone: null, whatsapp: null };
    const { calls } = fakeApi({
      'GET /users/session/': [200, demoUser],
      'GET /users/profile/': [200, stored],
      'PATCH /users/profile/': (call) => [200, { ...stored, ...JSON.parse(call.body) }],
      'GET /login_params/': [200, DEFAULT_LOGIN_PARAMS],
      'GET /badges/': [200, { earned: [], to_earn: [] }],
      'GET /home/points/': [200, { count: 1, next: null, previous: null, results: [{ id: 1, points: 30, reason: 'training_completed', title: 'Onboarding', created_at: '2026-11-20T10:00:00Z' }] }],
    });
    await renderWithApp(undefined, { path: '/profile', locale: 'en' });
    expect(await screen.findByLabelText('Gender')).toHaveValue('female');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('1990-05-17');
    expect(screen.getByLabelText('Mobile')).toHaveValue('987654321');
    await userEvent.clear(screen.getByLabelText('Mobile'));
    await userEvent.type(screen.getByLabelText('Mobile'), '91234-5678');
    await userEvent.type(screen.getByLabelText('WhatsApp'), '5511912345678');
    await userEvent.clear(screen.getByLabelText('Gender'));
    await userEvent.type(screen.getByLabelText('Gender'), 'non-binary');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    const body = JSON.parse(calls.find((c) => c.method === 'PATCH')!.body);
    expect(body).toMatchObject({ gender: 'non-binary', birthday: '1990-05-17', mobile: '912345678', whatsapp: '5511912345678', commercial_phone: null });
    const points = screen.getByRole('region', { name: 'Earned points' });
    expect(await within(points).findByText('Onboarding')).toBeInTheDocument();
  });
});

