import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { installFastComputedStyle } from './fastComputedStyle.ts';
import { installFastLabelControl } from './fastLabelControl.ts';
import { skipOwnerStacks } from './ownerStacks.ts';

installFastComputedStyle(window);
installFastLabelControl();
skipOwnerStacks();

// findBy/waitFor give up after 1 s by default, too soon while both cores run other suites
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // files of a worker share one document (isolate: false): lists keep their filters in the URL
  window.history.replaceState(null, '', '/');
});
