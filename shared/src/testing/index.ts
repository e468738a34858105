/**
 * `@lp/shared/testing`: stand-ins for the tests of the apps; nothing outside a test imports it.
 */
export * from './fakeRealtimeClient.ts';
export * from './games.ts';
