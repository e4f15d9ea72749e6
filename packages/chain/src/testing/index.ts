/** `@baton/chain/testing`: helpers for tests that run the apps as real processes. */
export { type AppExit, type AppProcess, runAppToExit, startAppProcess } from './start-app-process.ts';
