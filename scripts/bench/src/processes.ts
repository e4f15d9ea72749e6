/** Starting, pinning and stopping the processes of a bench run: the targets and the load generator. */
import { type ChildProcess, execFileSync, fork, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { scriptCommand } from '@baton/runtimes';
import { bundlePath } from './build-targets.ts';
import type { LoadJob, LoadResult } from './load/load-job.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Whether processes can be pinned to cores here: two or more cores and `taskset`. */
export function canPin(): boolean {
  if (availableParallelism() < 2) return false;
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Pins every thread of `pid` to `core` (threads started later inherit it). */
export function pin(pid: number, core: number): void {
  execFileSync('taskset', ['-a', '-cp', String(core), String(pid)], { stdio: 'ignore' });
}

/** A running target process. */
export interface TargetProcess {
  readonly url: string;
  readonly pid: number;
  stop(): Promise<void>;
}

/** Kills a child with SIGKILL and resolves once it has exited (at once if it already has). */
export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** A runtime other than Node that a target can run on (from source: both compile TypeScript themselves). */
export type TargetRuntime = 'bun' | 'deno';

/**
 * Starts a script and waits for its `ready` line: on Node, TypeScript through tsx and a bundle (`.mjs`) as
 * plain Node; on Bun or Deno, the script as is.
 */
export function startProcess(
  script: string,
  options: {
    core?: number;
    env?: Record<string, string>;
    args?: readonly string[];
    runtime?: TargetRuntime;
    /** Flags for Node itself (`--trace-gc-nvp`), before the script; Node only. */
    nodeFlags?: readonly string[];
    /** Receives what the process writes to stdout once it is ready. */
    onOutput?: (chunk: string) => void;
  } = {},
): Promise<TargetProcess> {
  const [file, ...command] = scriptCommand(options.runtime ?? 'node', script, { server: true });
  const args = options.runtime === undefined ? [...(options.nodeFlags ?? []), ...command] : command;
  const child = spawn(file, [...args, ...(options.args ?? [])], {
    cwd: here('..'),
    env: { ...process.env, PORT: '0', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${script} did not start in 20 s:\n${output}`)), 20_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(?:ready|listening on) (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.stdout?.off('data', read);
      const onOutput = options.onOutput;
      if (onOutput) child.stdout?.on('data', (data: Buffer) => onOutput(data.toString()));
      else child.stdout?.resume();
      child.stderr?.resume();
      if (options.core !== undefined && child.pid !== undefined) pin(child.pid, options.core);
      resolve({ url: match[1], pid: child.pid ?? 0, stop: () => stopChild(child) });
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code} before it was ready:\n${output}`));
    });
  });
}

/**
 * Starts one of the bench targets in `src/targets`: on Node from its bundle (see `buildBundles`), on Bun or Deno
 * from its source.
 */
export function startTarget(
  name: string,
  core?: number,
  env?: Record<string, string>,
  runtime?: TargetRuntime,
  node: { nodeFlags?: readonly string[]; onOutput?: (chunk: string) => void } = {},
): Promise<TargetProcess> {
  const script = runtime ? here(`targets/${name}.ts`) : bundlePath(name);
  return startProcess(script, {
    ...(core === undefined ? {} : { core }),
    ...(env ? { env } : {}),
    ...(runtime ? { runtime } : {}),
    ...node,
  });
}

/** The load generator: a separate process that runs one {@link LoadJob} at a time. */
export interface LoadGenerator {
  run(job: LoadJob): Promise<LoadResult>;
  stop(): Promise<void>;
}

type WorkerMessage = { ready: true } | { ok: true; result: LoadResult } | { ok: false; error: string };

/** Starts the load generator from its bundle (see `buildBundles`). */
export async function startLoadGenerator(core?: number): Promise<LoadGenerator> {
  const child = fork(bundlePath('load-worker'), [], { execArgv: [], stdio: 'inherit' });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the load generator exited with ${code}`)));
  });
  if (core !== undefined && child.pid !== undefined) pin(child.pid, core);
  return {
    run: (job) =>
      new Promise((resolve, reject) => {
        child.once('message', (message: WorkerMessage) => {
          if ('ready' in message) return reject(new Error('unexpected message from the load generator'));
          if (message.ok) resolve(message.result);
          else reject(new Error(message.error));
        });
        child.send(job);
      }),
    stop: () => stopChild(child),
  };
}

/** Resident set size of a process in bytes (Linux `/proc`), or `undefined` where that cannot be read. */
export function rssOf(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kib === undefined ? undefined : Number(kib) * 1024;
  } catch {
    return undefined;
  }
}
