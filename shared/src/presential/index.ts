export * from './rules.ts';
export * from './results.ts';
export * from './costs.ts';
export * from './learner.ts';
