/** create-baton-agent as a library: scaffold an agent project from code. */
export { type CreateIo, runCreate } from './run-create.ts';
export {
  parseRuntime,
  RUNTIME_PROFILES,
  type RuntimeProfile,
  runtimeFromUserAgent,
  STARTER_RUNTIMES,
  type StarterRuntime,
} from './runtimes.ts';
export {
  DirectoryNotEmptyError,
  packageNameOf,
  type ScaffoldOptions,
  type ScaffoldResult,
  scaffoldAgent,
} from './scaffold.ts';
