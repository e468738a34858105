import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LearnerGeneralTestCard } from '@lp/shared/contract';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import { attempt, finished } from '../../test/learning-fixtures.ts';

const card: LearnerGeneralTestCard = {
  id: 5, title: 'Product assessment', description: '', test_type: 'timed_block_general', test_id: 50, minimum_score: 1, questions: 2,
  time_to_finish: 10, unpublish_date: null, standing: 'not_started',
};
const BASE = '/general_tests/5/tests/50/attempts';

describe('general test page (spec 3 §4: one timed attempt, no reload)', () => {
  it('warns about reloading and takes the attempt through the general test\'s calls', async () => {
    loggedIn();
    const deadline = new Date(Date.now() + 600_000).toISOString();
    const timed = attempt({ timed: true, one_at_a_time: true, deadline_at: deadline, server_now: new Date().toISOString() });
    const { calls } = fakeApi({
      'GET /general_tests/5/': [200, card],
      [`POST ${BASE}/`]: [201, timed],
    });
    await renderWithApp(undefined, { path: '/general_tests/5', locale: 'en' });
    expect(await screen.findByText('One attempt, within the time limit. Do not reload or leave the page: that ends the attempt.')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Start test' }));
    expect(await screen.findByRole('timer')).toBeInTheDocument();
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.path}`)).toContain(`POST ${BASE}/`));
    // the page never reads the attempt back (the server would end it)
    expect(calls.some((c) => c.method === 'GET' && c.path.startsWith(`${BASE}/`))).toBe(false);
  });

  it('after a reload, starting again shows the attempt the server ended', async () => {
    loggedIn();
    fakeApi({
      'GET /general_tests/5/': [200, { ...card, standing: 'in_progress' }],
      [`POST ${BASE}/`]: [200, finished({ correct_count: 1, passed: true }, { timed: true })],
    });
    await renderWithApp(undefined, { path: '/general_tests/5', locale: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Start test' }));
    expect(await screen.findByText('You answered 1 of 2 questions correctly.')).toBeInTheDocument();
  });
});
