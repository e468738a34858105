import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import { attempt, finished } from '../../test/learning-fixtures.ts';
import { liveClass } from '../../test/live-class-fixtures.ts';

const BASE = '/live_classes/7/tests/31/attempts';
const test = {
  id: 31, title: 'Reaction quiz', test_type: 'conventional' as const, timed: false, qty_questions: 2, maximum_attempts: null, attempts_used: 0,
  time_to_answer: null, minimum_score: 1, best_correct: null, passed: false, open_attempt_id: null,
};

describe('live class test (spec 3 §4: once the class is Finished)', () => {
  it('takes the test through the live class\'s attempt calls and goes back to the class', async () => {
    loggedIn();
    const { calls } = fakeApi({
      'GET /live_classes/7/': [200, liveClass({ role: 'participant', finished: true, status: 4, activities_available: true, tests: [test] })],
      [`POST ${BASE}/`]: [201, attempt()],
      [`PUT ${BASE}/90/answers/32/`]: [200, {}],
      [`PUT ${BASE}/90/answers/31/`]: [200, {}],
      [`POST ${BASE}/90/submit/`]: [200, finished()],
    });
    await renderWithApp(undefined, { path: '/live_classes/7/tests/31', locale: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Start test' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Red' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Right' }));
    await userEvent.click(screen.getByRole('button', { name: 'Finish test' }));
    expect(await screen.findByText('You answered 2 of 2 questions correctly.')).toBeInTheDocument();
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.path}`)).toContain(`POST ${BASE}/90/submit/`));
    expect(screen.getByRole('link', { name: 'Back to the live class' })).toHaveAttribute('href', '/live_classes/7');
  });

  it('before Finished there is no test to take', async () => {
    loggedIn();
    fakeApi({ 'GET /live_classes/7/': [200, liveClass({ role: 'participant' })] });
    await renderWithApp(undefined, { path: '/live_classes/7/tests/31', locale: 'en' });
    expect(await screen.findByText('Tests, the reaction evaluation and the certificate open when the class is finished.')).toBeInTheDocument();
  });
});
