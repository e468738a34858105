import { api } from '../api.ts';
import { getSession } from '../session.ts';
import type { DownloadEnvironment } from './downloads.ts';

/** Whether this browser can keep downloads (Cache Storage and a service worker to serve them). */
export const offlineSupported = (): boolean => typeof window !== 'undefined' && 'caches' in window && 'serviceWorker' in navigator;

/** The download store's environment for the signed-in learner, or null (nobody signed in, or no Cache Storage). */
export function downloadEnvironment(): DownloadEnvironment | null {
  const userId = getSession().user?.id;
  if (userId === undefined || typeof caches === 'undefined') return null;
  return {
    userId,
    storage: window.localStorage,
    caches,
    fetchFile: (url) => fetch(url, { credentials: 'same-origin' }),
    api: <T>(path: string, init?: RequestInit) => api.json<T>(path, init),
  };
}
