import { screen, waitFor } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyTask, Task } from '@lp/shared/contract';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import { AppRoutes } from '../../routes.tsx';
import { withTus, type TusCall } from '../../test/tus.ts';

const task = (patch: Partial<Task> = {}): Task => ({
  id: 5, title: 'Visita Loja Centro', task_date: '2026-12-07', start_time: '09:00', end_time: '10:00', timezone: 'America/Sao_Paulo',
  starts_at: '2026-12-07T12:00:00.000Z', ends_at: '2026-12-07T13:00:00.000Z', representative: { id: 3, full_name: 'Lia Learner' },
  questionnaire_id: 2, questionnaire_title: 'Visita', postal_code: null, address: 'Avenida Paulista', number: '1000', complement: null,
  neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP', latitude: -23.56, longitude: -46.65, place_ref: 'osm:N:1',
  observation: '', status: 'pending', event_state: 'scheduled', cancel_motive: null, not_realized_reason: null, check_in: null, check_out: null,
  series_id: null, occurrence: null, recurrence: null, created_at: '2026-11-27T00:00:00Z', updated_at: '2026-11-27T00:00:00Z', ...patch,
});

const questionnaire = {
  id: 2, title: 'Visita', description: '', questions_count: 2, tasks_count: 1,
  steps: [
    { id: 1, title: 'Exposição', step_type: 'questions' as const, questions: [{ id: 11, text: 'O produto está exposto?', question_type: 'yes_no' as const, required: true, options: [] }] },
    { id: 2, title: 'Gôndola', step_type: 'questions' as const, questions: [{ id: 12, text: 'Posição', question_type: 'single_choice' as const, required: false, options: ['Topo', 'Base'] }] },
  ],
};

const view = (t: Task, actions: MyTask['actions']): MyTask => ({ task: t, questionnaire, answers: [], actions });

afterEach(() => { vi.unstubAllGlobals(); localStorage.clear(); });

