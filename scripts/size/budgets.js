// @ts-check
/**
 * What Baton costs in bytes, and the most each may cost. `.size-limit.js` checks these in CI; `src/measure-bytes.ts`
 * bundles the same entries the same way for the report in docs/benchmarks.md (where each byte comes from).
 */

/** @typedef {import('esbuild').BuildOptions} BuildOptions */

/**
 * @typedef {object} Budget
 * @property {string} id
 * @property {string} name
 * @property {string} path the entry, relative to this folder
 * @property {string} [importing] what the bundle imports from the entry (`{ createA2AClient }`); default all of it
 * @property {(config: BuildOptions) => BuildOptions} [esbuild] how the build differs from size-limit's (a browser)
 * @property {number} limitKiB minified, KiB
 * @property {number} [limitGzipKiB] gzipped, KiB
 * @property {number} [goalKiB] the goal (#33), minified, KiB
 * @property {number} [goalGzipKiB] the goal (#33), gzipped, KiB
 */

/** Bundles the way Cloudflare's tooling does for a Worker (as scripts/runtimes/src/workers-bundle.ts does). */
const forWorkers = (/** @type {BuildOptions} */ config) => ({
  ...config,
  platform: /** @type {const} */ ('neutral'),
  target: 'es2022',
  conditions: ['workerd', 'worker', 'browser'],
  mainFields: ['module', 'main'],
  external: ['cloudflare:*', 'node:*'],
});

/** Bundles the orchestrator's console as the orchestrator builds it (apps/orchestrator/src/console/build-console.ts). */
const forTheConsole = (/** @type {BuildOptions} */ config) => ({
  ...config,
  platform: /** @type {const} */ ('browser'),
  target: 'es2022',
  jsx: /** @type {const} */ ('automatic'),
  jsxImportSource: 'preact',
});

/** @type {readonly Budget[]} */
export const BUDGETS = [
  {
    id: 'client',
    name: '`@baton/client` for a browser (`createA2AClient`)',
    path: '../../packages/client/src/index.ts',
    importing: '{ createA2AClient }',
    limitKiB: 150,
    limitGzipKiB: 45,
    goalKiB: 150,
    goalGzipKiB: 45,
  },
  {
    id: 'worker',
    name: 'an echo agent for Cloudflare Workers (`fixtures/echo-worker.ts`)',
    path: 'fixtures/echo-worker.ts',
    esbuild: forWorkers,
    limitKiB: 240,
    // 76 until sortable task ids and the direct SSE writer's joined writes (issue 48): 76.1 KiB.
    limitGzipKiB: 77,
    goalKiB: 250,
  },
  {
    id: 'console',
    name: "the orchestrator's web console",
    path: '../../apps/orchestrator/console/src/main.tsx',
    esbuild: forTheConsole,
    // 290 until the chain graph: dagre and its graphlib (about 45 KiB minified) lay chains out (issue 46).
    limitKiB: 345,
  },
];
