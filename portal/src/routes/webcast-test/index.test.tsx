import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LearnerWebcast } from '@lp/shared/contract';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import { attempt, finished } from '../../test/learning-fixtures.ts';

const BASE = '/webcasts/5/tests/31/attempts';

function webcast(extra: Partial<LearnerWebcast> = {}): LearnerWebcast {
  return {
    id: 5, title: 'Summer collection launch', image: null, image_alt_text: null, webcast_type: 1, status: 4, state: 'finished',
    transmission_date: '2026-12-10T19:00:00-03:00', timezone: 'America/Sao_Paulo', workload: 1, score: 50, tags: [], subscribed: true,
    description: '', embed: 'https://www.youtube-nocookie.com/embed/abc', webcast_player_hls_playback_url: null, webcast_player_webrtc_playback_url: null, use_chat: false, chat_moderated: false,
    tests_available: true, evaluation: null, materials: [],
    tests: [{
      id: 31, title: 'Launch quiz', test_type: 'conventional', timed: false, qty_questions: 2, maximum_attempts: null, attempts_used: 0,
      time_to_answer: null, minimum_score: 1, best_correct: null, passed: false, open_attempt_id: null,
    }],
    ...extra,
  };
}

describe('webcast test (spec 2 §2.1: after the webcast is finished)', () => {
  it('takes the test through the webcast\'s attempt calls and goes back to the webcast', async () => {
    loggedIn();
    const { calls } = fakeApi({
      'GET /webcasts/5/': [200, webcast()],
      [`POST ${BASE}/`]: [201, attempt()],
      [`PUT ${BASE}/90/answers/32/`]: [200, {}],
      [`PUT ${BASE}/90/answers/31/`]: [200, {}],
      [`POST ${BASE}/90/submit/`]: [200, finished()],
    });
    await renderWithApp(undefined, { path: '/webcasts/5/tests/31', locale: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Start test' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Red' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Right' }));
    await userEvent.click(screen.getByRole('button', { name: 'Finish test' }));
    expect(await screen.findByText('You answered 2 of 2 questions correctly.')).toBeInTheDocument();
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.path}`)).toContain(`POST ${BASE}/90/submit/`));
    expect(screen.getByRole('link', { name: 'Back to the webinar' })).toHaveAttribute('href', '/webcasts/5');
  });

  it('before the end there is no test to take', async () => {
    loggedIn();
    fakeApi({ 'GET /webcasts/5/': [200, webcast({ status: 1, state: 'live', tests_available: false, tests: [] })] });
    await renderWithApp(undefined, { path: '/webcasts/5/tests/31', locale: 'en' });
    expect(await screen.findByText('Tests and the evaluation open when the webinar ends.')).toBeInTheDocument();
  });
});
