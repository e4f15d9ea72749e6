import { PUSH_JWKS_PATH, type StreamResponse } from '@baton/protocol';
import { consoleLogger, type Logger } from '../vocabulary/logger.ts';
import { createDefaultPushNetwork } from './default-push-network.ts';
import { deliver, type PushBackoff, type PushFetch } from './push-delivery.ts';
import type { PushNetwork } from './push-network.ts';
import { deliveryId, type OutboxDelivery, type PushOutbox } from './push-outbox.ts';
import { buildPushRequest, isNotifiable, isTerminalEvent, pushJwtHeader } from './push-payload.ts';
import type { PushSigner } from './push-signer.ts';
import type { PushTargets, StoredPushConfig } from './push-targets.ts';
import type { PushTelemetry } from './push-telemetry.ts';
import { createWebhookUrlPolicy, type WebhookUrlPolicyOptions } from './webhook-url-policy.ts';

/** Options of {@link createPushDispatcher}; `allowlist`/`resolveHost` drive the delivery-time URL checks. */
export interface PushDispatcherOptions extends WebhookUrlPolicyOptions {
  /** Where the configs are, e.g. `createInMemoryPushConfigStore()`. */
  readonly configs: PushTargets;
  /**
   * Sends deliveries instead of the runtime's guarded network. It must refuse forbidden addresses on its own
   * connections (the URL is still checked before each attempt, names resolved with `resolveHost`).
   */
  readonly fetch?: PushFetch;
  /** The network deliveries use; default the runtime's (see `createDefaultPushNetwork`). */
  readonly network?: PushNetwork;
  /** Signs every delivery (a JWT per attempt); without one deliveries are not signed. */
  readonly signer?: PushSigner;
  /** The `iss` for configs registered without a request (no `agentUrl` of their own). */
  readonly agentUrl?: string;
  /** Timeout of one attempt. Default 10 s. */
  readonly timeoutMs?: number;
  /** Retries after the first attempt. Default 3. */
  readonly retries?: number;
  /** Backoff between attempts (and injectable sleep/random for tests). */
  readonly backoff?: PushBackoff;
  /** Where dropped notifications are reported. Default: the console. */
  readonly logger?: Logger;
  /** Spans per delivery attempt and the delivery metrics (from the server's telemetry); absent adds nothing. */
  readonly telemetry?: PushTelemetry | undefined;
  /** Delete a task's configs once its terminal event was delivered (or dropped). Default `false`. */
  readonly deleteConfigsWhenDone?: boolean;
  /** Events waiting per task beyond which new ones are dropped (with a log line). Default 1000. */
  readonly maxQueuedPerTask?: number;
  /** Keeps deliveries going after the response that caused them, where the runtime needs it (Workers). */
  readonly waitUntil?: (work: Promise<unknown>) => void;
  /**
   * The durable store's outbox (`records.outbox` of a durable backend): deliveries it holds are settled once
   * made, renewed while under way, and those a dead process left are taken over and made here.
   */
  readonly outbox?: PushOutbox | undefined;
  /** Most outbox deliveries taken over at a time. Default 100. */
  readonly takeOverBatch?: number;
}

/** One event waiting for delivery: to every config of the task, or to the one config of a taken-over row. */
interface QueuedEvent {
  readonly event: StreamResponse;
  readonly version: number;
  readonly takenOver?: StoredPushConfig;
}

/** Sends task events to the webhooks configured for the task. */
export interface PushDispatcher {
  /**
   * Queues `event` for the task's webhooks and returns at once; never throws. `version` is the task's version
   * after the write that made the event: each delivery's token id is made from it, and the outbox rows of the
   * event are settled by it.
   */
  notify(taskId: string, event: StreamResponse, version: number): void;
  /**
   * Waits for queued deliveries up to `deadlineMs` (default 10 s), then abandons the rest, and stops taking
   * over the outbox (what is left there is another process's to deliver).
   */
  flush(deadlineMs?: number): Promise<void>;
  /** How many tasks have deliveries queued or in flight. */
  busyTasks(): number;
}

/**
 * Creates the push dispatcher: one queue per task (a slow webhook delays only its own task), events sent in
 * order (event N+1 goes to a config only after N was delivered or dropped), each POST with a timeout,
 * retried with backoff, then dropped with a log line. Delivery never affects the task. With an `outbox`,
 * what a process that died between an event and its delivery left is delivered by this one (at least once).
 */
