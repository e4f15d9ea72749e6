import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root, where `apps/<app>/src/main.ts` live. */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
// Node itself runs the app with tsx's loader: the tsx CLI would run it in a child process, which a SIGKILL
// of the CLI leaves running.
const TSX_LOADER = import.meta.resolve('tsx');

/** An app started as a real process. */
export interface AppProcess {
  readonly child: ChildProcess;
  /** The URL from its `listening on` line. */
  readonly url: string;
  /** Everything it printed so far. */
  output(): string;
  /** Stops it with `signal` (default SIGTERM) and resolves when it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** How an app process ended before it listened. */
export interface AppExit {
  readonly code: number | null;
  readonly output: string;
}

function spawnApp(app: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', TSX_LOADER, `apps/${app}/src/main.ts`], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * Starts `apps/<app>/src/main.ts` with tsx's loader as a real process (one process: a SIGKILL kills the app) (port 0 unless `env.PORT` says otherwise) and
 * resolves once it prints `listening on <url>`; rejects with what it printed if it exits first or takes longer
 * than `timeoutMs`.
 */
export function startAppProcess(
  app: string,
  env: Record<string, string> = {},
  timeoutMs = 15_000,
): Promise<AppProcess> {
  const child = spawnApp(app, env);
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill(signal);
      const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(force);
    }
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop('SIGKILL');
      reject(new Error(`${app} did not start in ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^\s]+)/.exec(output);
      if (match?.[1] !== undefined) {
        clearTimeout(timer);
        resolve({ child, url: match[1], output: () => output, stop });
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${app} exited with ${code} before listening:\n${output}`));
    });
  });
}

/** Runs an app that is expected to refuse to start; resolves with its exit code and output. */
export function runAppToExit(app: string, env: Record<string, string>, timeoutMs = 15_000): Promise<AppExit> {
  const child = spawnApp(app, env);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${app} was still running after ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}
