/** @baton/runtimes: run an app on Node, Bun, Deno or workerd, from the runtime packages of the registry. */

export { type RunOnRuntimeOptions, runOnRuntime, type ScriptRun } from './run-on-runtime.ts';
export { type ForeignRuntime, RuntimeUnavailableError, runtimeBinary } from './runtime-binary.ts';
export { type ScriptRuntime, scriptCommand } from './script-command.ts';
export {
  freePort,
  RUNTIMES,
  type RunningOnRuntime,
  type Runtime,
  type StartOnRuntimeOptions,
  startOnRuntime,
} from './start-on-runtime.ts';
export {
  COMPATIBILITY_DATE,
  type PrepareWorkerOptions,
  prepareWorker,
  type WorkerFiles,
} from './workers-bundle.ts';
