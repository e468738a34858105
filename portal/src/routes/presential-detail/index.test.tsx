import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LearnerPresential } from '@lp/shared/contract';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import { learnerTestState, presentialDetail, presentialEvent } from '../../test/presential-fixtures.ts';

const enrolled = (overrides: Partial<LearnerPresential> = {}) => presentialDetail({
  enrollment_status: 'subscribed', progress: 'ongoing', can_subscribe: false, can_unsubscribe: true, can_request_cancellation: true,
  enrollment: { id: 77, event_id: 31, status: 'subscribed', cancellation_reason: null },
  events: [presentialEvent({ enrolled: true, can_subscribe: false, tests_refusal: 'event_not_finished' })],
  ...overrides,
});

describe('face-to-face detail (spec 1 §2.2 presential/{id}, spec 3 §2; issue 17 items 2, 6, 7)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    loggedIn();
  });

  it('shows the events with hours, place and instructors, and subscribes to one', async () => {
    let subscribed = false;
    const { calls } = fakeApi({
      'GET /presential/5/': () => [200, subscribed ? enrolled() : presentialDetail()],
      'POST /presential/5/subscription/': () => { subscribed = true; return [200, { enrollment_status: 'subscribed', vacancies: 11 }]; },
    });
    await renderWithApp(undefined, { path: '/presential/5', locale: 'en' });
    const event = await screen.findByRole('article', { name: 'Session 1 · 12-10-2026' });
    expect(within(event).getByText('17:00 to 21:00 (your time)', { exact: false })).toBeInTheDocument();
    expect(within(event).getByText('Room 2 — Rua Augusta, 500')).toBeInTheDocument();
    expect(within(event).getByText('Igor Instructor')).toBeInTheDocument();
    expect(within(event).getByText('Online test after the session')).toBeInTheDocument();
    await userEvent.click(within(event).getByRole('button', { name: 'Sign me up' }));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ path: '/presential/5/subscription/', body: JSON.stringify({ event_id: 31 }) });
    expect(await screen.findByText('You are enrolled in this training.')).toBeInTheDocument();
    expect(screen.getByText('The online test opens once the instructor finishes the training.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to calendar' })).toBeInTheDocument();
  });

  it('requests the cancellation of the enrollment with a reason', async () => {
    let asked = false;
    const { calls } = fakeApi({
      'GET /presential/5/': () => [200, asked
        ? enrolled({ can_unsubscribe: false, can_request_cancellation: false, enrollment_status: 'awaiting_cancellation', enrollment: { id: 77, event_id: 31, status: 'awaiting_cancellation', cancellation_reason: 'Trip' } })
        : enrolled()],
      'POST /presential/enrollments/77/cancellation_request/': () => { asked = true; return [200, {}]; },
    });
    await renderWithApp(undefined, { path: '/presential/5', locale: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Request enrollment cancellation' }));
    await userEvent.type(screen.getByLabelText('Reason for the cancellation'), 'Trip');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toBe(JSON.stringify({ reason: 'Trip' })));
    expect(await screen.findByText('Your cancellation request awaits the administrator\'s decision.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel my subscription' })).not.toBeInTheDocument();
  });

  it('after finishing: the online test, the comment once, the result, and the linked live class', async () => {
    const { calls } = fakeApi({
      'GET /presential/5/': [200, enrolled({
        finished: true, status: 'finished', progress: 'finished', can_unsubscribe: false, can_request_cancellation: false,
        result: { status: 'approved', score: 85 },
        events: [presentialEvent({ enrolled: true, can_subscribe: false, live_class_id: 12, can_comment: true, comment_refusal: null, tests: [{ id: 4, title: 'Final test', ...learnerTestState }] })],
      })],
      'POST /presential/events/31/comments/': [201, { id: 1, author: 'Lia', stars: 5, comment: 'Great', created_at: '2026-12-11T10:00:00Z', mine: true }],
    });
    await renderWithApp(undefined, { path: '/presential/5', locale: 'en' });
    expect(await screen.findByRole('link', { name: 'Take the test: Final test' })).toHaveAttribute('href', '/presential/5/events/31/tests/4');
    expect(screen.getByRole('link', { name: 'Go to the live class' })).toHaveAttribute('href', '/live_classes/12');
    expect(screen.getByText('Approved')).toBeInTheDocument();
    expect(screen.getByText('Score: 85', { exact: false })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Your comment on the session'), 'Great');
    await userEvent.click(screen.getByRole('button', { name: 'Send comment' }));
    expect(await screen.findByText('Thank you for your comment.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.path).toBe('/presential/events/31/comments/');
    expect(screen.queryByRole('button', { name: 'Send comment' })).not.toBeInTheDocument();
  });

  it('the event\'s reaction evaluation: waits for the end, then is answered once to the event\'s path', async () => {
    let finished = false;
    let answered = false;
    const evaluation = () => ({ id: 8, title: 'Session evaluation', answered, questions: [{ id: 80, title: 'How was it?', type: 'grade_0_10' as const }] });
    const { calls } = fakeApi({
      'GET /presential/5/': () => [200, enrolled({
        finished, status: finished ? 'finished' : 'in_progress',
        events: [presentialEvent({ enrolled: true, can_subscribe: false, evaluation: evaluation(), evaluation_refusal: finished ? null : 'event_not_finished' })],
      })],
      'POST /presential/events/31/evaluation/': () => { answered = true; return [200, evaluation()]; },
    });
    const view = await renderWithApp(undefined, { path: '/presential/5', locale: 'en' });
    const before = await screen.findByRole('region', { name: 'Reaction evaluation' });
    expect(within(before).getByText('The reaction evaluation opens once the instructor finishes the training.')).toBeInTheDocument();
    expect(within(before).queryByRole('radio', { name: '9' })).not.toBeInTheDocument();
    view.unmount();

    finished = true;
    await renderWithApp(undefined, { path: '/presential/5', locale: 'en' });
    const region = await screen.findByRole('region', { name: 'Reaction evaluation' });
    await userEvent.click(within(region).getByRole('radio', { name: '9' }));
    await userEvent.click(within(region).getByRole('button', { name: /send|submit/i }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/presential/events/31/evaluation/')).toBe(true));
    expect(JSON.parse(calls.find((c) => c.path === '/presential/events/31/evaluation/')!.body)).toEqual({ answers: [{ question_id: 80, grade: 9 }] });
  });

  it('an instructor with presential_test_instructor opens the window and shows the QR code of its link', async () => {
    let open = false;
    const window = () => (open
      ? { open: true, opened_at: '2026-12-10T17:30:00Z', closed_at: null, qr_path: '/presential/qr/abcDEF123456' }
      : { open: false, opened_at: null, closed_at: null, qr_path: null });
    const { calls } = fakeApi({
      'GET /presential/5/': () => [200, presentialDetail({ instructor: true, can_subscribe: false, events: [presentialEvent({ event_type: 'presential_test', instructor: true, can_subscribe: false, test_window: window() })] })],
      'POST /presential/events/31/open_test_window/': () => { open = true; return [200, window()]; },
      'POST /presential/events/31/close_test_window/': () => { open = false; return [200, window()]; },
    });
    await renderWithApp(undefined, { path: '/presential/5', locale: 'en' });
    expect(await screen.findByText('The test has not been opened yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open the test and show the QR code' }));
    const qr = await screen.findByRole('img', { name: 'QR code of the test' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByRole('link', { name: 'http://localhost:3000/presential/qr/abcDEF123456' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close the test' }));
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/presential/events/31/close_test_window/'));
  });

  it('says "Training not found" for an unknown id', async () => {
    fakeApi({ 'GET /presential/9/': [404, { detail: 'Appointment not found', code: 'appointment_not_found' }] });
    await renderWithApp(undefined, { path: '/presential/9', locale: 'en' });
    expect(await screen.findByText('Training not found')).toBeInTheDocument();
  });
});
