/**
 * Starts a program that prints "listening on <url>" once it serves, and stops it again (its whole process
 * group, so an `npm start` that runs `tsc && node …` leaves nothing behind).
 */
import { type ChildProcess, spawn } from 'node:child_process';

/** A started program: its URL, what it printed, and how to stop it. */
export interface ListeningProcess {
  readonly url: string;
  output(): string;
  stop(): Promise<void>;
}

/** Options of {@link startListening}. */
export interface StartListeningOptions {
  readonly cwd: string;
  readonly env?: Readonly<Record<string, string>>;
  /** How long it may take to print its URL; default 60 s (an `npm start` compiles first). */
  readonly timeoutMs?: number;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const gone = exited(child);
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-(child.pid as number), name);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 5000);
  await gone;
  clearTimeout(timer);
}

/** Spawns `command args` in its own process group and resolves once it prints the URL it listens on. */
export function startListening(
  command: string,
  args: readonly string[],
  options: StartListeningOptions,
): Promise<ListeningProcess> {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      void stopGroup(child).then(() => reject(new Error(`${command} ${args.join(' ')} ${why}:\n${output}`)));
    };
    const timer = setTimeout(() => fail('did not print its URL'), options.timeoutMs ?? 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^\s)]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        child.removeAllListeners('exit');
        resolve({ url: match[1], output: () => output, stop: () => stopGroup(child) });
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => fail(`exited with ${code}`));
  });
}
