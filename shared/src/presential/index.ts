export * from './rules.ts';
export * from './learner.ts';
