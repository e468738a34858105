export * from './rules.ts';
export * from './calendarFile.ts';
