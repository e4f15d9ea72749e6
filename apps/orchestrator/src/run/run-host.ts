import type { Logger } from '@baton/server';
import { propagation, ROOT_CONTEXT } from '@opentelemetry/api';
import type { ChainCatalog } from '../chains/chain-catalog.ts';
import type { ChainDefinition } from '../chains/chain-definition.ts';
import type { AgentDirectory } from '../discovery/agent-directory.ts';
import type { RunDriver } from '../engine/run-engine.ts';
import { createRun, type Run, type RunInput } from './create-run.ts';
import type { RunJournal } from './run-journal.ts';
import type { RunRecords, StoredRun } from './run-records.ts';
import { isFinishedStatus } from './run-types.ts';

/** The runs this instance drives, each held while its round is under way. */
export interface RunHost {
  /** Drives the run's current round here until it ends or `lease` fires (a `RunDriver` for the engine). */
  readonly drive: RunDriver;
  /** The run, if this instance is driving it now. */
  held(runId: string): Run | undefined;
  /** How many runs this instance is driving. */
  readonly size: number;
}

/** What {@link createRunHost} needs. */
export interface RunHostOptions
  extends Pick<
    RunInput,
    'telemetry' | 'stepTimeoutMs' | 'recordsOutageMs' | 'agentRetryMs' | 'onEvent' | 'maxMapItems'
  > {
  readonly records: RunRecords;
  readonly journal: RunJournal;
  readonly directory: AgentDirectory;
  /** The chain a kept run names, at the version it was started with (`default` for a run kept before chains had names). */
  readonly chainOf: (name: string | undefined, version?: number) => Promise<ChainDefinition>;
  /** The chains sub-chain steps may run. */
  readonly catalog?: ChainCatalog | undefined;
  readonly logger: Logger;
  /** Wait between two reads of a run while the records cannot be reached; default 500 ms. */
  readonly retryDelayMs?: number;
}

/**
 * Creates the {@link RunHost}. A round is driven from the run's kept events: announced and never driven, or left
 * by an instance that stopped. When another process writes the run meanwhile (a lease taken over while this one
 * still ran), the run is read again and driven on from what was kept, as long as the lease holds.
 */
export function createRunHost(options: RunHostOptions): RunHost {
  const { records, logger } = options;
  const held = new Map<string, Run>();
  const retryDelay = options.retryDelayMs ?? 500;

  /** The run as kept; waits while the records cannot be reached, until the lease ends. */
  async function load(runId: string, lease: AbortSignal): Promise<StoredRun | undefined> {
    for (;;) {
      try {
        return await records.load(runId);
      } catch (error) {
        if (lease.aborted) return undefined;
        logger.warn('Could not read a run to drive it; trying again', { runId, error });
        await new Promise((resolve) => setTimeout(resolve, retryDelay));
      }
    }
  }

  return {
    async drive(runId, lease, handOff) {
      const traceContext = handOff.traceparent
        ? propagation.extract(ROOT_CONTEXT, { traceparent: handOff.traceparent })
        : undefined;
      while (!lease.aborted) {
        const stored = await load(runId, lease);
        if (stored === undefined || isFinishedStatus(stored.view.status) || lease.aborted) return;
        const chain = await options.chainOf(stored.view.chain, stored.view.chainVersion);
        if (lease.aborted) return;
        const run = createRun({
          from: stored,
          journal: options.journal,
          directory: options.directory,
          chain,
          catalog: options.catalog,
          ...(options.maxMapItems === undefined ? {} : { maxMapItems: options.maxMapItems }),
          ...(options.telemetry === undefined ? {} : { telemetry: options.telemetry }),
          ...(options.stepTimeoutMs === undefined ? {} : { stepTimeoutMs: options.stepTimeoutMs }),
          ...(options.recordsOutageMs === undefined ? {} : { recordsOutageMs: options.recordsOutageMs }),
          ...(options.agentRetryMs === undefined ? {} : { agentRetryMs: options.agentRetryMs }),
          ...(options.onEvent === undefined ? {} : { onEvent: options.onEvent }),
          ...(traceContext === undefined ? {} : { traceContext }),
        });
        const release = () => run.release();
        lease.addEventListener('abort', release, { once: true });
        held.set(runId, run);
        try {
          await run.done;
        } finally {
          lease.removeEventListener('abort', release);
          if (held.get(runId) === run) held.delete(runId);
        }
        // Ended (or released because the lease ended): done. Written meanwhile by another process: read it again.
        if (!run.released) return;
      }
    },
    held: (runId) => held.get(runId),
    get size() {
      return held.size;
    },
  };
}
