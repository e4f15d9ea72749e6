import type { OpenedStores } from '../stores/open-stores.ts';
import type { ReadinessCheck } from './create-health.ts';

/** The id `/readyz` reads: no task has it, so the read reaches the database and finds nothing. */
const PROBE_TASK_ID = 'baton-readiness-probe';
/** The bus channel `/readyz` publishes to: nobody listens on it. */
const PROBE_CHANNEL = 'baton-readiness-probe';

/**
 * The readiness checks of what {@link OpenedStores} opened: the task store answers a read (SQLite, PostgreSQL)
 * and the event bus a publish (Redis, PostgreSQL). None for the in-memory store.
 */
export function storeReadinessChecks(stores: OpenedStores): ReadinessCheck[] {
  const checks: ReadinessCheck[] = [];
  const { tasks } = stores;
  if (tasks) checks.push({ name: 'store', check: () => tasks.get(PROBE_TASK_ID, { historyLength: 0 }) });
  const bus = stores.cluster?.bus;
  if (bus) checks.push({ name: 'bus', check: () => bus.publish(PROBE_CHANNEL, '') });
  return checks;
}
