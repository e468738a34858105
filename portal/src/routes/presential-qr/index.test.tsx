import { screen } from '@testing-library/preact';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import { learnerTestState } from '../../test/presential-fixtures.ts';

describe('the QR code link of a presential test (issue 17 item 2)', () => {
  beforeEach(() => loggedIn());

  it('opens the event\'s test while the window is open', async () => {
    fakeApi({ 'GET /presential/qr/abcDEF123456/': [200, { appointment_id: 5, title: 'Sales', event_id: 31, test: { id: 4, title: 'Room test', ...learnerTestState } }] });
    await renderWithApp(undefined, { path: '/presential/qr/abcDEF123456', locale: 'en' });
    expect(await screen.findByRole('heading', { name: 'Room test' })).toBeInTheDocument();
  });

  it('outside its window, or to someone not enrolled, says why', async () => {
    fakeApi({ 'GET /presential/qr/old12345678/': [403, { detail: 'closed', code: 'presential_test_window_closed' }] });
    await renderWithApp(undefined, { path: '/presential/qr/old12345678', locale: 'en' });
    expect(await screen.findByText('This test is not open: ask the instructor for the QR code of the test in progress')).toBeInTheDocument();
  });
});
