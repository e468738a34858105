/**
 * How the admin and portal builds tree-shake @lp/shared (their vite configs spread this into
 * `rolldownOptions.treeshake`). The contract builds its schemas with module-level calls that have
 * no side effects, but a bundler cannot know that: without this every schema of every module
 * reached the apps' first load, because the screens import paths and types from the same barrel.
 * A name covers its members (`Type` covers `Type.Object(…)`); `bundling.test.ts` keeps the list whole.
 */
export const CONTRACT_PURE_CALLS = ['Type', 'literalUnion', 'evaluationQuestionSchemas'];

export const sharedTreeshake = {
  // shared's modules and TypeBox's have no side effects: a screen that takes a contract module's
  // paths drops the module's schemas, and TypeBox, with them
  moduleSideEffects: (id: string) => !/[\\/](shared[\\/]src|@sinclair[\\/]typebox)[\\/]/.test(id),
  manualPureFunctions: CONTRACT_PURE_CALLS,
};
