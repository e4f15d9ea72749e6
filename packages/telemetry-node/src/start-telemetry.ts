import { DiagLogLevel, diag } from '@opentelemetry/api';
import type { IMetricReader, PushMetricExporter } from '@opentelemetry/sdk-metrics';
import type { Hono } from 'hono';
import { createPrometheusRoute } from './prometheus-route.ts';
import { readTelemetryPlan, type TelemetryPlan } from './telemetry-env.ts';

/** What {@link startTelemetry} started. */
export interface Telemetry {
  /** What the variables asked for; `undefined` when nothing is exported. */
  readonly plan: TelemetryPlan | undefined;
  /** `GET /metrics` in the Prometheus format, when `OTEL_METRICS_EXPORTER` includes `prometheus`: mount it on the app. */
  readonly metricsRoute: Hono | undefined;
  /** Flushes what is buffered and stops exporting. */
  shutdown(): Promise<void>;
}

/** The push exporter a metrics kind asks for, loaded only when asked for. */
async function loadPushExporter(kind: 'console' | 'otlp', plan: TelemetryPlan): Promise<PushMetricExporter> {
  if (kind === 'console') return new (await import('@opentelemetry/sdk-metrics')).ConsoleMetricExporter();
  if (plan.protocol === 'http/json') {
    return new (await import('@opentelemetry/exporter-metrics-otlp-http')).OTLPMetricExporter();
  }
  return new (await import('@opentelemetry/exporter-metrics-otlp-proto')).OTLPMetricExporter();
}

/**
 * Starts the official OpenTelemetry Node SDK when the standard variables ask for it (see
 * {@link readTelemetryPlan}), and does nothing when they do not: the SDK and its exporters are loaded only
 * then, so an app that exports nothing starts without them. Await it first in an app's `main`, before any server
 * or client is created: Baton's libraries use `@opentelemetry/api` and see the SDK only if it is registered by
 * then. Traces use the SDK's own reading of `OTEL_EXPORTER_OTLP_*`, `OTEL_TRACES_SAMPLER` and
 * `OTEL_RESOURCE_ATTRIBUTES`.
 */
export async function startTelemetry(
  defaultServiceName: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<Telemetry> {
  const plan = readTelemetryPlan(env, defaultServiceName);
  if (plan === undefined) return { plan, metricsRoute: undefined, shutdown: async () => undefined };
  if (env.OTEL_LOG_LEVEL === undefined)
    diag.setLogger({ ...console, verbose: () => undefined }, DiagLogLevel.WARN);

  const readers: IMetricReader[] = [];
  let metricsRoute: Hono | undefined;
  for (const kind of plan.metrics) {
    if (kind === 'prometheus') {
      const { PrometheusExporter } = await import('@opentelemetry/exporter-prometheus');
      const reader = new PrometheusExporter({ preventServerStart: true });
      readers.push(reader);
      metricsRoute = createPrometheusRoute(reader);
    } else if (kind === 'otlp' && plan.protocol === 'grpc') {
      console.warn(
        `${plan.serviceName}: OTLP metrics over gRPC are not built in; use http/protobuf or http/json`,
      );
    } else {
      const { PeriodicExportingMetricReader } = await import('@opentelemetry/sdk-metrics');
      const exporter = await loadPushExporter(kind, plan);
      readers.push(
        new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: plan.metricIntervalMs }),
      );
    }
  }

  const { NodeSDK } = await import('@opentelemetry/sdk-node');
  const sdk = new NodeSDK({
    ...(env.OTEL_SERVICE_NAME ? {} : { serviceName: plan.serviceName }),
    // Traces: the SDK's own reading of OTEL_TRACES_EXPORTER and OTEL_EXPORTER_OTLP_* (grpc included); none at all
    // (no tracer provider, so the libraries add nothing) when only metrics were asked for.
    ...(plan.traces === undefined ? { spanProcessors: [] } : {}),
    metricReaders: readers,
    logRecordProcessors: [],
    instrumentations: [],
  });
  sdk.start();
  return { plan, metricsRoute, shutdown: () => sdk.shutdown() };
}
