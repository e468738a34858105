import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@lp/shared/client';
import type { Attempt, LearnerActivity, LearnerTraining } from '@lp/shared/contract';
import { courseDetail, moduleActivity } from '../../test/course-fixtures.ts';
import { OFFLINE_MEDIA_CACHE } from './cache-names.ts';
import {
  downloadTraining, downloadableModules, downloadedBytes, offlineAnswer, offlineAttempt, offlineTestBlock, readDownloads, removeDownload,
  type DownloadEnvironment,
} from './downloads.ts';

/** Cache Storage as far as the store uses it, in memory. */
function memoryCaches() {
  const stores = new Map<string, Map<string, Response>>();
  const caches = {
    async open(name: string) {
      const store = stores.get(name) ?? new Map<string, Response>();
      stores.set(name, store);
      return {
        async put(url: string, response: Response) { store.set(url, response); },
        async delete(url: string) { return store.delete(url); },
        async match(url: string) { return store.get(url); },
      } as unknown as Cache;
    },
  };
  return { caches, stores };
}

const testActivity = (id: number, patch: Partial<NonNullable<LearnerActivity['test']>> = {}, available = true): LearnerActivity => ({
  type: 'test', id, title: `Prova ${id}`, order: id, available, lock_reason: available ? null : 'prerequisite', available_in: null, prerequisite: null,
  status: 'not_started', module: null,
  test: {
    test_type: 'conventional', timed: false, qty_questions: 2, maximum_attempts: null, attempts_used: 0, time_to_answer: null,
    minimum_score: 1, best_correct: null, passed: false, open_attempt_id: null, ...patch,
  },
});

const attempt = (id: number): Attempt => ({
  id, attempt_number: 1, status: 'in_progress', timed: false, one_at_a_time: false, started_at: '2026-11-27T10:00:00Z',
  deadline_at: null, server_now: '2026-11-27T10:00:00Z', questions: [], result: null,
});

function training(): LearnerTraining {
  return courseDetail([
    moduleActivity({ id: 11, title: 'Vídeo' }, { kind: 'video', resource_url: 'http://127.0.0.1:3000/api/files/media/g1/v.mp4' }),
    moduleActivity({ id: 12, title: 'Manual' }, { kind: 'pdf', resource_url: 'http://127.0.0.1:3000/api/files/media/g1/m.pdf' }),
    moduleActivity({ id: 13, title: 'Ao vivo' }, { kind: 'video', resource_url: 'http://127.0.0.1:3000/media/live/index.m3u8' }),
    moduleActivity({ id: 14, title: 'Pacote' }, { kind: 'html', resource_url: 'http://127.0.0.1:3001/m/g/index.html' }),
    moduleActivity({ id: 15, title: 'Bloqueado', available: false, lock_reason: 'prerequisite' }, { kind: 'audio', resource_url: 'http://127.0.0.1:3000/api/files/media/g1/a.mp3' }),
    testActivity(21),
    testActivity(22, { timed: true, test_type: 'timed_block_general', time_to_answer: '00:10:00' }),
  ]);
}

/** The API as the download uses it: the calls are recorded; `refuseOpen` answers 403 for those modules. */
function environment(refuseOpen: number[] = []) {
  const calls: string[] = [];
  const { caches, stores } = memoryCaches();
  const env: DownloadEnvironment = {
    userId: 5,
    storage: localStorage,
    caches,
    fetchFile: async (url) => new Response(`bytes of ${url}`, { headers: { 'Content-Type': 'video/mp4' } }),
    api: async <T,>(path: string, init?: RequestInit): Promise<T> => {
      calls.push(`${init?.method ?? 'GET'} ${path}${init?.body ? ` ${String(init.body)}` : ''}`);
      const opened = /modules\/(\d+)\/progress/.exec(path);
      if (opened && refuseOpen.includes(Number(opened[1]))) throw new ApiRequestError(403, { detail: 'locked', code: 'activity_locked_prerequisite' });
      if (path.endsWith('/attempts/')) return attempt(91) as T;
      return training() as T;
    },
  };
  return { env, calls, stores };
}

