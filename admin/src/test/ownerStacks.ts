import * as React from 'react';

/**
 * React 19's development build captures a stack trace (`new Error`) for each element it creates,
 * so its warnings can name the owner component, up to 10,000 per render. In the admin's form
 * suites that capture was the largest single cost of rendering. The tests read no owner stacks
 * (a warning still prints, with the component stack), so the count is held at its limit.
 */
export function skipOwnerStacks(): void {
  const internals = (React as unknown as Record<string, object | undefined>).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  if (!internals || !('recentlyCreatedOwnerStacks' in internals)) return;
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { configurable: true, get: () => Infinity, set: () => {} });
}
