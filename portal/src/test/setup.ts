import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/preact';
import { afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
  // catalogue filters are kept per list in sessionStorage (spec 1 §2.2)
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