describe('download store (issue 24 item 6, spec 2 §2.1 "download content for offline use")', () => {
  it('downloads the video, audio and PDF files open now (not HLS, packages nor locked modules)', () => {
    expect(downloadableModules(training()).map((a) => a.id)).toEqual([11, 12]);
  });

  it('opens each module on the server before storing its file, opens an attempt of each untimed test, and keeps the training', async () => {
    const { env, calls, stores } = environment();
    const progress: string[] = [];
    const stored = await downloadTraining(env, 7, (p) => progress.push(`${p.done}/${p.total}`));
    expect(calls).toEqual([
      'GET /group_trainings/7/',
      'POST /group_trainings/7/modules/11/progress/ {"event":"opened"}',
      'POST /group_trainings/7/modules/12/progress/ {"event":"opened"}',
      'POST /group_trainings/7/tests/21/attempts/',
      'GET /group_trainings/7/',
    ]);
    expect(progress).toEqual(['0/2', '1/2', '2/2']);
    const files = stores.get(OFFLINE_MEDIA_CACHE)!;
    expect([...files.keys()]).toEqual(['http://127.0.0.1:3000/api/files/media/g1/v.mp4', 'http://127.0.0.1:3000/api/files/media/g1/m.pdf']);
    expect(await files.get('http://127.0.0.1:3000/api/files/media/g1/v.mp4')!.text()).toBe('bytes of http://127.0.0.1:3000/api/files/media/g1/v.mp4');
    expect(stored.tests).toEqual([
      { testId: 21, title: 'Prova 21', attempt: attempt(91), blocked: null },
      // spec 2 §4.8: a timed attempt's clock runs on the server from its start
      { testId: 22, title: 'Prova 22', attempt: null, blocked: 'timed' },
    ]);
    const bytes = 'bytes of http://127.0.0.1:3000/api/files/media/g1/v.mp4'.length + 'bytes of http://127.0.0.1:3000/api/files/media/g1/m.pdf'.length;
    expect(downloadedBytes(readDownloads(env))).toBe(bytes);
  });

  it('leaves out a module the server refuses to open', async () => {
    const { env, stores } = environment([12]);
    const stored = await downloadTraining(env, 7);
    expect(stored.modules.map((m) => m.moduleId)).toEqual([11]);
    expect([...stores.get(OFFLINE_MEDIA_CACHE)!.keys()]).toEqual(['http://127.0.0.1:3000/api/files/media/g1/v.mp4']);
  });

  it('a failed file download keeps nothing of the training', async () => {
    const { env, stores } = environment();
    env.fetchFile = async (url) => (url.endsWith('.pdf') ? new Response('gone', { status: 404 }) : new Response('video'));
    await expect(downloadTraining(env, 7)).rejects.toThrow();
    expect(stores.get(OFFLINE_MEDIA_CACHE)!.size).toBe(0);
    expect(readDownloads(env)).toEqual([]);
  });

  it('offline, answers the training with the stored files\' URLs and the prepared attempt; for this user only', async () => {
    const { env } = environment();
    const stored = await downloadTraining(env, 7);
    // a later answer signed the file anew: the stored URL is the one in the cache
    stored.training.activities[0]!.module!.resource_url = 'http://127.0.0.1:3000/api/files/media/g2/v.mp4';
    localStorage.setItem('lp-downloads-u5', JSON.stringify([stored]));
    const answer = offlineAnswer(env, '/group_trainings/7/') as LearnerTraining;
    expect(answer.activities[0]!.module!.resource_url).toBe('http://127.0.0.1:3000/api/files/media/g1/v.mp4');
    expect(offlineAnswer(env, '/group_trainings/8/')).toBeUndefined();
    expect(offlineAnswer(env, '/group_trainings/7/comments/')).toBeUndefined();
    expect(offlineAttempt(env, 7, 21)?.id).toBe(91);
    expect(offlineAttempt({ userId: 6, storage: localStorage }, 7, 21)).toBeNull();
  });

  it('removing a download deletes its files and its record (a file another download names stays)', async () => {
    const { env, stores } = environment();
    await downloadTraining(env, 7);
    const other = { ...readDownloads(env)[0]!, trainingId: 8, modules: readDownloads(env)[0]!.modules.slice(0, 1) };
    localStorage.setItem('lp-downloads-u5', JSON.stringify([...readDownloads(env), other]));
    await removeDownload(env, 7);
    expect(readDownloads(env).map((d) => d.trainingId)).toEqual([8]);
    expect([...stores.get(OFFLINE_MEDIA_CACHE)!.keys()]).toEqual(['http://127.0.0.1:3000/api/files/media/g1/v.mp4']);
    await removeDownload(env, 8);
    expect(stores.get(OFFLINE_MEDIA_CACHE)!.size).toBe(0);
    expect(localStorage.getItem('lp-downloads-u5')).toBeNull();
  });

  it('says why a test cannot be prepared (spec 2 §4.8)', () => {
    expect(offlineTestBlock(testActivity(1, {}, false))).toBe('locked');
    expect(offlineTestBlock(testActivity(1, { timed: true }))).toBe('timed');
    expect(offlineTestBlock(testActivity(1, { passed: true, test_type: 'conventional' }))).toBe('done');
    expect(offlineTestBlock(testActivity(1, { test_type: 'block', maximum_attempts: 2, attempts_used: 2 }))).toBe('no_attempts');
    expect(offlineTestBlock(testActivity(1, { test_type: 'block', maximum_attempts: 2, attempts_used: 2, open_attempt_id: 4 }))).toBeNull();
  });
});
