/** Runs a script to its end on Node, Bun or Deno and gives back what it printed (a client on each runtime). */
import { execFile } from 'node:child_process';
import { resolve as resolvePath } from 'node:path';
import { type ScriptRuntime, scriptCommand } from './script-command.ts';

/** Options of {@link runOnRuntime}. */
export interface RunOnRuntimeOptions {
  readonly runtime: ScriptRuntime;
  readonly script: string;
  readonly args?: readonly string[];
  /** Working directory (default the current one); the script is resolved from it. */
  readonly cwd?: string;
  readonly env?: Readonly<Record<string, string>>;
  /** Killed after this long; default 60 s. */
  readonly timeoutMs?: number;
}

/** How a script run ended. */
export interface ScriptRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the script and resolves when it exits, whatever its exit code. */
export function runOnRuntime(options: RunOnRuntimeOptions): Promise<ScriptRun> {
  const cwd = options.cwd ?? process.cwd();
  const [file, ...command] = scriptCommand(options.runtime, resolvePath(cwd, options.script));
  const args = [...command, ...(options.args ?? [])];
  return new Promise((resolve) => {
    execFile(
      file,
      args,
      {
        cwd,
        env: { ...process.env, ...options.env },
        timeout: options.timeoutMs ?? 60_000,
        maxBuffer: 16 << 20,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
