import { A2AError, createId, isA2AError } from '@baton/protocol';
import type { Logger } from '../vocabulary/logger.ts';
import { overloadError } from '../vocabulary/overload-error.ts';
import type { BusSubscription, TaskEventBus } from './task-event-bus.ts';

/** ErrorInfo reason of a forwarded request the instance running the task did not answer in time. */
export const INSTANCE_UNREACHABLE = 'INSTANCE_UNREACHABLE';

type Envelope =
  | { readonly kind: 'request'; readonly id: string; readonly from: string; readonly body: unknown }
  | { readonly kind: 'reply'; readonly id: string; readonly result?: unknown; readonly error?: unknown };

/** Requests to the instance that runs a task, answered over the bus. */
export interface InstanceLink {
  /** Resolves once this instance receives requests. */
  readonly ready: Promise<void>;
  /** Sends `body` to instance `target`; resolves with its result, rejects with its A2AError or a timeout. */
  request(target: string, body: unknown): Promise<unknown>;
  close(): Promise<void>;
}

/** What {@link createInstanceLink} needs. */
export interface InstanceLinkOptions {
  readonly bus: TaskEventBus;
  readonly instanceId: string;
  readonly timeoutMs: number;
  readonly logger: Logger;
  /** Handles a request from another instance; its result, or its rejection, goes back to the sender. */
  readonly onRequest: (body: unknown) => Promise<unknown>;
}

const channelOf = (instanceId: string) => `instance:${instanceId}`;

/**
 * Creates the request/reply link between instances: each listens on its own channel; a reply carries the
 * handler's A2AError as a JSON-RPC error object, so the caller gets the same error it would have locally.
 */
export function createInstanceLink(options: InstanceLinkOptions): InstanceLink {
  const { bus, instanceId, logger } = options;
  const waiting = new Map<string, { resolve: (result: unknown) => void; reject: (error: unknown) => void }>();
  let subscription: BusSubscription | undefined;

  const send = (target: string, envelope: Envelope) =>
    bus.publish(channelOf(target), JSON.stringify(envelope));

  function handle(payload: string): void {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      logger.warn('Ignored a bus request that is not JSON');
      return;
    }
    if (envelope.kind === 'reply') {
      const pending = waiting.get(envelope.id);
      if (!pending) return;
      waiting.delete(envelope.id);
      if (envelope.error === undefined) pending.resolve(envelope.result);
      else pending.reject(A2AError.fromJsonRpcError(envelope.error));
      return;
    }
    const { id, from, body } = envelope;
    options
      .onRequest(body)
      .then(
        (result) => send(from, { kind: 'reply', id, result }),
        (error: unknown) => {
          const a2a = isA2AError(error) ? error : A2AError.internal(undefined, error);
          if (!isA2AError(error)) logger.error('A request from another instance failed', { error });
          return send(from, { kind: 'reply', id, error: a2a.toJsonRpcError() });
        },
      )
      .catch((error: unknown) => logger.warn('Could not answer another instance', { error }));
  }

  const ready = bus.subscribe(channelOf(instanceId), handle).then((opened) => {
    subscription = opened;
  });
  ready.catch((error: unknown) =>
    logger.error('Could not listen for requests from other instances', { error }),
  );

  return {
    ready,
    request(target, body) {
      const id = createId();
      return new Promise<unknown>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(id);
          reject(
            overloadError(
              INSTANCE_UNREACHABLE,
              `The agent instance running this task did not answer within ${options.timeoutMs} ms; retry later`,
              1,
            ),
          );
        }, options.timeoutMs);
        waiting.set(id, {
          resolve: (result) => {
            clearTimeout(timer);
            resolve(result);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        send(target, { kind: 'request', id, from: instanceId, body }).catch((error: unknown) => {
          waiting.get(id)?.reject(A2AError.internal('Could not reach the instance running this task', error));
          waiting.delete(id);
        });
      });
    },
    async close() {
      await subscription?.close();
      for (const pending of waiting.values())
        pending.reject(A2AError.internal('The server is shutting down'));
      waiting.clear();
    },
  };
}
