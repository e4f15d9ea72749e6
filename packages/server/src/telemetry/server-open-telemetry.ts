import { TELEMETRY_ATTRIBUTES as ATTR } from '@baton/protocol';
import { instrumentHandler } from './instrument-handler.ts';
import { instrumentTaskStore } from './instrument-task-store.ts';
import { createOpenTelemetryInstruments } from './open-telemetry-instruments.ts';
import type { ServerTelemetry } from './server-telemetry.ts';
import { tracedPushFetch } from './traced-push-fetch.ts';
import { withTaskTelemetry } from './with-task-telemetry.ts';

/**
 * The server's telemetry through `@opentelemetry/api`, for `createA2AServer({ telemetry: serverOpenTelemetry() })`:
 * a SERVER span per call (child of the caller's `traceparent`), an `A2A task` span per execution, a CLIENT span per
 * push delivery attempt, and the server's metrics (calls, open streams, running tasks, task duration, store latency,
 * push deliveries). An OpenTelemetry SDK must be registered before the server is created; without one the server
 * adds nothing to any call. A server made without it has no OpenTelemetry code in its bundle.
 *
 * @example
 * const server = createA2AServer({ card, executor, telemetry: serverOpenTelemetry() });
 */
export function serverOpenTelemetry(): ServerTelemetry {
  return {
    instrument() {
      const instruments = createOpenTelemetryInstruments();
      if (instruments === undefined) return undefined;
      return {
        handler: (handler) => instrumentHandler(handler, instruments),
        store: (store) => instrumentTaskStore(store, instruments),
        hub: (hub) => withTaskTelemetry(hub, instruments),
        push: {
          traceDelivery: (fetch, target) =>
            instruments.tracing ? tracedPushFetch(fetch, instruments, target) : fetch,
          delivered({ ok, attempts }) {
            instruments.pushDeliveries.add(1, { [ATTR.outcome]: ok ? 'delivered' : 'dropped' });
            if (attempts > 1) instruments.pushRetries.add(attempts - 1);
          },
        },
      };
    },
  };
}
