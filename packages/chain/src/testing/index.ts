/** `@baton/chain/testing`: helpers for tests that run the apps as real processes, and a stand-in OpenAI-compatible server. */

export { type StandInReply, type StandInRequest, startOpenAiStandIn } from './openai-stand-in.ts';
export { type AppExit, type AppProcess, runAppToExit, startAppProcess } from './start-app-process.ts';
