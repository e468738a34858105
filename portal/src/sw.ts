/// <reference lib="webworker" />
/**
 * The portal's service worker (spec 2 §2.1 "download content for offline use"; issue 24 item 6),
 * built by vite-plugin-pwa (injectManifest) with Workbox:
 * - the app shell — index.html and every built script, style and locale chunk — is precached, so
 *   the portal opens and every page's code loads without a connection;
 * - a client-side route (a navigation) is answered with the precached index.html;
 * - a file a learner downloaded (lib/offline/downloads.ts keeps it in OFFLINE_MEDIA_CACHE under the
 *   URL the training gave) is answered from that cache, byte ranges included (players seek);
 * - everything else, the API above all, goes to the network as before: nothing of the API is
 *   cached here (the portal keeps what a downloaded training needs itself, per user).
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheOnly } from 'workbox-strategies';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { GAME_PREVIEW_PATH } from '@lp/shared/contract';
import { OFFLINE_MEDIA_CACHE } from './lib/offline/cache-names.ts';

declare const self: ServiceWorkerGlobalScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// the portal's own routes: not the API, the control panel, media nor files with an extension — nor
// the game preview, which the control panel frames and the server answers with its own frame policy
const previewPath = new RegExp(`^${GAME_PREVIEW_PATH}(/|$)`);
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), {
  denylist: [/^\/api\//, /^\/admin(\/|$)/, /^\/media\//, /\/[^/?]+\.[^/?]+$/, previewPath],
}));

const downloaded = new CacheOnly({ cacheName: OFFLINE_MEDIA_CACHE, plugins: [new RangeRequestsPlugin()] });
const isMedia = (url: URL) => url.pathname.startsWith('/api/files/media/') || url.pathname.startsWith('/media/');

// a downloaded file is played from the device, online or not (it is the same file); other media
// go to the network untouched
registerRoute(({ request, url }) => request.method === 'GET' && url.origin === self.location.origin && isMedia(url), async (options) => {
  const cache = await caches.open(OFFLINE_MEDIA_CACHE);
  if (await cache.match(options.request.url)) return downloaded.handle(options);
  return fetch(options.request);
});

// a new version takes over at once: its precache holds every chunk of the new build
self.addEventListener('install', () => void self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
