/**
 * Starts an app's entry on Node, Bun, Deno or workerd as a child process, on loopback, and waits until it
 * answers HTTP. Node runs TypeScript through tsx; Bun and Deno run it as is; workerd gets a bundle (see
 * {@link prepareWorker}).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve as resolvePath } from 'node:path';
import { runtimeBinary } from './runtime-binary.ts';
import { scriptCommand } from './script-command.ts';
import { prepareWorker } from './workers-bundle.ts';

/** Where an app can run. `workers` is Cloudflare Workers, served locally by workerd. */
export type Runtime = 'node' | 'bun' | 'deno' | 'workers';

/** Every runtime, in the order the docs and reports list them. */
export const RUNTIMES: readonly Runtime[] = ['node', 'bun', 'deno', 'workers'];

/** Options of {@link startOnRuntime}. */
export interface StartOnRuntimeOptions {
  readonly runtime: Runtime;
  /** The entry: a Node/Bun/Deno program that listens on `PORT` and `HOST`, or a Worker module. */
  readonly entry: string;
  /** Working directory (default the current one); the entry is resolved from it. */
  readonly cwd?: string;
  /** Port to listen on; default a free one. */
  readonly port?: number;
  /** Address to listen on; default `127.0.0.1`. */
  readonly hostname?: string;
  /** Added to the environment (on workerd: text bindings in the Worker's `env`). */
  readonly env?: Readonly<Record<string, string>>;
  /** `inherit` shows the app's output; `pipe` (default) keeps it for {@link RunningOnRuntime.output}. */
  readonly stdio?: 'pipe' | 'inherit';
  /** A path that answers once the app is up; default `/`. Any HTTP status counts. */
  readonly readyPath?: string;
  /** How long to wait for it; default 30 s. */
  readonly readyTimeoutMs?: number;
}

/** An app running on a runtime. */
export interface RunningOnRuntime {
  readonly runtime: Runtime;
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  /** What the app wrote to stdout and stderr so far (with `stdio: 'pipe'`). */
  output(): string;
  /** Resolves with the exit code when the process ends. */
  readonly exited: Promise<number | null>;
  /** Stops the process (SIGTERM, then SIGKILL after 3 s) and removes what was written for it. */
  stop(): Promise<void>;
}

/** A free TCP port on the address (taken, then released: the app binds it next). */
export function freePort(hostname = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, hostname, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function command(
  options: StartOnRuntimeOptions,
  hostname: string,
  port: number,
): Promise<{ argv: string[]; env: Record<string, string>; cleanup?: () => void }> {
  const entry = resolvePath(options.cwd ?? process.cwd(), options.entry);
  const env = { PORT: String(port), HOST: hostname, ...options.env };
  switch (options.runtime) {
    case 'node':
    case 'bun':
    case 'deno':
      return { argv: scriptCommand(options.runtime, entry, { server: true }), env };
    case 'workers': {
      const binary = runtimeBinary('workerd');
      const files = await prepareWorker({ entry, hostname, port, vars: options.env ?? {} });
      return {
        argv: [binary, 'serve', files.config],
        env: {},
        cleanup: () => rmSync(files.dir, { recursive: true, force: true }),
      };
    }
  }
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
  });
}

async function waitUntilAnswering(
  url: string,
  exited: Promise<number | null>,
  timeoutMs: number,
  output: () => string,
): Promise<void> {
  let gone: number | null | undefined;
  void exited.then((code) => {
    gone = code;
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (gone !== undefined) throw new Error(`exited with ${gone} before it answered:\n${output()}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await response.body?.cancel();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`did not answer ${url} within ${timeoutMs} ms:\n${output()}`);
}

/** Starts the entry on the runtime and resolves once it answers HTTP. */
export async function startOnRuntime(options: StartOnRuntimeOptions): Promise<RunningOnRuntime> {
  const hostname = options.hostname ?? '127.0.0.1';
  const port = options.port || (await freePort(hostname));
  const { argv, env, cleanup } = await command(options, hostname, port);
  const [file, ...args] = argv as [string, ...string[]];
  const child = spawn(file, args, {
    cwd: options.cwd ?? process.cwd(),
    env: { ...process.env, ...env },
    stdio: options.stdio === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = exitOf(child).finally(() => cleanup?.());
  const host = hostname.includes(':') ? `[${hostname}]` : hostname;
  const url = `http://${host}:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    }
  };
  try {
    await waitUntilAnswering(
      `${url}${options.readyPath ?? '/'}`,
      exited,
      options.readyTimeoutMs ?? 30_000,
      () => output,
    );
  } catch (error) {
    await stop();
    throw new Error(`${options.runtime} ${options.entry}: ${(error as Error).message}`);
  }
  return { runtime: options.runtime, url, port, pid: child.pid ?? 0, output: () => output, exited, stop };
}
