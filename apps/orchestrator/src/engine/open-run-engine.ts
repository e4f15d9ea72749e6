import type { OpenedStores } from '@baton/agent-host';
import { createId } from '@baton/protocol';
import type { Logger } from '@baton/server';
import { createBullmqRunEngine } from './bullmq-run-engine.ts';
import { createInProcessRunEngine } from './in-process-run-engine.ts';
import type { RunEngine } from './run-engine.ts';

/** Reads `BATON_RUN_LEASE_MS`: a whole number of milliseconds from 1,000; default 15,000. */
export function readRunLeaseMs(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 15_000;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 1_000) {
    throw new Error(`BATON_RUN_LEASE_MS must be a whole number of milliseconds from 1000, not "${value}"`);
  }
  return ms;
}

/**
 * The run engine for the store the orchestrator opened: on PostgreSQL, BullMQ's PostgreSQL backend in the same
 * database, so any number of orchestrators share the runs; otherwise (SQLite, memory) this process alone.
 */
export async function openRunEngine(
  stores: OpenedStores,
  env: Readonly<Record<string, string | undefined>>,
  logger: Logger,
): Promise<RunEngine> {
  const { store } = stores.config;
  if (store.kind !== 'postgres') return createInProcessRunEngine();
  return createBullmqRunEngine({
    postgresUrl: store.url,
    leaseMs: readRunLeaseMs(env.BATON_RUN_LEASE_MS),
    // Named after the instance, but one per process: BullMQ's locks belong to a process, and a restarted one must
    // not be taken for its dead self while the rounds it held wait for the stalled-job check.
    instanceId: `orchestrator-${stores.cluster?.instanceId ?? 'instance'}-${createId().slice(0, 8)}`,
    logger,
  });
}
