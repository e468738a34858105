export * from './lists.ts';
export * from './rules.ts';
