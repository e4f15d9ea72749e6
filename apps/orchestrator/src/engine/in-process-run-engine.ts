import { createId } from '@baton/protocol';
import type { RunDriver, RunEngine, RunHandOff } from './run-engine.ts';

/**
 * The {@link RunEngine} of one process (the embedded default, on SQLite or in memory): every round is driven here,
 * at once. There is no other process to take over; the runs left unfinished by a crash are submitted again when
 * the orchestrator starts (`reconcile`).
 */
export function createInProcessRunEngine(): RunEngine {
  const instanceId = `orchestrator-${createId()}`;
  const driving = new Map<string, AbortController>();
  let drive: RunDriver | undefined;
  let closed = false;
  const keyOf = (runId: string, round: number) => `${runId}.${round}`;

  const run = (runId: string, round: number, handOff: RunHandOff) => {
    const key = keyOf(runId, round);
    if (drive === undefined || closed) return;
    if (driving.has(key)) return;
    const lease = new AbortController();
    driving.set(key, lease);
    void drive(runId, lease.signal, handOff)
      .catch(() => undefined)
      .finally(() => driving.delete(key));
  };

  return {
    instanceId,
    shared: false,
    driving: () => driving.size,
    async start(driver) {
      drive = driver;
    },
    async submit(runId, round, handOff = {}) {
      run(runId, round, handOff);
    },
    async holder(runId, round) {
      return driving.has(keyOf(runId, round)) ? instanceId : undefined;
    },
    async close() {
      closed = true;
      for (const lease of driving.values()) lease.abort();
    },
  };
}
