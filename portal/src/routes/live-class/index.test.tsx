import { screen, waitFor, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LearnerLiveClass } from '@lp/shared/contract';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import { liveClass } from '../../test/live-class-fixtures.ts';

const DETAIL = 'GET /live_classes/7/';

describe('live class detail (spec 3 §2, §4, §9)', () => {
  beforeEach(() => loggedIn());

  it('subscribes and unsubscribes through the subscription path, and the page follows', async () => {
    let current: LearnerLiveClass = liveClass();
    const { calls } = fakeApi({
      [DETAIL]: () => [200, current],
      'POST /live_classes/7/subscription/': () => {
        current = { ...current, role: 'participant', can_subscribe: false, can_unsubscribe: true, vacancies: 4 };
        return [200, { subscribed: true, vacancies: 4 }];
      },
      'DELETE /live_classes/7/subscription/': () => {
        current = { ...current, role: 'none', can_subscribe: true, can_unsubscribe: false, vacancies: 5 };
        return [200, { subscribed: false, vacancies: 5 }];
      },
    });
    await renderWithApp(undefined, { path: '/live_classes/7', locale: 'en' });
    expect(await screen.findByRole('heading', { name: 'Customer service that delights', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('Active listening, in pairs.')).toBeInTheDocument();
    expect(screen.getByText('Ines Instructor', { exact: false })).toHaveTextContent('Instructors: Ines Instructor');
    expect(screen.getByText('5 seats left')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign me up' }));
    expect(await screen.findByText('You are signed up for this class.')).toBeInTheDocument();
    expect(await screen.findByText('4 seats left')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.path === '/live_classes/7/subscription/')).toHaveLength(1);
    // a participant sees the participant's helper text and when the room opens, not "enter"
    expect(screen.getByText(/Enter when the room opens/)).toBeInTheDocument();
    expect(screen.getByText('The room opens on 12-10-2026 21:45.')).toBeInTheDocument();

    await userEvent.click(await screen.findByRole('button', { name: 'Cancel my subscription' }));
    expect(await screen.findByText('Your subscription was cancelled.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sign me up' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE' && c.path === '/live_classes/7/subscription/')).toHaveLength(1);
  });

  it('a full class shows "No vacancy" instead of the button; a seat taken meanwhile answers 409 no_vacancy, translated', async () => {
    fakeApi({ [DETAIL]: [200, liveClass({ vacancies: 0, sold_out: true, can_subscribe: false })] });
    const full = await renderWithApp(undefined, { path: '/live_classes/7', locale: 'en' });
    await screen.findByRole('heading', { name: 'Customer service that delights', level: 1 });
    expect(screen.queryByRole('button', { name: 'Sign me up' })).not.toBeInTheDocument();
    expect(screen.getAllByText('No vacancy').length).toBeGreaterThanOrEqual(1);
    full.unmount();

    fakeApi({
      [DETAIL]: [200, liveClass({ vacancies: 1 })],
      'POST /live_classes/7/subscription/': [409, { detail: 'No vacancy', code: 'no_vacancy' }],
    });
    await renderWithApp(undefined, { path: '/live_classes/7', locale: 'pt-br' });
    await userEvent.click(await screen.findByRole('button', { name: 'Quero me inscrever' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Sem vagas');
  });

  it('a closed class: the invitee notice, no subscribe button', async () => {
    fakeApi({ [DETAIL]: [200, liveClass({ live_class_type: 'closed', role: 'participant', can_subscribe: false, maximum_participants: null, vacancies: null })] });
    await renderWithApp(undefined, { path: '/live_classes/7', locale: 'en' });
    expect(await screen.findByText('This is a closed class: you are on its guest list.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign me up' })).not.toBeInTheDocument();
  });

  it('"Enter the class" only while the room is open; an external room opens in a new tab with noopener', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    let current = liveClass({ role: 'participant', can_subscribe: false, can_unsubscribe: true });
    const { calls } = fakeApi({
      [DETAIL]: () => [200, current],
      'GET /live_classes/7/room/': [200, { platform: 'external', url: 'https://meet.example.com/abc', moderator: false }],
    });
    const view = await renderWithApp(undefined, { path: '/live_classes/7', locale: 'en' });
    await screen.findByText('The room opens on 12-10-2026 21:45.');
    expect(screen.queryByRole('button', { name: 'Enter the class' })).not.toBeInTheDocument();
    view.unmount();

    current = { ...current, room_open: true };
    await renderWithApp(undefined, { path: '/live_classes/7', locale: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Enter the class' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith('https://meet.example.com/abc', '_blank', 'noopener,noreferrer'));
    expect(calls.some((c) => c.method === 'GET' && c.path === '/live_classes/7/room/')).toBe(true);
    // in case the browser blocked the tab: a link to it, in a new tab without an opener
    const link = await screen.findByRole('link', { name: /Enter the class/ });
    expect(link).toHaveAttribute('href', 'https://meet.example.com/abc');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('the instructor: a different helper text, "Start the class", and a Jitsi room embedded with the IFrame API of the configured domain', async () => {
    const created: unknown[][] = [];
    const dispose = vi.fn();
    fakeApi({
      [DETAIL]: [200, liveClass({ role: 'instructor', platform: 'jitsi', room_open: true, can_subscribe: false })],
      'GET /live_classes/7/room/': [200, { platform: 'jitsi', domain: 'meet.example.org', room_name: 'lp-abc123', moderator: true, display_name: 'Lia Learner' }],
    });
    await renderWithApp(undefined, { path: '/live_classes/7', locale: 'en' });
    expect(await screen.findByText(/You are the instructor/)).toBeInTheDocument();
    expect(screen.queryByText(/Enter when the room opens/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start the class' }));
    const script = await waitFor(() => {
      const found = document.head.querySelector<HTMLScriptElement>('script[src="https://meet.example.org/external_api.js"]');
      expect(found).not.toBeNull();
      return found!;
    });
    window.JitsiMeetExternalAPI = class {
      constructor(...args: unknown[]) { created.push(args); }
      dispose = dispose;
      addListener() { /* readyToClose is not fired here */ }
    };
    script.dispatchEvent(new Event('load'));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]![0]).toBe('meet.example.org');
    expect(created[0]![1]).toMatchObject({ roomName: 'lp-abc123', userInfo: { displayName: 'Lia Learner' }, parentNode: screen.getByTestId('jitsi-room') });
    await userEvent.click(screen.getByRole('button', { name: 'Leave the room' }));
    expect(dispose).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Start the class' })).toBeInTheDocument();
    delete window.JitsiMeetExternalAPI;
    script.remove();
  });

  it('"Add to calendar" downloads the .ics built by the shared liveClassIcs', async () => {
    const blobs: Blob[] = [];
    // jsdom has no object URLs: stand in for them for this test only
    vi.stubGlobal('URL', Object.assign(class extends URL {}, {
      createObjectURL: (blob: Blob) => { blobs.push(blob); return 'blob:ics'; },
      revokeObjectURL: () => undefined,
    }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('live-class-7.ics');
      expect(this.href).toBe('blob:ics');
    });
    fakeApi({ [DETAIL]: [200, liveClass()] });
    await renderWithApp(undefined, { path: '/live_classes/7', locale: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add to calendar' }));
    expect(click).toHaveBeenCalledOnce();
    expect(blobs[0]!.type).toBe('text/calendar;charset=utf-8');
    const ics = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    expect(ics).toContain('DTSTART:20261210T220000Z');
    // the workload (1.5 h) is the event's length
    expect(ics).toContain('DTEND:20261210T233000Z');
    expect(ics).toContain('SUMMARY:Customer service that delights');
    expect(ics).toContain('URL:http://localhost:3000/live_classes/7');
  });

  it('after Finished: the tests, the reaction evaluation (answered to the class\'s path) and the certificate', async () => {
    const { calls } = fakeApi({
      [DETAIL]: [200, liveClass({
        role: 'participant', finished: true, status: 4, can_subscribe: false, activities_available: true, completed: true,
        tests: [{ id: 31, title: 'Reaction quiz', test_type: 'conventional', timed: false, qty_questions: 2, maximum_attempts: null, attempts_used: 0,
          time_to_answer: null, minimum_score: 1, best_correct: null, passed: false, open_attempt_id: null }],
        evaluation: { id: 8, title: 'Quick evaluation', answered: false, questions: [{ id: 80, title: 'How was it?', type: 'grade_0_10' }] },
        certificate: { id: 55, status: 'valid', earned_in: '2026-12-11T12:00:00Z', expires_at: null, pdf_url: '/api/certificates/55/pdf/', verify_url: 'http://localhost/certificates/verify/x' },
      })],
      'POST /live_classes/7/evaluation/': [200, { id: 8, title: 'Quick evaluation', answered: true, questions: [] }],
    });
    await renderWithApp(undefined, { path: '/live_classes/7', locale: 'en' });
    const tests = await screen.findByRole('region', { name: 'Tests' });
    expect(within(tests).getByRole('link', { name: 'Reaction quiz' })).toHaveAttribute('href', '/live_classes/7/tests/31');
    expect(screen.queryByRole('button', { name: 'Add to calendar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Enter the class|Sign me up/ })).not.toBeInTheDocument();
    const certificate = screen.getByRole('region', { name: 'Certificate' });
    expect(within(certificate).getByRole('button', { name: 'Download certificate' })).toBeInTheDocument();
    const evaluation = screen.getByRole('region', { name: 'Reaction evaluation' });
    await userEvent.click(within(evaluation).getByRole('radio', { name: '9' }));
    await userEvent.click(within(evaluation).getByRole('button', { name: /send|submit/i }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/live_classes/7/evaluation/')).toBe(true));
    expect(JSON.parse(calls.find((c) => c.path === '/live_classes/7/evaluation/')!.body)).toEqual({ answers: [{ question_id: 80, grade: 9 }] });
  });

  it('before Finished a participant reads that the tests open later', async () => {
    fakeApi({ [DETAIL]: [200, liveClass({ role: 'participant', can_subscribe: false, can_unsubscribe: true })] });
    await renderWithApp(undefined, { path: '/live_classes/7', locale: 'en' });
    expect(await screen.findByText('Tests, the reaction evaluation and the certificate open when the class is finished.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Tests' })).not.toBeInTheDocument();
  });
});
