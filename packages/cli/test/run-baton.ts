import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The `baton` bin of the workspace (the TypeScript source through tsx). */
export const BATON_BIN = fileURLToPath(new URL('../bin/baton-dev.js', import.meta.url));

/** What one `baton` process did. */
export interface BatonResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `baton <args>` as a process (stdout and stderr piped) and resolves when it exits. */
export function runBaton(
  args: readonly string[],
  options: { bin?: string; env?: Record<string, string> } = {},
) {
  return new Promise<BatonResult>((resolve) => {
    execFile(
      process.execPath,
      [options.bin ?? BATON_BIN, ...args],
      { env: { ...process.env, ...options.env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** Starts `baton <args>` and resolves with the process once `ready` matches its stderr. */
export function startBaton(args: readonly string[], ready: RegExp) {
  const child = spawn(process.execPath, [BATON_BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const exited = new Promise<BatonResult>((resolve) =>
    child.once('exit', (code) => resolve({ code: code ?? 1, stdout, stderr })),
  );
  const started = new Promise<string>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = ready.exec(stderr);
      if (match) resolve(match[1] ?? match[0]);
    });
    void exited.then(() => reject(new Error(`baton exited before ${ready}: ${stderr}`)));
  });
  return { started, exited };
}
