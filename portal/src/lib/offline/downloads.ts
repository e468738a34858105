import { ApiRequestError } from '@lp/shared/client';
import { LEARNER_PATHS, type Attempt, type LearnerActivity, type LearnerTraining, type ModuleKind } from '@lp/shared/contract';
import { allowedAttempts, retakeAfterPassing } from '@lp/shared/rules';
import { OFFLINE_MEDIA_CACHE } from './cache-names.ts';

/**
 * A learner's downloaded trainings (spec 2 §2.1 "download content for offline use"; issue 24
 * item 6). A download keeps, per user:
 * - the files of the training's video, audio and PDF modules, in Cache Storage under the URL the
 *   training gave them (the service worker, src/sw.ts, answers them from there, byte ranges too);
 * - the training as the server showed it then, so its page opens offline;
 * - for each test that may be taken now without a clock, an attempt opened while online (its
 *   questions come from the server) that is answered offline through the answer queue.
 * Before a file is stored, the module is reported `opened` (while online): the server's clock
 * starts there, so the played time sent after a reconnection is within what it allows
 * (docs/api.md "Offline content").
 */

/** The kinds a learner can take away: one self-contained file each (an HLS stream is not one). */
export const DOWNLOADABLE_KINDS: readonly ModuleKind[] = ['video', 'audio', 'pdf'];

export interface DownloadedModule {
  moduleId: number;
  title: string;
  kind: ModuleKind;
  /** the cache key: the URL the training gave when it was downloaded */
  url: string;
  bytes: number;
}

/** Why a test of a downloaded training cannot be answered offline. */
export type OfflineTestBlock = 'timed' | 'locked' | 'done' | 'no_attempts' | 'failed';

export interface DownloadedTest {
  testId: number;
  title: string;
  attempt: Attempt | null;
  blocked: OfflineTestBlock | null;
}

export interface DownloadedTraining {
  trainingId: number;
  title: string;
  /** ISO time of the download */
  savedAt: string;
  training: LearnerTraining;
  modules: DownloadedModule[];
  tests: DownloadedTest[];
}

/** What the store needs from the browser and the API (the page passes the real ones; tests, fakes). */
export interface DownloadEnvironment {
  userId: number;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  caches: Pick<CacheStorage, 'open'>;
  fetchFile(url: string): Promise<Response>;
  api<T>(path: string, init?: RequestInit): Promise<T>;
}

export const downloadsStorageKey = (userId: number) => `lp-downloads-u${userId}`;

const isHls = (url: string) => /\.m3u8(\?|$)/i.test(url);

/** The modules of a training that can be downloaded: a file of a downloadable kind, open to the learner now. */
export function downloadableModules(training: LearnerTraining): LearnerActivity[] {
  return training.activities.filter((a) => a.type === 'module' && a.available && a.module !== null
    && DOWNLOADABLE_KINDS.includes(a.module.kind) && a.module.resource_url !== null && !isHls(a.module.resource_url));
}

/** Why a test cannot be prepared for offline answering, or null when it can (spec 2 §4.8). */
export function offlineTestBlock(activity: LearnerActivity): OfflineTestBlock | null {
  const test = activity.test;
  if (!test) return 'locked';
  if (!activity.available) return 'locked';
  // a timed attempt's clock runs on the server from its start: it is taken online
  if (test.timed) return 'timed';
  if (test.open_attempt_id !== null) return null;
  if (test.passed && !retakeAfterPassing(test.test_type)) return 'done';
  const allowed = allowedAttempts(test.test_type, test.maximum_attempts);
  if (allowed !== null && test.attempts_used >= allowed) return 'no_attempts';
  return null;
}

export function readDownloads(env: Pick<DownloadEnvironment, 'userId' | 'storage'>): DownloadedTraining[] {
  try {
    const raw: unknown = JSON.parse(env.storage.getItem(downloadsStorageKey(env.userId)) ?? '[]');
    return Array.isArray(raw) ? raw.filter(isDownloadedTraining) : [];
  } catch {
    return [];
  }
}

function isDownloadedTraining(value: unknown): value is DownloadedTraining {
  const d = value as Partial<DownloadedTraining> | null;
  return !!d && Number.isInteger(d.trainingId) && typeof d.title === 'string' && Array.isArray(d.modules) && Array.isArray(d.tests)
    && typeof d.training === 'object' && d.training !== null;
}

function writeDownloads(env: Pick<DownloadEnvironment, 'userId' | 'storage'>, list: readonly DownloadedTraining[]): void {
  if (list.length === 0) env.storage.removeItem(downloadsStorageKey(env.userId));
  else env.storage.setItem(downloadsStorageKey(env.userId), JSON.stringify(list));
}

export function findDownload(env: Pick<DownloadEnvironment, 'userId' | 'storage'>, trainingId: number): DownloadedTraining | undefined {
  return readDownloads(env).find((d) => d.trainingId === trainingId);
}

/** Bytes the learner's downloads take (the files; the records are a few kilobytes). */
export const downloadedBytes = (list: readonly DownloadedTraining[]): number =>
  list.reduce((sum, d) => sum + d.modules.reduce((n, m) => n + m.bytes, 0), 0);

