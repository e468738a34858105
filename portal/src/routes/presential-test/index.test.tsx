import { screen } from '@testing-library/preact';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import { learnerTestState, presentialDetail, presentialEvent } from '../../test/presential-fixtures.ts';

describe('an event\'s online test (issue 17 item 2)', () => {
  beforeEach(() => loggedIn());

  it('opens the test the detail lists for the event', async () => {
    fakeApi({ 'GET /presential/5/': [200, presentialDetail({ finished: true, events: [presentialEvent({ enrolled: true, tests: [{ id: 4, title: 'Final test', ...learnerTestState }] })] })] });
    await renderWithApp(undefined, { path: '/presential/5/events/31/tests/4', locale: 'en' });
    expect(await screen.findByRole('heading', { name: 'Final test' })).toBeInTheDocument();
  });

  it('before the training is finished, says to wait', async () => {
    fakeApi({ 'GET /presential/5/': [200, presentialDetail({ events: [presentialEvent({ enrolled: true, tests_refusal: 'event_not_finished' })] })] });
    await renderWithApp(undefined, { path: '/presential/5/events/31/tests/4', locale: 'en' });
    expect(await screen.findByText('Training not completed by the instructor, please wait')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the training' })).toHaveAttribute('href', '/presential/5');
  });
});
