import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/preact';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { loadErrorTexts, loadNamespace } from '../lib/i18n.ts';
import { LAZY_NAMESPACES } from '../lib/messageNamespaces.ts';
import { stopProgressOutbox } from '../lib/offline/progress-outbox.ts';

// findBy/waitFor give up after 1 s by default, too soon while both cores run other suites
configure({ asyncUtilTimeout: 15_000 });

// components of lazy pages are rendered directly here, without the route that loads their texts
beforeAll(() => Promise.all([...LAZY_NAMESPACES.map((namespace) => loadNamespace(namespace)), loadErrorTexts()]));

afterEach(() => {
  cleanup();
  // the learner's module events are one queue per page: each test starts a page of its own
  stopProgressOutbox();
  localStorage.clear();
  // catalogue filters are kept per list in sessionStorage (spec 1 §2.2)
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// preact runs effects after the next frame, with a 35 ms timer beside requestAnimationFrame; the
// timer cancels the frame when it fires. Let the last ones fire while the page's globals exist,
// not after the file's environment is torn down (an uncaught "cancelAnimationFrame is not defined").
afterAll(() => new Promise<void>((resolve) => { setTimeout(resolve, 100); }));