export interface DownloadProgress {
  done: number;
  total: number;
}

/**
 * Downloads a training for offline use (the module doc above): opens each downloadable module
 * on the server, stores its file, prepares its tests, and keeps the training as the server shows
 * it after that. A module the server refuses to open (locked meanwhile) is left out. A failed
 * file download fails the whole download and keeps nothing of it.
 */
export async function downloadTraining(env: DownloadEnvironment, trainingId: number, onProgress?: (progress: DownloadProgress) => void): Promise<DownloadedTraining> {
  const before = await env.api<LearnerTraining>(LEARNER_PATHS.training(trainingId));
  const activities = downloadableModules(before);
  const cache = await env.caches.open(OFFLINE_MEDIA_CACHE);
  const modules: DownloadedModule[] = [];
  onProgress?.({ done: 0, total: activities.length });
  try {
    for (const activity of activities) {
      const url = activity.module!.resource_url!;
      try {
        // the server's clock of this module starts now: what is played offline is counted from here
        await env.api(LEARNER_PATHS.moduleProgress(trainingId, activity.id), { method: 'POST', body: JSON.stringify({ event: 'opened' }) });
      } catch (error) {
        if (error instanceof ApiRequestError && error.status < 500) continue;
        throw error;
      }
      const response = await env.fetchFile(url);
      if (!response.ok) throw new Error(`download failed: ${response.status}`);
      const blob = await response.blob();
      await cache.put(url, new Response(blob, {
        headers: { 'Content-Type': response.headers.get('Content-Type') ?? blob.type, 'Content-Length': String(blob.size) },
      }));
      modules.push({ moduleId: activity.id, title: activity.title, kind: activity.module!.kind, url, bytes: blob.size });
      onProgress?.({ done: modules.length, total: activities.length });
    }
  } catch (error) {
    await Promise.all(modules.map((m) => cache.delete(m.url)));
    throw error;
  }

  const tests: DownloadedTest[] = [];
  for (const activity of before.activities) {
    if (activity.type !== 'test') continue;
    const blocked = offlineTestBlock(activity);
    let attempt: Attempt | null = null;
    if (blocked === null) {
      try {
        // starts one, or resumes the open one: its questions are the server's to draw
        attempt = await env.api<Attempt>(LEARNER_PATHS.attempts(trainingId, activity.id), { method: 'POST' });
      } catch {
        attempt = null;
      }
    }
    tests.push({ testId: activity.id, title: activity.title, attempt, blocked: blocked ?? (attempt && attempt.status === 'in_progress' ? null : 'failed') });
  }

  // as the server shows it now: modules opened, attempts open
  const training = await env.api<LearnerTraining>(LEARNER_PATHS.training(trainingId));
  const record: DownloadedTraining = { trainingId, title: training.title, savedAt: new Date().toISOString(), training, modules, tests };
  const others = readDownloads(env).filter((d) => d.trainingId !== trainingId);
  writeDownloads(env, [...others, record]);
  return record;
}

/** Removes a downloaded training: its files and its record. */
export async function removeDownload(env: Pick<DownloadEnvironment, 'userId' | 'storage' | 'caches'>, trainingId: number): Promise<void> {
  const list = readDownloads(env);
  const gone = list.find((d) => d.trainingId === trainingId);
  if (!gone) return;
  const cache = await env.caches.open(OFFLINE_MEDIA_CACHE);
  // a file another download still names stays (the same file in two trainings)
  const kept = new Set(list.filter((d) => d !== gone).flatMap((d) => d.modules.map((m) => m.url)));
  await Promise.all(gone.modules.filter((m) => !kept.has(m.url)).map((m) => cache.delete(m.url)));
  writeDownloads(env, list.filter((d) => d !== gone));
}

/**
 * The training of a download as its page shows it offline: the downloaded modules play the stored
 * files (their URL is the one they were stored under, whatever a later answer signed).
 */
export function offlineTraining(download: DownloadedTraining): LearnerTraining {
  const urls = new Map(download.modules.map((m) => [m.moduleId, m.url]));
  return {
    ...download.training,
    activities: download.training.activities.map((a) => {
      const url = urls.get(a.id);
      return a.type === 'module' && a.module && url ? { ...a, module: { ...a.module, resource_url: url } } : a;
    }),
  };
}

/** The stored answer of an API path while offline (the swr fetcher asks), or undefined. */
export function offlineAnswer(env: Pick<DownloadEnvironment, 'userId' | 'storage'>, path: string): unknown {
  const match = /^\/group_trainings\/(\d+)\/$/.exec(path);
  if (!match) return undefined;
  const download = findDownload(env, Number(match[1]));
  return download ? offlineTraining(download) : undefined;
}

/** The attempt prepared offline for a test of a downloaded training, or null. */
export function offlineAttempt(env: Pick<DownloadEnvironment, 'userId' | 'storage'>, trainingId: number, testId: number): Attempt | null {
  return findDownload(env, trainingId)?.tests.find((t) => t.testId === testId)?.attempt ?? null;
}
