import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { GameAnswer, GameAnswerResult, GamePlayOf, GameState, LearnerGame, LearnerGamePlay } from '@lp/shared/contract';
import { checkAnswer, playOf } from '@lp/shared/rules';
import { GAME_EXAMPLES } from '@lp/shared/testing';
import { fakeApi, loggedIn, renderWithApp, type FakeCall } from '../../test/render.tsx';
import { courseDetail } from '../../test/course-fixtures.ts';

const content = { ...GAME_EXAMPLES.true_or_false, error_limit: 0, allow_to_skip_game: true };
const play = playOf(content, 3) as GamePlayOf<'true_or_false'>;
const fresh: GameState = { plays: 0, won: false, skipped: false, losses_in_a_row: 0, may_skip: false, done: false };

function game(patch: Partial<LearnerGame> = {}): LearnerGame {
  return { id: 31, group_training_id: 7, title: 'Safety quiz', type: 'true_or_false', score: 5, state: fresh, play: null, ...patch };
}

const stored: LearnerGamePlay = { id: 90, status: 'playing', play, answers: [], errors: 0, started_at: '2026-11-27T08:00:00Z', finished_at: null };

/** The server's answer to an answer: judged by the shared rules, the play lost at the first error (limit 0). */
function judge(call: FakeCall): [number, GameAnswerResult] {
  const { step, answer } = JSON.parse(call.body) as GameAnswer;
  const checked = checkAnswer(content, play, step, answer)!;
  const finished = !checked.correct || step === play.steps - 1;
  const won = finished ? checked.correct : null;
  const state = won === false ? { ...fresh, plays: 2, losses_in_a_row: 2, may_skip: true } : won ? { ...fresh, plays: 1, won: true, done: true } : fresh;
  return [200, { step, correct: checked.correct, solution: checked.solution, errors: checked.correct ? 0 : 1, answered: step + 1, finished, won, state }];
}

const truthOf = (step: number) => content.statements[play.statements[step]!.id]!.truth;

describe('a game of a training (spec 3 §1, §4)', () => {
  it('reads the state, starts a play, posts each answer to its play, and revalidates the training when it ends', async () => {
    loggedIn();
    const { calls } = fakeApi({
      'GET /group_trainings/7/games/31/': [200, game()],
      'POST /group_trainings/7/games/31/plays/': [201, stored],
      'POST /group_trainings/7/games/31/plays/90/answers/': judge,
      'GET /group_trainings/7/': [200, courseDetail([])],
    });
    await renderWithApp(undefined, { path: '/courses/7/games/31', locale: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Safety quiz' })).toBeInTheDocument();
    expect(screen.getByText('True or false · Worth 5 points')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Play' }));
    await userEvent.click(await screen.findByRole('button', { name: truthOf(0) ? 'True' : 'False' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: truthOf(1) ? 'True' : 'False' }));
    expect(await screen.findByRole('heading', { name: 'You won!' })).toBeInTheDocument();
    const answers = calls.filter((c) => c.method === 'POST' && c.path.endsWith('/answers/'));
    expect(answers.map((c) => JSON.parse(c.body))).toEqual([{ step: 0, answer: { truth: truthOf(0) } }, { step: 1, answer: { truth: truthOf(1) } }]);
    // the game's state is asked again, and the training page shows the server's progress
    await waitFor(() => expect(calls.filter((c) => c.method === 'GET' && c.path === '/group_trainings/7/games/31/').length).toBeGreaterThanOrEqual(2));
    const back = screen.getAllByRole('link', { name: 'Back to the training' });
    expect(back.map((a) => a.getAttribute('href'))).toEqual(['/courses/7', '/courses/7']);
    await userEvent.click(back[1]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Fire safety' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'GET' && c.path === '/group_trainings/7/')).toHaveLength(1);
  });

  it('after the second loss in a row offers the skip, posts it and goes back to the training', async () => {
    loggedIn();
    const { calls } = fakeApi({
      'GET /group_trainings/7/games/31/': [200, game({ state: { ...fresh, plays: 1, losses_in_a_row: 1 } })],
      'POST /group_trainings/7/games/31/plays/': [201, stored],
      'POST /group_trainings/7/games/31/plays/90/answers/': judge,
      'POST /group_trainings/7/games/31/skip/': [200, { ...fresh, plays: 2, losses_in_a_row: 2, skipped: true, done: true }],
      'GET /group_trainings/7/': [200, courseDetail([])],
    });
    const { memory } = await renderWithApp(undefined, { path: '/courses/7/games/31', locale: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Play again' }));
    await userEvent.click(await screen.findByRole('button', { name: truthOf(0) ? 'False' : 'True' }));
    expect(await screen.findByRole('heading', { name: 'You lost' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Skip this game' }));
    await waitFor(() => expect(memory.history?.at(-1)).toBe('/courses/7'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/group_trainings/7/games/31/skip/')).toBe(true);
  });

  it('continues the open play, and says so when the game does not exist', async () => {
    loggedIn();
    const { calls } = fakeApi({
      'GET /group_trainings/7/games/31/': [200, game({ play: stored })],
      'POST /group_trainings/7/games/31/plays/': [200, { ...stored, answers: [{ step: 0, correct: true, solution: { truth: truthOf(0) } }] }],
    });
    await renderWithApp(undefined, { path: '/courses/7/games/31', locale: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue the game' }));
    expect(await screen.findByText('Answered 1 of 2')).toBeInTheDocument();
    expect(screen.getByText(play.statements[1]!.text)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/group_trainings/7/games/31/plays/']);
  });

  it('a game that is not there: the message and the way back', async () => {
    loggedIn();
    fakeApi({ 'GET /group_trainings/7/games/99/': [404, { detail: 'Not found', code: 'not_found' }] });
    await renderWithApp(undefined, { path: '/courses/7/games/99', locale: 'en' });
    expect(await screen.findByText('This game was not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the training' })).toHaveAttribute('href', '/courses/7');
  });
});
