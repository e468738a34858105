import { screen, within } from '@testing-library/preact';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { demoUser, fakeApi, loggedIn, renderWithApp } from '../../test/render.tsx';
import { courseDetail, moduleActivity } from '../../test/course-fixtures.ts';
import { OFFLINE_MEDIA_CACHE } from '../../lib/offline/cache-names.ts';
import type { DownloadedTraining } from '../../lib/offline/downloads.ts';
import ProfileDownloads from './index.tsx';

const VIDEO = 'http://localhost/api/files/media/g/v.mp4';

function stored(): DownloadedTraining {
  return {
    trainingId: 7, title: 'Fire safety', savedAt: '2026-11-27T10:00:00Z',
    training: courseDetail([moduleActivity({ id: 11, title: 'Intro video' }, { resource_url: VIDEO })]),
    modules: [{ moduleId: 11, title: 'Intro video', kind: 'video', url: VIDEO, bytes: 3 * 1024 * 1024 }],
    tests: [{ testId: 21, title: 'Final test', attempt: null, blocked: 'timed' }],
  };
}

describe('profile Downloads tab (issue 24 item 6, spec 2 §2.1)', () => {
  it('lists what this device keeps, with its size, and removes it with its files', async () => {
    loggedIn();
    fakeApi({});
    const files = new Map([[VIDEO, new Response('video')]]);
    vi.stubGlobal('caches', { open: async (name: string) => {
      expect(name).toBe(OFFLINE_MEDIA_CACHE);
      return { delete: async (url: string) => files.delete(url) };
    } });
    localStorage.setItem(`lp-downloads-u${demoUser.id}`, JSON.stringify([stored()]));
    await renderWithApp(<ProfileDownloads />, { path: '/profile/downloads', locale: 'en' });

    expect(screen.getByRole('link', { name: 'Downloads', current: 'page' })).toBeInTheDocument();
    expect(screen.getByText('Downloads take 3 MB.')).toBeInTheDocument();
    const item = screen.getByRole('link', { name: 'Fire safety' }).closest('li')!;
    expect(within(item).getByText('1 item · 3 MB · downloaded on 11-27-2026')).toBeInTheDocument();
    expect(within(item).getByText('Video · Intro video · 3 MB')).toBeInTheDocument();
    expect(within(item).getByText('Test · Final test · timed: answer it online')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Fire safety from this device' }));
    expect(await screen.findByText(/No training downloaded/)).toBeInTheDocument();
    expect(screen.getByText('Downloads take 0 KB.')).toBeInTheDocument();
    expect(files.size).toBe(0);
    expect(localStorage.getItem(`lp-downloads-u${demoUser.id}`)).toBeNull();
  });
});
