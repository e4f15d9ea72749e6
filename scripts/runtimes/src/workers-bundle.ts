/**
 * Turns a Worker entry (a module whose default export has `fetch(request, env, ctx)`) into what workerd serves:
 * one ES module bundled by esbuild with the `workerd` / `worker` / `browser` export conditions, as Cloudflare's
 * own tooling resolves packages, and a workerd config that serves it on one address.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';

/** The Workers compatibility date the bundle is served with (workerd refuses dates after its own build). */
export const COMPATIBILITY_DATE = '2026-11-01';

/** What {@link prepareWorker} writes. */
export interface WorkerFiles {
  readonly dir: string;
  readonly config: string;
}

/** Options of {@link prepareWorker}. */
export interface PrepareWorkerOptions {
  /** The Worker's entry module. */
  readonly entry: string;
  /** Address and port workerd listens on. */
  readonly hostname: string;
  readonly port: number;
  /** Text bindings the Worker sees in its `env` (as `wrangler.toml`'s `[vars]`). */
  readonly vars?: Readonly<Record<string, string>>;
  /** Where to write; default a new temporary directory. */
  readonly dir?: string;
}

// Cap'n Proto text literals take the escapes JSON writes for these plain values.
const text = (value: string) => JSON.stringify(value);

function workerdConfig(options: PrepareWorkerOptions): string {
  const host = options.hostname.includes(':') ? `[${options.hostname}]` : options.hostname;
  const bindings = Object.entries(options.vars ?? {})
    .map(([name, value]) => `(name = ${text(name)}, text = ${text(value)})`)
    .join(', ');
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .worker),
    # Outbound fetches (push webhooks, other agents) may reach this machine's own addresses: a local runtime
    # for development and tests. Cloudflare's network reaches public addresses only.
    (name = "internet", network = (allow = ["public", "private", "local"])),
  ],
  sockets = [ (name = "http", address = ${text(`${host}:${options.port}`)}, http = (), service = "main") ],
);

const worker :Workerd.Worker = (
  modules = [ (name = "worker.js", esModule = embed "worker.js") ],
  compatibilityDate = ${text(COMPATIBILITY_DATE)},
  bindings = [ ${bindings} ],
  globalOutbound = "internet",
);
`;
}

/** Bundles the entry and writes the config next to it. */
export async function prepareWorker(options: PrepareWorkerOptions): Promise<WorkerFiles> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'baton-worker-'));
  mkdirSync(dir, { recursive: true });
  await build({
    entryPoints: [options.entry],
    outfile: join(dir, 'worker.js'),
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['module', 'main'],
    external: ['cloudflare:*', 'node:*'],
    logLevel: 'error',
  });
  const config = join(dir, 'config.capnp');
  writeFileSync(config, workerdConfig(options));
  return { dir, config };
}
