import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/preact';
import { afterEach, vi } from 'vitest';

// findBy/waitFor give up after 1 s by default, too soon while both cores run other suites
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  // catalogue filters are kept per list in sessionStorage (spec 1 §2.2)
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
