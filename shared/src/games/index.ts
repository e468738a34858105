export * from './content.ts';
export * from './grid.ts';
export * from './localSession.ts';
export * from './markers.ts';
export * from './play.ts';
export * from './random.ts';