describe('field-sales task page (spec 3 §1 check-in/check-out)', () => {
  it('checks in with the position, saves each answer as it is given, asks for the required ones, and checks out', async () => {
    loggedIn();
    const getCurrentPosition = vi.fn((ok: PositionCallback) => ok({ coords: { latitude: -23.5548, longitude: -46.65 } } as GeolocationPosition));
    vi.stubGlobal('navigator', Object.create(navigator, { geolocation: { value: { getCurrentPosition } }, userAgent: { value: navigator.userAgent } }));
    const running = task({ status: 'in_progress', event_state: 'in_progress', check_in: { at: '2026-12-07T12:02:00Z', latitude: -23.5548, longitude: -46.65, distance_m: 1100 } });
    const { calls } = fakeApi({
      'GET /4traders/my_tasks/5/': [200, view(task(), ['check_in', 'not_realized'])],
      'POST /4traders/my_tasks/5/check_in/': [200, view(running, ['check_out', 'not_realized'])],
      'PUT /4traders/my_tasks/5/answers/11/': [200, view(running, ['check_out', 'not_realized'])],
      'PUT /4traders/my_tasks/5/answers/12/': [200, view(running, ['check_out', 'not_realized'])],
      'POST /4traders/my_tasks/5/check_out/': [200, view(task({ status: 'realized', event_state: 'finished' }), [])],
    });
    await renderWithApp(<AppRoutes />, { path: '/field_sales/5', locale: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Checked in.')).toBeInTheDocument();
    expect(JSON.parse(calls.find((c) => c.path === '/4traders/my_tasks/5/check_in/')!.body)).toEqual({ latitude: -23.5548, longitude: -46.65 });
    expect(screen.getByText(/1100 m from the address/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Step 1 of 2: Exposição' })).toBeInTheDocument();

    // the required question is asked for before the check-out reaches the server
    await userEvent.click(screen.getByRole('button', { name: 'Check out' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Answer every required question before checking out');
    expect(calls.some((c) => c.path.endsWith('/check_out/'))).toBe(false);

    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/4traders/my_tasks/5/answers/11/').map((c) => JSON.parse(c.body))).toEqual([{ boolean: true }]));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('radio', { name: 'Base' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/4traders/my_tasks/5/answers/12/').map((c) => JSON.parse(c.body))).toEqual([{ option_ids: [1] }]));

    await userEvent.click(screen.getByRole('button', { name: 'Check out' }));
    expect(await screen.findByText('Checked out. Thank you!')).toBeInTheDocument();
    expect(screen.getByText('Realized')).toBeInTheDocument();
  });

  it('keeps an answer the dropped connection did not take, says so, and sends it when the connection is back', async () => {
    loggedIn();
    const running = task({ status: 'in_progress', event_state: 'in_progress', check_in: { at: '2026-12-07T12:02:00Z', latitude: -23.56, longitude: -46.65, distance_m: 10 } });
    let connected = false;
    const { calls } = fakeApi({
      'GET /4traders/my_tasks/5/': [200, view(running, ['check_out', 'not_realized'])],
      'PUT /4traders/my_tasks/5/answers/11/': () => (connected ? [200, view(running, ['check_out', 'not_realized'])] : [503, { detail: 'unavailable', code: 'unexpected_error' }]),
    });
    await renderWithApp(<AppRoutes />, { path: '/field_sales/5', locale: 'en' });
    await userEvent.click(await screen.findByRole('radio', { name: 'Yes' }));
    expect(await screen.findByText('Not saved yet: trying again')).toBeInTheDocument();
    connected = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const sent = calls.filter((c) => c.path === '/4traders/my_tasks/5/answers/11/').map((c) => JSON.parse(c.body));
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(sent.every((body) => body.boolean === true)).toBe(true);
  });

  it('marks a task not realized with a reason', async () => {
    loggedIn();
    const { calls } = fakeApi({
      'GET /4traders/my_tasks/5/': [200, view(task(), ['check_in', 'not_realized'])],
      'POST /4traders/my_tasks/5/not_realized/': [200, view(task({ status: 'not_realized', event_state: 'finished', not_realized_reason: 'Loja fechada' }), [])],
    });
    await renderWithApp(<AppRoutes />, { path: '/field_sales/5', locale: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Not realized' }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm not realized' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Make sure');
    await userEvent.type(screen.getByRole('textbox'), 'Loja fechada');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm not realized' }));
    expect(await screen.findByText('The visit was marked as not realized.')).toBeInTheDocument();
    expect(JSON.parse(calls.find((c) => c.path.endsWith('/not_realized/'))!.body)).toEqual({ reason: 'Loja fechada' });
  });

  it('takes a photo answer from the camera input, uploads it as field_task_photo and queues the answer naming the upload', async () => {
    loggedIn();
    // jsdom makes no object URLs
    Object.assign(URL, { createObjectURL: () => 'blob:local-photo', revokeObjectURL: () => undefined });
    const photoStep = { id: 3, title: 'Fotos', step_type: 'photos' as const, questions: [{ id: 13, text: 'Foto da gôndola', question_type: 'photo' as const, required: true, options: [] }] };
    const running = task({ status: 'in_progress', event_state: 'in_progress' });
    const stored = { question_id: 13, step_title: 'Fotos', question_text: 'Foto da gôndola', question_type: 'photo' as const, value: { file: 'field-sales/photos/1/m1/gondola.jpg' }, display: 'field-sales/photos/1/m1/gondola.jpg', file_url: 'http://localhost/api/files/media/g/m1/gondola.jpg', answered_at: '2026-12-07T12:10:00Z' };
    const { calls } = fakeApi({
      'GET /4traders/my_tasks/5/': [200, { task: running, questionnaire: { ...questionnaire, steps: [photoStep] }, answers: [], actions: ['check_out', 'not_realized'] }],
      'PUT /4traders/my_tasks/5/answers/13/': [200, { task: running, questionnaire: { ...questionnaire, steps: [photoStep] }, answers: [stored], actions: ['check_out', 'not_realized'] }],
    });
    const tus: TusCall[] = [];
    withTus(tus);
    await renderWithApp(<AppRoutes />, { path: '/field_sales/5', locale: 'en' });
    const input = await screen.findByLabelText('Take a photo');
    expect(input).toHaveAttribute('capture', 'environment');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png');
    await userEvent.upload(input, new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'gondola.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/4traders/my_tasks/5/answers/13/').map((c) => JSON.parse(c.body))).toEqual([{ file: 'up123' }]));
    expect(tus.map((c) => c.method)).toEqual(['POST', 'PATCH']);
    expect(tus[0]!.metadata).toEqual({ filename: 'gondola.jpg', kind: 'field_task_photo' });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo: Foto da gôndola' })).toHaveAttribute('src', 'blob:local-photo');
    expect(screen.getByText('Take another photo')).toBeInTheDocument();
  });
});
