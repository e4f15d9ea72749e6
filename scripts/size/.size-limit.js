// @ts-check
/**
 * Byte budgets, checked by `pnpm --filter @baton/size test` in CI. Each entry is bundled by esbuild (minified,
 * tree-shaken, one file: a dynamic import counts as if static) and measured minified and gzipped.
 * The figures and what moved them are in docs/benchmarks.md ("Bytes").
 */

/** Bundles the way Cloudflare's tooling does for a Worker (scripts/runtimes/src/workers-bundle.ts). */
const forWorkers = (/** @type {import('esbuild').BuildOptions} */ config) => ({
  ...config,
  platform: /** @type {const} */ ('neutral'),
  target: 'es2022',
  conditions: ['workerd', 'worker', 'browser'],
  mainFields: ['module', 'main'],
  external: ['cloudflare:*', 'node:*'],
});

/** Bundles the orchestrator's console as the orchestrator builds it (src/console/build-console.ts). */
const forTheConsole = (/** @type {import('esbuild').BuildOptions} */ config) => ({
  ...config,
  platform: /** @type {const} */ ('browser'),
  target: 'es2022',
  jsx: /** @type {const} */ ('automatic'),
  jsxImportSource: 'preact',
});

const client = { path: '../../packages/client/src/index.ts', import: '{ createA2AClient }' };
const worker = { path: 'fixtures/echo-worker.ts', modifyEsbuildConfig: forWorkers };
const consolePage = {
  path: '../../apps/orchestrator/console/src/main.tsx',
  modifyEsbuildConfig: forTheConsole,
};

export default [
  {
    name: '@baton/client for a browser (createA2AClient), minified',
    ...client,
    gzip: false,
    brotli: false,
    limit: '180 KiB',
  },
  { name: '@baton/client for a browser (createA2AClient), gzipped', ...client, gzip: true, limit: '56 KiB' },
  {
    name: 'an echo agent for Cloudflare Workers, minified',
    ...worker,
    gzip: false,
    brotli: false,
    limit: '290 KiB',
  },
  { name: 'an echo agent for Cloudflare Workers, gzipped', ...worker, gzip: true, limit: '92 KiB' },
  {
    name: "the orchestrator's console, minified",
    ...consolePage,
    gzip: false,
    brotli: false,
    limit: '320 KiB',
  },
];
