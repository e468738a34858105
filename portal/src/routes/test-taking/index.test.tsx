import { act, screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Attempt } from '@lp/shared/contract';
import { fakeApi, loggedIn, renderWithApp, type FakeCall } from '../../test/render.tsx';
import { attempt, finished, testActivity, training } from '../../test/learning-fixtures.ts';

const BASE = '/group_trainings/7/tests/21/attempts';
const PAGE = '/courses/7/tests/21';

/** Every answer PUT, as sent. */
const answerPuts = (calls: FakeCall[]) => calls.filter((c) => c.method === 'PUT').map((c) => [c.path, JSON.parse(c.body)]);

async function open(routes: Parameters<typeof fakeApi>[0], path = PAGE) {
  loggedIn();
  const api = fakeApi({ 'GET /group_trainings/7/': [200, training()], ...routes });
  await renderWithApp(undefined, { path, locale: 'en' });
  return api;
}

describe('test taking (spec 2 §4.8, §5.12)', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the drawn questions in the attempt order and saves each answer as it is given', async () => {
    const { calls } = await open({
      'POST /group_trainings/7/tests/21/attempts/': [201, attempt()],
      [`PUT ${BASE}/90/answers/32/`]: [200, {}],
      [`PUT ${BASE}/90/answers/31/`]: [200, {}],
    });
    expect(await screen.findByRole('heading', { name: 'Final test' })).toBeInTheDocument();
    expect(screen.getByText('Unlimited attempts until you reach the minimum score.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start test' }));
    const groups = await screen.findAllByRole('radiogroup');
    expect(groups.map((g) => g.textContent)).toEqual(['GreenRed', 'LeftRight']);
    expect(screen.getByText('Question 1 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Red' }));
    const first = screen.getByRole('radiogroup', { name: 'Which colour means stop?' });
    await waitFor(() => expect(first.parentElement).toHaveTextContent('Answer saved'));
    expect(answerPuts(calls)).toEqual([[`${BASE}/90/answers/32/`, { answer_id: 322 }]]);
    // one question still unanswered: the summary does not claim every answer
    expect(screen.getByText('1 of 2 answers saved.')).toHaveAttribute('role', 'status');
    expect(screen.queryByText('All answers are saved.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Right' }));
    expect(await screen.findByText('All answers are saved.')).toHaveAttribute('role', 'status');
  });

  it('asks for every answer before submitting, then shows the result and the attempts left', async () => {
    const { calls } = await open({
      'POST /group_trainings/7/tests/21/attempts/': [201, attempt()],
      [`PUT ${BASE}/90/answers/32/`]: [200, {}],
      [`PUT ${BASE}/90/answers/31/`]: [200, {}],
      [`POST ${BASE}/90/submit/`]: [200, finished({ correct_count: 1, passed: false, attempts_left: 2 })],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Start test' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'Red' }));
    await userEvent.click(screen.getByRole('button', { name: 'Finish test' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You must answer all questions');
    expect(calls.some((c) => c.path.endsWith('/submit/'))).toBe(false);
    // the unanswered question is marked and takes the focus
    expect(screen.getByRole('radio', { name: 'Left' })).toHaveFocus();
    expect(screen.getByRole('radiogroup', { name: 'Where is the exit?' })).toHaveAttribute('aria-invalid', 'true');
    await userEvent.click(screen.getByRole('radio', { name: 'Right' }));
    await userEvent.click(screen.getByRole('button', { name: 'Finish test' }));
    expect(await screen.findByText('You answered 1 of 2 questions correctly.')).toBeInTheDocument();
    expect(screen.getByText('You did not reach the minimum score.')).toBeInTheDocument();
    expect(screen.getByText('Attempts left: 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(answerPuts(calls).map(([path]) => path)).toEqual([`${BASE}/90/answers/32/`, `${BASE}/90/answers/31/`]);
  });

  it('says what the server answers when it refuses the submit for unanswered questions', async () => {
    await open({
      'POST /group_trainings/7/tests/21/attempts/': [201, attempt({ questions: attempt().questions.map((q) => ({ ...q, answer_id: q.answers[0]!.id })) })],
      [`POST ${BASE}/90/submit/`]: [400, { detail: 'answer all', code: 'you_must_answer_all_questions' }],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Start test' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Finish test' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You must answer all questions');
    expect(screen.getByRole('button', { name: 'Finish test' })).toBeEnabled();
  });

  it('resumes an attempt in progress with its answers and sends again what a reload kept unsaved', async () => {
    localStorage.setItem('lp-attempt-90', JSON.stringify([[31, { answer_id: 312, confirm: false }]]));
    const questions = attempt().questions.map((q) => (q.id === 32 ? { ...q, answer_id: 321 } : q));
    const { calls } = await open({
      'GET /group_trainings/7/': [200, training([testActivity({}, { open_attempt_id: 90, attempts_used: 1 })])],
      'POST /group_trainings/7/tests/21/attempts/': [200, attempt({ questions })],
      [`PUT ${BASE}/90/answers/31/`]: [200, {}],
    });
    expect(await screen.findByRole('radio', { name: 'Green' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Right' })).toBeChecked();
    await waitFor(() => expect(answerPuts(calls)).toEqual([[`${BASE}/90/answers/31/`, { answer_id: 312 }]]));
    await waitFor(() => expect(localStorage.getItem('lp-attempt-90')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Start test' })).not.toBeInTheDocument();
  });

  it('keeps an answer through a dropped connection and retries until it is saved', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let down = true;
    const { calls } = await open({
      'POST /group_trainings/7/tests/21/attempts/': [201, attempt()],
      [`PUT ${BASE}/90/answers/32/`]: () => {
        if (down) throw new TypeError('Failed to fetch');
        return [200, {}];
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Start test' }));
    await user.click(await screen.findByRole('radio', { name: 'Red' }));
    expect(await screen.findByText('No connection: the answer will be sent as soon as possible')).toBeInTheDocument();
    expect(screen.getByText(/Your answers are kept/)).toBeInTheDocument();
    expect(localStorage.getItem('lp-attempt-90')).toContain('322');
    down = false;
    await act(async () => { await vi.advanceTimersByTimeAsync(3000); });
    expect(await screen.findByText('Answer saved')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Red' })).toBeChecked();
    expect(answerPuts(calls).length).toBeGreaterThanOrEqual(2);
    expect(localStorage.getItem('lp-attempt-90')).toBeNull();
  });

  it('tries the submit again after a network failure (the server makes it idempotent)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let submits = 0;
    await open({
      'POST /group_trainings/7/tests/21/attempts/': [201, attempt({ questions: attempt().questions.map((q) => ({ ...q, answer_id: q.answers[1]!.id })) })],
      [`POST ${BASE}/90/submit/`]: () => {
        submits += 1;
        if (submits === 1) return [502, { detail: 'bad gateway', code: 'unexpected_error' }];
        return [200, finished()];
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.click(await screen.findByRole('button', { name: 'Start test' }));
    await user.click(await screen.findByRole('button', { name: 'Finish test' }));
    expect(await screen.findByText('No connection. Trying to send the test again…')).toBeInTheDocument();
    await act(async () => { await vi.advanceTimersByTimeAsync(1500); });
    expect(await screen.findByText('Congratulations, you passed!')).toBeInTheDocument();
    expect(submits).toBe(2);
  });

  it('timed types: one question at a time, Confirm makes it final, the server clock runs the countdown and zero submits', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // the device clock is an hour behind the server's: only the server's counts
    vi.setSystemTime(new Date('2026-11-23T09:00:00Z'));
    const timed = attempt({ timed: true, one_at_a_time: true, deadline_at: '2026-11-23T10:02:00Z', server_now: '2026-11-23T10:00:00Z' });
    let submitted: Attempt | null = null;
    const { calls } = await open({
      'GET /group_trainings/7/': [200, training([testActivity({}, { test_type: 'timed_block_general', timed: true, time_to_answer: '00:02:00', maximum_attempts: 1 })])],
      'POST /group_trainings/7/tests/21/attempts/': [201, timed],
      [`PUT ${BASE}/90/answers/32/`]: [200, {}],
      [`PUT ${BASE}/90/answers/31/`]: [200, {}],
      [`POST ${BASE}/90/submit/`]: () => {
        submitted = finished({ correct_count: 1, passed: false, consequence: 'blocked', attempts_left: 0 }, { status: 'expired', timed: true });
        return [200, submitted];
      },
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    expect(await screen.findByText(/must be finished in one session/)).toBeInTheDocument();
    expect(screen.getByText('0 of 1')).toBeInTheDocument();
    // the time limit written out, as on the course page (lib/time-limit)
    expect(screen.getByText('2 min')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start test' }));
    expect(await screen.findByRole('timer')).toHaveTextContent('02:00');
    expect(screen.getAllByRole('radiogroup')).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Green' })).toHaveFocus());
    const confirm = screen.getByRole('button', { name: 'Confirm answer' });
    expect(confirm).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Red' }));
    await user.click(confirm);
    // the next question; the first one is gone and its answer final
    expect(await screen.findByRole('radiogroup', { name: 'Where is the exit?' })).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: 'Red' })).not.toBeInTheDocument();
    await waitFor(() => expect(answerPuts(calls)).toEqual([
      [`${BASE}/90/answers/32/`, { answer_id: 322 }],
      [`${BASE}/90/answers/32/`, { answer_id: 322, confirm: true }],
    ]));
    expect(screen.queryByRole('button', { name: 'Finish test' })).not.toBeInTheDocument();
    // a minute later the live region says the time left; at zero the page submits by itself
    await act(async () => { await vi.advanceTimersByTimeAsync(60_000); });
    expect(screen.getByRole('timer')).toHaveTextContent('01:00');
    expect(screen.getByText('Time left: 01:00')).toBeInTheDocument();
    await act(async () => { await vi.advanceTimersByTimeAsync(61_000); });
    expect(await screen.findAllByText('Time expired')).not.toHaveLength(0);
    await waitFor(() => expect(submitted).not.toBeNull());
    expect(await screen.findByText('You answered 1 of 2 questions correctly.')).toBeInTheDocument();
    expect(screen.getByText(/are blocked in this training/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('a restart-type failure says everything restarted', async () => {
    await open({
      'POST /group_trainings/7/tests/21/attempts/': [201, attempt({ questions: attempt().questions.map((q) => ({ ...q, answer_id: q.answers[0]!.id })) })],
      [`POST ${BASE}/90/submit/`]: [200, finished({ correct_count: 0, passed: false, consequence: 'restarted', attempts_left: 0 })],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Start test' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Finish test' }));
    const result = await screen.findByRole('region', { name: 'Result' });
    expect(within(result).getByText(/all the training's activities were restarted/)).toBeInTheDocument();
    expect(within(result).getByRole('link', { name: 'Back to the training' })).toHaveAttribute('href', '/courses/7');
  });

  it('translates the refusals: not yet available, and a start the server refuses', async () => {
    await open({
      'GET /group_trainings/7/': [200, training([testActivity({ available: false, lock_reason: 'not_yet_available', available_in: '2026-12-01' })])],
    });
    expect(await screen.findByText('Test not yet available, please wait')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start test' })).not.toBeInTheDocument();
  });

  it('shows the server refusal of a start', async () => {
    await open({
      'POST /group_trainings/7/tests/21/attempts/': [403, { detail: 'no', code: 'permission_denied' }],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Start test' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/permission/i);
    expect(screen.getByRole('button', { name: 'Start test' })).toBeEnabled();
  });
});
