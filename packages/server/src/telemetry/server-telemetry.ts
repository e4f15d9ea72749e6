import type { A2ARequestHandler } from '../handler/request-handler.ts';
import type { PushTelemetry } from '../push/push-telemetry.ts';
import type { TaskStore } from '../store/task-store.ts';
import type { TaskEventHub } from '../vocabulary/event-hub.ts';

/** The instrumentation of one server: wrappers around its parts, made once when the server is created. */
export interface ServerInstrumentation {
  /** Every call: spans and call metrics. */
  handler(handler: A2ARequestHandler): A2ARequestHandler;
  /** A store passed in (the built-in in-memory store is not wrapped): operation latency. */
  store(store: TaskStore): TaskStore;
  /** Task events: each execution's span, running tasks, task duration. */
  hub(hub: TaskEventHub): TaskEventHub;
  /** Push deliveries: a span per attempt, delivery metrics. */
  readonly push: PushTelemetry;
}

/**
 * How a server's calls, tasks, store and push deliveries are traced and counted: `serverOpenTelemetry()`, or your
 * own. Passed as `createA2AServer({ telemetry })`; without it the server carries no telemetry code at all.
 */
export interface ServerTelemetry {
  /** The instrumentation of one server; `undefined` adds nothing (e.g. no OpenTelemetry SDK registered). */
  instrument(): ServerInstrumentation | undefined;
}
