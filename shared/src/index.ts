// Every entry point at once, until the imports name their entry (scripts/codemods/shared-entry-points.mjs).
export * from './contract/index.ts';
export * from './rules.ts';
export * from './client/index.ts';
export * from './testing/index.ts';
