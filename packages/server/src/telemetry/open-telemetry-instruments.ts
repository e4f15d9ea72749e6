import {
  DURATION_BUCKETS_SECONDS,
  isMetricsRegistered,
  isTracingRegistered,
  TELEMETRY_METRICS as METRIC,
  TELEMETRY,
} from '@baton/protocol';
import {
  type Counter,
  type Histogram,
  metrics,
  type Tracer,
  trace,
  type UpDownCounter,
  ValueType,
} from '@opentelemetry/api';

/** The tracer and instruments of one server. */
export interface OpenTelemetryInstruments {
  readonly tracer: Tracer;
  /** Whether spans are recorded (an SDK registered a tracer provider). */
  readonly tracing: boolean;
  readonly calls: Counter;
  readonly callDuration: Histogram;
  readonly openStreams: UpDownCounter;
  readonly runningTasks: UpDownCounter;
  readonly taskDuration: Histogram;
  readonly pushDeliveries: Counter;
  readonly pushRetries: Counter;
  readonly storeDuration: Histogram;
}

const seconds = () => ({
  unit: 's',
  valueType: ValueType.DOUBLE,
  advice: { explicitBucketBoundaries: [...DURATION_BUCKETS_SECONDS] },
});

/**
 * The server's telemetry through `@opentelemetry/api`, or `undefined` when no SDK is registered (then the server
 * adds nothing to any call). Built once per server, so the SDK must be started before the server is created.
 */
export function createOpenTelemetryInstruments(version = '0.1.0'): OpenTelemetryInstruments | undefined {
  const tracing = isTracingRegistered();
  if (!tracing && !isMetricsRegistered()) return undefined;
  const meter = metrics.getMeter(TELEMETRY.serverScope, version);
  return {
    tracer: trace.getTracer(TELEMETRY.serverScope, version),
    tracing,
    calls: meter.createCounter(METRIC.serverCalls, {
      description: 'A2A calls answered, by method, binding, version and outcome',
      unit: '{call}',
    }),
    callDuration: meter.createHistogram(METRIC.serverCallDuration, {
      description: 'How long an A2A call took to answer (a stream: until it ended)',
      ...seconds(),
    }),
    openStreams: meter.createUpDownCounter(METRIC.openStreams, {
      description: 'SSE streams open now (SendStreamingMessage, SubscribeToTask)',
      unit: '{stream}',
    }),
    runningTasks: meter.createUpDownCounter(METRIC.runningTasks, {
      description: 'Tasks an executor is working on now (submitted or working)',
      unit: '{task}',
    }),
    taskDuration: meter.createHistogram(METRIC.taskDuration, {
      description: 'How long a task took from submitted to its final state, by that state',
      ...seconds(),
    }),
    pushDeliveries: meter.createCounter(METRIC.pushDeliveries, {
      description: 'Push notifications delivered or dropped (after their retries)',
      unit: '{notification}',
    }),
    pushRetries: meter.createCounter(METRIC.pushRetries, {
      description: 'Push notification attempts that were retries',
      unit: '{attempt}',
    }),
    storeDuration: meter.createHistogram(METRIC.storeDuration, {
      description: 'How long a task store operation took, by operation',
      ...seconds(),
    }),
  };
}