export function createPushDispatcher(options: PushDispatcherOptions): PushDispatcher {
  const logger = options.logger ?? consoleLogger;
  const { telemetry } = options;
  const network = options.network ?? createDefaultPushNetwork(options);
  const policy = createWebhookUrlPolicy({ ...options, resolveHost: network.resolveHost });
  // Where connections check their own address, a check that resolved too would only be a second lookup.
  const checkOptions = { resolve: !network.guardsConnections };
  const { signer } = options;
  const maxQueued = options.maxQueuedPerTask ?? 1000;
  const { outbox } = options;
  const queues = new Map<string, QueuedEvent[]>();
  let idleWaiters: (() => void)[] = [];
  let abandon = new AbortController();

  function settleIdle(): void {
    if (queues.size > 0) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const wake of waiters) wake();
  }

  async function sendTo(
    target: StoredPushConfig,
    event: StreamResponse,
    version: number,
    signal: AbortSignal,
    takenOver = false,
  ): Promise<void> {
    const { url, id, taskId } = target.config;
    // A direct reply (version 0) is never pushed; every other event names its deliveries.
    const tokenId = version > 0 ? deliveryId(taskId, version, id) : undefined;
    const request = buildPushRequest(target, event);
    const issuer = (target.agentUrl ?? options.agentUrl)?.replace(/\/+$/, '');
    const header = pushJwtHeader(target);
    const attemptHeaders =
      signer &&
      (async () => {
        const token = await signer.sign({
          issuer,
          jwksUrl: issuer && `${issuer}${PUSH_JWKS_PATH}`,
          audience: url,
          taskId,
          body: request.body,
          tokenId,
        });
        return { [header]: header === 'Authorization' ? `Bearer ${token}` : token };
      });
    const outcome = await deliver({
      url,
      request,
      fetch: telemetry ? telemetry.traceDelivery(network.fetch, { taskId, configId: id }) : network.fetch,
      timeoutMs: options.timeoutMs ?? 10_000,
      retries: options.retries ?? 3,
      backoff: options.backoff ?? {},
      checkUrl: (candidate) => policy.check(candidate, checkOptions),
      ...(attemptHeaders ? { attemptHeaders } : {}),
      abandon: signal,
      ...(tokenId ? { sentBefore: takenOver } : {}),
    });
    telemetry?.delivered(outcome);
    if (!outcome.ok) {
      logger.warn('Push notification dropped', {
        taskId,
        configId: id,
        url: url.split('?')[0],
        event: Object.keys(event)[0],
        attempts: outcome.attempts,
        reason: outcome.reason,
      });
    }
  }

  async function settle(taskId: string, version: number, configId?: string): Promise<void> {
    if (!outbox || version <= 0) return;
    // Left unsettled, the rows lapse and the delivery is made again (same token id): a repeat, never a loss.
    await outbox.settle(taskId, version, configId).catch((error: unknown) => {
      logger.warn('Could not settle a push delivery in the outbox; it will be made again', {
        taskId,
        version,
        error,
      });
    });
  }

  async function drain(taskId: string, queue: QueuedEvent[]): Promise<void> {
    const signal = abandon.signal;
    for (let next = queue.shift(); next && !signal.aborted; next = queue.shift()) {
      const { event, version, takenOver } = next;
      if (takenOver) {
        await sendTo(takenOver, event, version, signal, true);
        if (!signal.aborted) await settle(taskId, version, takenOver.config.id);
        continue;
      }
      const targets = await options.configs.configsFor(taskId);
      await Promise.all(targets.map((target) => sendTo(target, event, version, signal)));
      if (signal.aborted) return;
      // A task with no configs owes no rows (one added meanwhile lapses and is delivered by a takeover).
      if (targets.length > 0) await settle(taskId, version);
      if (options.deleteConfigsWhenDone && isTerminalEvent(event) && queue.length === 0) {
        await options.configs.deleteForTask(taskId);
      }
    }
  }

  function enqueue(taskId: string, queued: QueuedEvent): void {
    const queue = queues.get(taskId);
    if (queue) {
      if (queue.length >= maxQueued) {
        logger.warn('Push notification dropped: too many queued for the task', { taskId });
      } else {
        queue.push(queued);
      }
      return;
    }
    const fresh = [queued];
    queues.set(taskId, fresh);
    start(taskId, fresh);
  }

  const outboxLoops = outbox && startOutboxLoops(outbox);

  function startOutboxLoops(box: PushOutbox) {
    const batch = options.takeOverBatch ?? 100;
    let taking = false;
    const renew = setInterval(() => {
      if (queues.size === 0) return;
      box.renew([...queues.keys()]).catch((error: unknown) => {
        logger.warn('Could not renew the push deliveries under way; another instance may make them too', {
          error,
        });
      });
    }, box.holdMs / 3);
    const takeOver = async () => {
      if (taking) return;
      taking = true;
      try {
        let taken: readonly OutboxDelivery[];
        do {
          taken = await box.takeOver(batch);
          if (taken.length > 0) {
            logger.info?.('Taking over push deliveries a stopped instance left', {
              deliveries: taken.length,
            });
          }
          for (const delivery of taken) {
            enqueue(delivery.taskId, {
              event: delivery.event,
              version: delivery.taskVersion,
              takenOver: delivery.target,
            });
          }
        } while (taken.length === batch);
      } catch (error) {
        logger.warn('Could not look for push deliveries a stopped instance left', { error });
      } finally {
        taking = false;
      }
    };
    const sweep = setInterval(() => void takeOver(), box.holdMs / 2);
    renew.unref?.();
    sweep.unref?.();
    void takeOver();
    return {
      stop() {
        clearInterval(renew);
        clearInterval(sweep);
      },
    };
  }

  function start(taskId: string, queue: QueuedEvent[]): void {
    const work = drain(taskId, queue)
      .catch((error: unknown) => logger.error('Push delivery failed unexpectedly', { taskId, error }))
      .finally(() => {
        if (queues.get(taskId) === queue) queues.delete(taskId);
        settleIdle();
      });
    options.waitUntil?.(work);
  }

  return {
    notify(taskId, event, version) {
      try {
        if (!isNotifiable(event)) return;
        enqueue(taskId, { event, version });
      } catch (error) {
        logger.error('Could not queue a push notification', { taskId, error });
      }
    },
    async flush(deadlineMs = 10_000) {
      outboxLoops?.stop();
      if (queues.size === 0) return;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const idle = new Promise<boolean>((resolve) => idleWaiters.push(() => resolve(true)));
      const late = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), deadlineMs);
      });
      const finished = await Promise.race([idle, late]);
      clearTimeout(timer);
      if (finished) return;
      const abandoned = [...queues.keys()];
      logger.warn('Push notifications abandoned at shutdown', { tasks: abandoned });
      abandon.abort();
      abandon = new AbortController();
      queues.clear();
      settleIdle();
    },
    busyTasks() {
      return queues.size;
    },
  };
}
