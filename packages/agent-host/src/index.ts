/**
 * @baton/agent-host: runs an A2A agent as a Node process configured by its environment. `runAgentMain` reads
 * `PORT`, `HOST`, `PUBLIC_URL`, the store and bus (`BATON_STORE`: memory, a SQLite file or PostgreSQL;
 * `BATON_EVENT_BUS`: Redis or PostgreSQL), `LOG_LEVEL` and `OTEL_*`, opens what they name, serves the agent,
 * and stops gracefully on SIGINT and SIGTERM. The pieces are exported for a `main` of your own.
 *
 * @example
 * import { hostingOptions, runAgentMain } from '@baton/agent-host';
 * await runAgentMain({
 *   name: 'echo-agent',
 *   defaultPort: 4000,
 *   create: (hosting) => createA2AServer({ card, executor, ...hostingOptions(hosting) }),
 * });
 */
export { type AgentHosting, type HostingBehaviour, hostingOptions } from './agent-hosting.ts';
export { closeOnSignals } from './close-on-signals.ts';
export {
  createHealth,
  type Health,
  type HealthOptions,
  type ReadinessCheck,
} from './health/create-health.ts';
export { readDrainDelay } from './health/drain-delay.ts';
export { storeReadinessChecks } from './health/store-checks.ts';
export { withHealth } from './health/with-health.ts';
export {
  type Prune,
  parseRetention,
  type Retention,
  type RetentionOptions,
  startRetention,
} from './retention.ts';
export {
  type AgentMainOptions,
  type Prunable,
  readCorsOrigins,
  runAgentMain,
  startRetentionFromEnv,
} from './run-agent-main.ts';
export { type OpenedStores, type OpenStoresOptions, openStores } from './stores/open-stores.ts';
export { openStoresFromEnv, readLeaseTtl, readStoreSchema } from './stores/open-stores-from-env.ts';
export {
  describeStoresConfig,
  type EventBusConfig,
  parseEventBusConfig,
  parseStoreConfig,
  readStoresConfig,
  type StoreConfig,
  type StoresConfig,
} from './stores/read-stores-config.ts';
