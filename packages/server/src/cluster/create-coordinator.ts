import { createId } from '@baton/protocol';
import type { TaskEventHub, TaskEventListener } from '../vocabulary/event-hub.ts';
import type { Logger } from '../vocabulary/logger.ts';
import { overloadError } from '../vocabulary/overload-error.ts';
import { createBusTaskEvents } from './bus-task-events.ts';
import type { ClusterOptions } from './cluster-options.ts';
import { createInstanceLink, type InstanceLink } from './instance-link.ts';
import { createLeaseKeeper } from './lease-keeper.ts';
import type { ExpiredLease } from './task-lease-store.ts';

/** ErrorInfo reason of a task another process runs, with no bus configured to reach it. */
export const TASK_BUSY_ELSEWHERE = 'TASK_BUSY_ELSEWHERE';

/** Where work on an existing task goes: here (this instance now holds its lease), or to its holder. */
export type Claim = { readonly here: true } | { readonly here: false; readonly holder: string };

/** What the task runtime asks of the cluster (it has none without cluster options: everything happens here). */
export interface Coordinator {
  /** Whether other instances can be reached (a bus is configured). */
  readonly distributed: boolean;
  /** The hub the runtime publishes on (with a bus, events also go to the other instances). */
  readonly hub: TaskEventHub;
  /** Resolves once this instance can take requests from the others. */
  ready(): Promise<void>;
  /** Takes the lease of a task this instance is about to create. */
  claimNew(taskId: string): Promise<void>;
  /** Takes the lease of an existing task to work on it here, or names the instance that holds it. */
  claim(taskId: string): Promise<Claim>;
  /** Gives up a task's lease (the execution here ended, or the work on it did). */
  release(taskId: string): Promise<void>;
  /** Lets a lease expire instead of giving it up, so the task is recovered later. */
  forget(taskId: string): void;
  /** Sends a request to the instance `holder`; resolves with what its handler returned. */
  forward(holder: string, body: unknown): Promise<unknown>;
  /** Follows a task's events from every instance (a distributed coordinator only). */
  listen(taskId: string, listener: TaskEventListener): Promise<() => void>;
  /** Stops the timers and the bus link, releasing every lease still held. */
  close(): Promise<void>;
}

/** What {@link createCoordinator} needs besides the cluster options. */
export interface CoordinatorDependencies {
  readonly hub: TaskEventHub;
  readonly logger: Logger;
  /** Handles a request another instance forwarded to this one; its result goes back to the sender. */
  readonly onRequest: (body: unknown) => Promise<unknown>;
  /** Handles an expired lease: the task's instance died. */
  readonly recover: (lease: ExpiredLease) => Promise<void>;
  /** Stops the execution of a task whose lease another instance took over. */
  readonly onLeaseLost: (taskId: string) => void;
}

const always = Promise.resolve();

/**
 * Creates the coordinator of a server that keeps leases (and, with a bus, talks to other instances): renews
 * the leases it holds, sweeps for expired ones every `recoveryIntervalMs`, and carries forwarded requests.
 */
export function createCoordinator(
  options: ClusterOptions,
  dependencies: CoordinatorDependencies,
): Coordinator {
  const { logger } = dependencies;
  const instanceId = options.instanceId ?? createId();
  const ttlMs = options.leaseTtlMs ?? 15_000;
  const keeper = createLeaseKeeper({
    leases: options.leases,
    owner: instanceId,
    ttlMs,
    logger,
    onLost: dependencies.onLeaseLost,
  });
  const bus = options.bus;
  const events = bus ? createBusTaskEvents(dependencies.hub, bus, logger) : undefined;
  const link: InstanceLink | undefined = bus
    ? createInstanceLink({
        bus,
        instanceId,
        timeoutMs: options.requestTimeoutMs ?? 5_000,
        logger,
        onRequest: dependencies.onRequest,
      })
    : undefined;
  const ready = link ? link.ready.catch(() => undefined) : always;

  let sweeping = false;
  const sweep = async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      for (const lease of await options.leases.expired(50)) await dependencies.recover(lease);
    } catch (error) {
      logger.warn('Could not look for tasks left by instances that stopped; retrying', { error });
    } finally {
      sweeping = false;
    }
  };
  // Leases this instance's id held before a restart: nobody renews them, so they are taken back now (a task left
  // working ends or starts again, one waiting for input is freed for its answer) instead of when they expire.
  const takeBackOwn = async () => {
    try {
      const held = (await options.leases.heldBy?.(instanceId, 1_000)) ?? [];
      for (const taskId of held) {
        if (!keeper.holds(taskId)) await dependencies.recover({ taskId, owner: instanceId });
      }
    } catch (error) {
      logger.warn(
        'Could not take back the tasks this instance held before it restarted; they wait for expiry',
        {
          error,
        },
      );
    }
  };
  const recovery = setInterval(
    () => void sweep(),
    options.recoveryIntervalMs ?? Math.max(10, Math.floor(ttlMs / 3)),
  );
  recovery.unref?.();
  void ready.then(takeBackOwn).then(sweep);

  return {
    distributed: bus !== undefined,
    hub: events?.hub ?? dependencies.hub,
    ready: () => ready,
    async claimNew(taskId) {
      await ready;
      if (!(await keeper.acquireNew(taskId))) throw new Error(`The lease of new task ${taskId} is taken`);
    },
    async claim(taskId) {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        if (keeper.holds(taskId) || (await keeper.acquire(taskId))) return { here: true };
        const holder = await options.leases.holder(taskId);
        if (holder === undefined) continue;
        if (!bus) {
          // Without a bus this instance works alone: the holder is a process that stopped (this one before a
          // restart), so its lease is taken now rather than when it expires.
          await options.leases.release(taskId, holder);
          continue;
        }
        return { here: false, holder };
      }
      throw overloadError(
        TASK_BUSY_ELSEWHERE,
        `Task ${taskId} is changing hands between instances; retry`,
        1,
      );
    },
    release: (taskId) => keeper.release(taskId),
    forget: (taskId) => keeper.forget(taskId),
    forward(holder, body) {
      if (!link) return Promise.reject(new Error('No bus to forward requests on'));
      return link.request(holder, body);
    },
    listen(taskId, listener) {
      if (!events) return Promise.reject(new Error('No bus to follow other instances on'));
      return events.listen(taskId, listener);
    },
    async close() {
      clearInterval(recovery);
      await keeper.stop();
      await link?.close();
    },
  };
}
