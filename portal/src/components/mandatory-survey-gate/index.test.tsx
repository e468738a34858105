import { screen } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LearnerSurvey } from '@lp/shared/contract';
import { demoUser, fakeApi, loggedIn, loginParams, renderWithApp } from '../../test/render.tsx';

const survey: LearnerSurvey = {
  id: 7, title: 'Store climate', mandatory: true, start_date: '2026-11-01', end_date: null, answered: false, has_draft: false, qty_questions: 2,
  description: '', show_feedback: false, feedback: null, answers: [],
  questions: [
    { id: 1, title: '<p>How is the team?</p>', question_type: 'single_choice', is_mandatory: true, options: [{ id: 11, title: 'Good' }, { id: 12, title: 'Bad' }] },
    { id: 2, title: '<p>Anything else?</p>', question_type: 'dissertative', is_mandatory: false, options: [] },
  ],
};

describe('the mandatory-survey gate (spec 1 §3.1 has_mandatory_surveys, spec 3 §5 "Select at least one option")', () => {
  it('takes the learner to the survey before the home, checks the answers, keeps a draft and sends the answers', async () => {
    const pending = { ...demoUser, has_mandatory_surveys: true };
    loggedIn(pending);
    let answered = false;
    const { calls } = fakeApi({
      'GET /users/session/': () => [200, answered ? demoUser : pending],
      'GET /login_params/': [200, loginParams],
      'GET /surveys/': () => [200, [{ ...survey, answered }]],
      'GET /surveys/7/': () => [200, { ...survey, answered }],
      'PUT /surveys/7/draft/': [200, { saved: true }],
      'POST /surveys/7/submit/': () => {
        answered = true;
        return [200, { answered: true, score: 0 }];
      },
    });
    await renderWithApp(undefined, { locale: 'en', path: '/home' });
    expect(await screen.findByText('Please answer this survey before continuing.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Hello/ })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Send answers' }));
    expect(await screen.findAllByText('Select at least one option')).not.toHaveLength(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(screen.getByLabelText('Good'));
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue later' }));
    expect(await screen.findByText('Your answers were saved')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send answers' }));
    expect(await screen.findByText('Thank you! Your answers were sent.')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/surveys/7/submit/');
    expect(JSON.parse(sent!.body)).toEqual({ answers: [{ question_id: 1, answer_ids: [11], answer_text: null }] });
  });
});
