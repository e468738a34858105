import { screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LearnerActivity, LearnerWebcast } from '@lp/shared/contract';
import { fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import { courseDetail, moduleActivity } from '../../test/course-fixtures.ts';

const engine = vi.hoisted(() => ({ mountVideo: vi.fn() }));
vi.mock('../../components/video-player/engine.ts', () => engine);
vi.mock('../../components/webcast-chat/index.tsx', () => ({
  WebcastChat: () => <div data-testid="webcast-chat">chat</div>,
}));

const GRANT = 'payload.signature';
const previewPath = (kind: string, id: number) => `/preview/${kind}/${id}?${new URLSearchParams({ grant: GRANT, as: 'Lia Learner' }).toString()}`;

const testActivity: LearnerActivity = {
  ...moduleActivity({ type: 'test', id: 21, title: 'Final test', order: 2, module: null }),
  test: { test_type: 'conventional', timed: false, qty_questions: 5, maximum_attempts: null, attempts_used: 0, time_to_answer: null, minimum_score: 3, best_correct: null, passed: false, open_attempt_id: null },
};

/**
 * spec 1 §2.3 "view editor as a student": the administrator's preview shows the learner's page
 * with the banner, sends the grant on the content's read only, and offers nothing that writes.
 */
describe('preview as a learner', () => {
  beforeEach(() => {
    loggedIn();
    engine.mountVideo.mockReset();
  });

  it('shows the training as the learner sees it, says nothing is recorded, and disables what would write', async () => {
    const { calls } = fakeApi({
      'GET /group_trainings/7/': [200, courseDetail([moduleActivity({ status: 'ongoing' }), testActivity], { comments_enabled: true, forum_enabled: true, status: 'ongoing' })],
    });
    await renderWithApp(undefined, { path: previewPath('training', 7), locale: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fire safety' })).toBeInTheDocument();
    expect(screen.getByText('Preview as Lia Learner — nothing is recorded')).toBeInTheDocument();
    const read = calls.find((c) => c.path === '/group_trainings/7/')!;
    expect(read.headers.get('X-Preview-Grant')).toBe(GRANT);
    // other calls (the layout's own) never carry it
    expect(calls.filter((c) => c.path !== '/group_trainings/7/' && c.headers.has('X-Preview-Grant'))).toEqual([]);
    const list = document.querySelector('.activities') as HTMLElement;
    expect(within(list).getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(within(list).getByRole('button', { name: 'Start test' })).toBeDisabled();
    expect(within(list).queryByRole('link')).toBeNull();
    // reactions, comments, forum, restart: none offered
    expect(screen.queryByRole('heading', { name: 'Comments' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Start over' })).toBeNull();
    expect(document.querySelector('.reactions')).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('shows the webcast without the chat, the subscription disabled and the tests not opened', async () => {
    const webcast: LearnerWebcast = {
      id: 5, title: 'Summer collection launch', image: null, image_alt_text: null, webcast_type: 2, status: 1, state: 'not_started',
      transmission_date: '2026-12-10T19:00:00-03:00', timezone: 'America/Sao_Paulo', workload: 1, score: 50, tags: [], subscribed: false,
      description: '', embed: null, webcast_player_hls_playback_url: null, webcast_player_webrtc_playback_url: null, use_chat: true, chat_moderated: true,
      tests_available: true, tests: [{ id: 31, title: 'Launch quiz', ...testActivity.test! }], evaluation: null, materials: [],
    };
    const { calls } = fakeApi({ 'GET /webcasts/5/': [200, webcast] });
    await renderWithApp(undefined, { path: previewPath('webcast', 5), locale: 'en' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer collection launch' })).toBeInTheDocument();
    expect(screen.getByText('Preview as Lia Learner — nothing is recorded')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/webcasts/5/')!.headers.get('X-Preview-Grant')).toBe(GRANT);
    expect(screen.queryByTestId('webcast-chat')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign me up' })).toBeDisabled();
    expect(screen.getByText('Launch quiz').closest('a')).toBeNull();
  });

  it('says the content is not found when the learner would not see it', async () => {
    fakeApi({ 'GET /group_trainings/7/': [404, { detail: 'Training not found', code: 'not_found' }] });
    await renderWithApp(undefined, { path: previewPath('training', 7), locale: 'en' });
    expect(await screen.findByText('Preview as Lia Learner — nothing is recorded')).toBeInTheDocument();
    expect(await screen.findByText(/not found/i)).toBeInTheDocument();
  });
});
