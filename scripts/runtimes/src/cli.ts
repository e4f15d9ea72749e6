/**
 * `baton-runtime <node|bun|deno|workers> <entry> [--env NAME,NAME] [--default-port N]`: runs an app's entry on
 * one runtime, listening on `PORT` (default `--default-port`, else 8787) and `HOST` (default 127.0.0.1), with
 * its output shown. On workers, the named environment variables become the Worker's `env` vars. Stops the app
 * on SIGINT / SIGTERM; a bad argument or a missing runtime stops at start with a one-line reason.
 */
import { RUNTIMES, type Runtime, startOnRuntime } from './start-on-runtime.ts';

const USAGE = 'usage: baton-runtime <node|bun|deno|workers> <entry> [--env NAME,NAME] [--default-port N]';

function fail(reason: string): never {
  console.error(`baton-runtime: ${reason}`);
  process.exit(1);
}

function parse(argv: readonly string[]) {
  const [runtime, entry, ...rest] = argv;
  if (!runtime || !entry) fail(USAGE);
  if (!RUNTIMES.includes(runtime as Runtime)) fail(`unknown runtime "${runtime}"; ${USAGE}`);
  let names: string[] = [];
  let defaultPort = 8787;
  for (let index = 0; index < rest.length; index += 2) {
    const [flag, value] = [rest[index], rest[index + 1]];
    if (flag === '--env' && value) names = value.split(',').filter(Boolean);
    else if (flag === '--default-port' && value) defaultPort = Number(value);
    else fail(`unexpected argument "${flag}"; ${USAGE}`);
  }
  const port = process.env.PORT ? Number(process.env.PORT) : defaultPort;
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    fail(`PORT must be a port number, got ${process.env.PORT}`);
  return { runtime: runtime as Runtime, entry, names, port };
}

const { runtime, entry, names, port } = parse(process.argv.slice(2));
const vars = Object.fromEntries(
  names.flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name] as string]])),
);
try {
  const running = await startOnRuntime({
    runtime,
    entry,
    port,
    hostname: process.env.HOST || '127.0.0.1',
    stdio: 'inherit',
    ...(runtime === 'workers' ? { env: vars } : {}),
  });
  // Bun and Deno entries say where they listen themselves; workerd says nothing.
  if (runtime === 'workers') console.log(`listening on ${running.url} (workerd)`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void running.stop());
  process.exitCode = (await running.exited) ?? 0;
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
