/** The command line that runs a script on Node, Bun or Deno: the one place each runtime's flags are chosen. */
import { runtimeBinary } from './runtime-binary.ts';

/** A runtime that runs a script directly (workerd serves a bundle instead: see `prepareWorker`). */
export type ScriptRuntime = 'node' | 'bun' | 'deno';

/** The Deno permissions an A2A agent or client needs: listen and fetch, its settings, its own files. */
const DENO_FLAGS = ['--allow-net', '--allow-env', '--allow-read', '--no-lock', '--no-prompt'];

/**
 * Deno's `request.signal` fires when a response is complete unless this is given (its "legacy" behaviour, with
 * a warning per process); with it, the signal means what Baton reads it for: the caller went away.
 */
const DENO_SERVER_FLAGS = ['--unstable-no-legacy-abort'];

/**
 * The command that runs `script`: on Node, TypeScript through tsx and JavaScript as is; Bun and Deno compile
 * TypeScript themselves. `server` adds what a script that serves HTTP needs (Deno's signal behaviour).
 */
export function scriptCommand(
  runtime: ScriptRuntime,
  script: string,
  options: { readonly server?: boolean } = {},
): [string, ...string[]] {
  if (runtime === 'bun') return [runtimeBinary('bun'), script];
  if (runtime === 'deno') {
    const serving = options.server ? DENO_SERVER_FLAGS : [];
    return [runtimeBinary('deno'), 'run', ...DENO_FLAGS, ...serving, script];
  }
  const loader = script.endsWith('.ts') ? ['--import', import.meta.resolve('tsx')] : [];
  return [process.execPath, ...loader, script];
}
