/**
 * Bundles the targets and the load generator into plain JavaScript before a run, so every process runs as a
 * deployed Node service would: no TypeScript loader at run time (tsx registers a module hook thread and
 * wraps every function created at run time in a `__name` call, which cost Baton's request path about 15 %
 * of its CPU in a profile), and the same treatment for all three targets.
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, build } from 'esbuild';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Where the bundles go (ignored by git). */
export const BUNDLE_DIR = here('../.bundles');

/** Where the cold-start bundles go: split at each dynamic import, as a service bundled for Node would be. */
export const COLD_BUNDLE_DIR = here('../.bundles/cold');

/** The bundle of a target (`baton-target`, …) or of the load generator (`load-worker`). */
export function bundlePath(name: string): string {
  return `${BUNDLE_DIR}/${name}.mjs`;
}

const NODE_BUNDLE: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  logLevel: 'error',
  // Native drivers load their binary at run time: resolved from the bench's node_modules, not bundled.
  external: ['libsql', 'pg', 'pg-native'],
  // Express and other CommonJS dependencies call `require` for Node built-ins.
  banner: {
    js: "import { createRequire as __benchRequire } from 'node:module'; const require = __benchRequire(import.meta.url);",
  },
};

/**
 * Bundles what W13 starts cold: the ceiling, the Baton target and the conformance agent (HTTP, gRPC, stores and
 * telemetry from the environment, as the kits run it), each split at its dynamic imports so that what an
 * app does not use (a store it was not given, the OpenTelemetry SDK when nothing is exported) is not loaded.
 */
export async function buildColdStartBundles(): Promise<void> {
  mkdirSync(COLD_BUNDLE_DIR, { recursive: true });
  await build({
    ...NODE_BUNDLE,
    entryPoints: {
      'hono-target': here('targets/hono-target.ts'),
      'grpc-libraries-floor-target': here('targets/grpc-libraries-floor-target.ts'),
      'baton-target': here('targets/baton-target.ts'),
      'conformance-agent': here('../../../apps/conformance-agent/src/main.ts'),
    },
    outdir: COLD_BUNDLE_DIR,
    outExtension: { '.js': '.mjs' },
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
  });
}

/** Bundles every script in `src/targets` (but the shared helper) and the load generator. */
export async function buildBundles(): Promise<void> {
  mkdirSync(BUNDLE_DIR, { recursive: true });
  const targets = readdirSync(here('targets'))
    .filter((file) => file.endsWith('-target.ts'))
    .map((file) => [file.replace(/\.ts$/, ''), here(`targets/${file}`)]);
  await build({
    entryPoints: Object.fromEntries([...targets, ['load-worker', here('load/load-worker.ts')]]),
    ...NODE_BUNDLE,
    outdir: BUNDLE_DIR,
    outExtension: { '.js': '.mjs' },
  });
}
