/**
 * The Cache Storage cache that holds the files learners downloaded (lib/offline/downloads.ts
 * writes it, the service worker src/sw.ts answers from it). The precache of the app shell is
 * Workbox's own.
 */
export const OFFLINE_MEDIA_CACHE = 'lp-offline-media-v1';
