export { default as appPlugin, type AppOptions } from './app.ts';
export { loadConfig, type Config } from './config.ts';
export { DEMO, INSTRUCTOR_ITEMS } from './seed/demo.ts';
