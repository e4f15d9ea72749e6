import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const sources = import.meta.dirname;

/** What a script run in Node 22 printed. */
export interface Finished {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs one of this folder's scripts in the given Node 22 binary (types stripped by Node itself) to its end. */
export function runScript(
  node: string,
  script: string,
  args: readonly string[],
  env: Readonly<Record<string, string>> = {},
): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, [join(sources, script), ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** A script run in Node 22 that listens: the port it printed, and how to stop it. */
export interface Listening {
  readonly port: number;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts a script in Node 22 that prints `{"port":…}` once listening; it stops when its stdin closes. */
export function startScript(
  node: string,
  script: string,
  env: Readonly<Record<string, string>>,
): Promise<Listening> {
  const child = spawn(node, [join(sources, script)], {
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      reject(new Error(`${script} exited (${code}) before listening:\n${stderr}`)),
    );
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', (line) => {
      const { port } = JSON.parse(line) as { port: number };
      resolve({
        port,
        child,
        stop: async () => {
          child.stdin?.end();
          await exited;
        },
      });
    });
  });
}
