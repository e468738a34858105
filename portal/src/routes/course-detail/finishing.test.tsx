import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loggedIn, renderWithApp } from '../../test/render.tsx';
import { courseDetail, moduleActivity } from '../../test/course-fixtures.ts';
import { postedBodies as posts, serveTraining as serve } from '../../test/course-api.ts';

// the page is a lazy chunk: transform it once before the first test's findBy* clock starts (slow on a loaded machine)
beforeAll(() => import('./index.tsx'), 60_000);

describe('after finishing (spec 2 §2.1, §4.10)', () => {
  beforeEach(() => loggedIn());

  const evaluation = {
    id: 4, title: 'How was it?', answered: false,
    questions: [
      { id: 41, title: 'Content', type: 'grade_0_10' as const },
      { id: 42, title: 'Instructor', type: 'stars' as const },
      { id: 43, title: 'Suggestions', type: 'text' as const },
    ],
  };

  it('asks to complete all activities before evaluating and commenting', async () => {
    serve(courseDetail([moduleActivity()], { evaluation, comments_enabled: true }));
    await renderWithApp(undefined, { path: '/courses/7', locale: 'en' });
    // the evaluation and the comments load after the page, each on its own
    await waitFor(() => expect(screen.getAllByText('You need to complete all activities')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Send evaluation' })).not.toBeInTheDocument();
  });

  it('sends the reaction evaluation once every grade is given', async () => {
    let answered = false;
    const { calls } = serve(() => courseDetail([moduleActivity({ status: 'finished' })], { status: 'finished', percent: 100, evaluation: { ...evaluation, answered } }), {
      'POST /group_trainings/7/evaluation/': () => {
        answered = true;
        return [201, {}];
      },
    });
    await renderWithApp(undefined, { path: '/courses/7', locale: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Send evaluation' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Make sure that all fields are filled in.');
    const grades = screen.getByRole('group', { name: 'Content' });
    await userEvent.click(within(grades).getByRole('radio', { name: '8' }));
    await userEvent.click(within(screen.getByRole('group', { name: 'Instructor' })).getByRole('radio', { name: '5 stars' }));
    await userEvent.type(screen.getByLabelText('Suggestions'), ' More drills ');
    await userEvent.click(screen.getByRole('button', { name: 'Send evaluation' }));
    expect(await screen.findByText('Thank you for your evaluation!')).toBeInTheDocument();
    expect(posts(calls, '/group_trainings/7/evaluation/')).toEqual([{
      answers: [{ question_id: 41, grade: 8 }, { question_id: 42, stars: 5 }, { question_id: 43, text: 'More drills' }],
    }]);
  });

  it('translates a refused evaluation', async () => {
    serve(courseDetail([], { status: 'finished', evaluation: { ...evaluation, questions: [evaluation.questions[2]!] } }), {
      'POST /group_trainings/7/evaluation/': [409, { detail: 'x', code: 'evaluation_already_answered' }],
    });
    await renderWithApp(undefined, { path: '/courses/7', locale: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Send evaluation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have already answered this evaluation');
  });

  it('comments once: the form after finishing, then "you already commented"; published comments listed', async () => {
    let commented = false;
    const { calls } = serve(() => courseDetail([], { status: 'finished', comments_enabled: true, can_comment: !commented }), {
      'GET /group_trainings/7/comments/': () => [200, {
        count: commented ? 1 : 0,
        results: commented ? [{ id: 1, author: 'Lia Learner', stars: 4, comment: 'Very useful', created_at: '2026-11-20T12:00:00Z', mine: true }] : [],
      }],
      'POST /group_trainings/7/comments/': () => {
        commented = true;
        return [201, {}];
      },
    });
    await renderWithApp(undefined, { path: '/courses/7', locale: 'en' });
    expect(await screen.findByText('No comments yet.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Your comment'), 'Very useful');
    await userEvent.click(within(screen.getByRole('group', { name: 'Your rating (optional)' })).getByRole('radio', { name: '4 stars' }));
    await userEvent.click(screen.getByRole('button', { name: 'Publish comment' }));
    expect(await screen.findByText('Your comment was sent.')).toBeInTheDocument();
    expect(posts(calls, '/group_trainings/7/comments/')).toEqual([{ comment: 'Very useful', stars: 4 }]);
    expect(await screen.findByText('Very useful')).toBeInTheDocument();
    expect(screen.getByText('11-20-2026')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Your comment')).not.toBeInTheDocument());
  });

  it('says "you already commented" when the server refuses a second comment', async () => {
    let refused = false;
    serve(() => courseDetail([], { status: 'finished', comments_enabled: true, can_comment: !refused }), {
      'POST /group_trainings/7/comments/': () => {
        refused = true;
        return [409, { detail: 'x', code: 'you_already_commented' }];
      },
    });
    await renderWithApp(undefined, { path: '/courses/7', locale: 'en' });
    await userEvent.type(await screen.findByLabelText('Your comment'), 'Again');
    await userEvent.click(screen.getByRole('button', { name: 'Publish comment' }));
    expect(await screen.findByText('You already commented')).toBeInTheDocument();
    expect(screen.queryByLabelText('Your comment')).not.toBeInTheDocument();
  });

  it('restarts the training after a confirmation', async () => {
    let restarted = false;
    const { calls } = serve(() => courseDetail([moduleActivity({ status: restarted ? 'not_started' : 'finished' })], { status: restarted ? 'ongoing' : 'finished' }), {
      'POST /group_trainings/7/restart/': () => {
        restarted = true;
        return [200, {}];
      },
    });
    await renderWithApp(undefined, { path: '/courses/7', locale: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Restart training' }));
    expect(screen.getByText(/All your progress in this training will be erased/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(posts(calls, '/group_trainings/7/restart/')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Restart training' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, restart' }));
    expect(await screen.findByText('The training was restarted.')).toBeInTheDocument();
    expect(posts(calls, '/group_trainings/7/restart/')).toEqual([{}]);
    expect(await screen.findByRole('button', { name: 'Open Intro video' })).toBeInTheDocument();
  });

  it('offers no restart to a blocked learner (the server refuses it)', async () => {
    serve(() => courseDetail([moduleActivity({ status: 'finished' })], { status: 'blocked' }));
    await renderWithApp(undefined, { path: '/courses/7', locale: 'en' });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restart training' })).not.toBeInTheDocument();
  });

  it('closes the confirmation when the server refuses the restart, showing why', async () => {
    serve(() => courseDetail([moduleActivity({ status: 'finished' })], { status: 'finished' }), {
      'POST /group_trainings/7/restart/': [403, { code: 'training_blocked', detail: 'You are blocked in this training' }],
    });
    await renderWithApp(undefined, { path: '/courses/7', locale: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Restart training' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes, restart' }));
    expect(await screen.findByText('You are blocked in this training')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Yes, restart' })).not.toBeInTheDocument();
    expect(screen.queryByText(/All your progress in this training will be erased/)).not.toBeInTheDocument();
  });
});
