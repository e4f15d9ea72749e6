#!/usr/bin/env node
// @ts-check
// What `npm start` runs once the workspace is installed: the chain's agents and the orchestrator, each bundled
// and run with plain node. BATON_START_PORT (default 4100) is the orchestrator's port, the agents take the next
// three. One Ctrl-C (or SIGTERM) stops them all; each says it stopped, and the exit status is 0 when they all
// stopped cleanly.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleApp } from './bundle-app.mjs';
import { prefixLines } from './prefix-lines.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const base = Number(process.env.BATON_START_PORT ?? 4100);
if (!Number.isInteger(base) || base < 1 || base > 65_532) {
  console.error(`BATON_START_PORT must be a port from 1 to 65532, got ${process.env.BATON_START_PORT}`);
  process.exit(2);
}
const colour = process.stdout.isTTY === true;
const APPS = [
  { name: 'outline-agent', port: base + 1, hue: 36 },
  { name: 'doc-agent', port: base + 2, hue: 35 },
  { name: 'summary-agent', port: base + 3, hue: 32 },
  { name: 'orchestrator', port: base, hue: 34 },
];
const width = Math.max(...APPS.map((app) => app.name.length));
const label = (/** @type {{ name: string, hue: number }} */ app) =>
  colour ? `\x1b[${app.hue}m${app.name.padEnd(width)}\x1b[0m` : app.name.padEnd(width);

const bundles = join(root, 'node_modules', '.cache', 'baton-start');
mkdirSync(bundles, { recursive: true });
const started = Date.now();
/** @type {string[]} */
let outcomes = [];
try {
  outcomes = await Promise.all(
    APPS.map((app) =>
      bundleApp({
        entry: join(root, 'apps', app.name, 'src', 'main.ts'),
        outfile: join(bundles, `${app.name}.mjs`),
      }),
    ),
  );
} catch (error) {
  console.error(`Could not build the apps: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const built = outcomes.filter((outcome) => outcome === 'built').length;
const how =
  built === 0 ? 'unchanged since the last start' : `${built} of 4 built in ${Date.now() - started} ms`;
console.log(
  `Starting the chain (${how}): the orchestrator on port ${base}, the agents on ${base + 1}–${base + 3}`,
);

/** Loaded before each app: when the launcher's channel closes, the app gets SIGTERM (its graceful stop). */
const STOP_WITH_LAUNCHER = `data:text/javascript,${encodeURIComponent(
  "process.on('disconnect', () => process.kill(process.pid, 'SIGTERM')); process.channel?.unref();",
)}`;

const agentUrls = APPS.filter((app) => app.name !== 'orchestrator').map(
  (app) => `http://127.0.0.1:${app.port}`,
);
/** @type {Map<string, import('node:child_process').ChildProcess>} */
const running = new Map();
let stopping = false;
let failed = false;

for (const app of APPS) {
  const env = {
    ...process.env,
    PORT: String(app.port),
    // Readable lines when a person watches; JSON lines otherwise (a file, a log collector).
    ...(process.env.LOG_FORMAT === undefined && process.stdout.isTTY ? { LOG_FORMAT: 'pretty' } : {}),
    ...(app.name === 'orchestrator' && process.env.AGENT_URLS === undefined && base !== 4100
      ? { AGENT_URLS: agentUrls.join(',') }
      : {}),
  };
  // Each app in its own process group: a Ctrl-C reaches this process alone, which passes it on once (an app
  // given two signals stops at once, with an error).
  // And an IPC channel to this process: should it die without stopping them (kill -9), the channel closes and
  // each app stops itself as on SIGTERM.
  const child = spawn(process.execPath, ['--import', STOP_WITH_LAUNCHER, join(bundles, `${app.name}.mjs`)], {
    cwd: join(root, 'apps', app.name),
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    detached: true,
  });
  running.set(app.name, child);
  if (child.stdout) prefixLines(child.stdout, process.stdout, label(app));
  if (child.stderr) prefixLines(child.stderr, process.stderr, label(app));
  // `close`, not `exit`: the app's last lines have been read and written before it counts as stopped.
  child.on('close', (code, signal) => {
    running.delete(app.name);
    const clean = code === 0 || (stopping && (signal === 'SIGINT' || signal === 'SIGTERM'));
    if (stopping) {
      console.log(`${label(app)} │ stopped${clean ? '' : ` (exit ${code ?? signal})`}`);
    } else {
      console.error(`${label(app)} │ exited on its own (${code ?? signal}); stopping the others`);
    }
    if (!clean) failed = true;
    if (!stopping) stop('SIGTERM');
    if (running.size === 0) process.exit(failed ? 1 : 0);
  });
}

/** Asks every app to stop (once); a second Ctrl-C ends them at once. */
function stop(/** @type {NodeJS.Signals} */ signal) {
  if (stopping) {
    for (const child of running.values()) child.kill('SIGKILL');
    return;
  }
  stopping = true;
  for (const child of running.values()) child.kill(signal);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
// Should this process end any other way, the apps end with it.
process.on('exit', () => {
  for (const child of running.values()) child.kill('SIGKILL');
});
