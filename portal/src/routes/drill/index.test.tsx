import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LearnerDrillDay } from '@lp/shared/contract';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';

const soon = () => new Date(Date.now() + 30_000).toISOString();
const day = (over: Partial<LearnerDrillDay> = {}): LearnerDrillDay => ({
  id: 4, title: 'Daily safety', start_date: '2026-11-23', end_date: '2026-11-29', drill_day: true, done_today: false, approved: false, correct: 0,
  minimum_score: 2, qty_questions_frequency: 2, time_to_answer: 30, description: '', show_feedback: true, date: '2026-11-27',
  answered: [], total_today: 2, server_now: new Date().toISOString(),
  current: { id: 11, position: 1, title: 'Where is the extinguisher?', answers: [{ id: 1, title: 'At the door' }, { id: 2, title: 'On the roof' }], deadline_at: soon() },
  ...over,
});

describe("today's drill (spec 3 §3 \"Drill\": one question at a time against the server's timer)", () => {
  it('shows the countdown, sends the answer and shows the feedback and the next question', async () => {
    loggedIn();
    const next = day({
      correct: 1,
      answered: [{ id: 11, position: 1, title: 'Where is the extinguisher?', answers: [], answer_id: 1, timed_out: false, correct: true, correct_answer_id: 1 }],
      current: { id: 12, position: 2, title: 'Which gloves?', answers: [{ id: 3, title: 'Rubber' }, { id: 4, title: 'None' }], deadline_at: soon() },
    });
    const { calls } = fakeApi({
      'GET /drills/4/today/': [200, day()],
      'POST /drills/4/today/answer/': [200, { correct: true, correct_answer_id: 1, day: next }],
    });
    await renderWithApp(undefined, { path: '/drills/4', locale: 'en' });
    expect(await screen.findByRole('timer')).toHaveTextContent(/00:(29|30)/);
    await userEvent.click(screen.getByRole('radio', { name: 'At the door' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm answer' }));
    expect(await screen.findByText('Which gloves?')).toBeInTheDocument();
    expect(screen.getAllByText('Right answer!').length).toBeGreaterThan(0);
    await waitFor(() => expect(JSON.parse(String(calls.find((c) => c.method === 'POST')?.body))).toEqual({ question_id: 11, answer_id: 1 }));
  });

  it('a drill that has no questions today says so', async () => {
    loggedIn();
    fakeApi({ 'GET /drills/4/today/': [409, { code: 'drill_no_questions_today', detail: 'x' }] });
    await renderWithApp(undefined, { path: '/drills/4', locale: 'en' });
    expect(await screen.findByText('There are no questions of this drill for you today')).toBeInTheDocument();
  });
});
