/**
 * Target: Baton with the official OpenTelemetry Node SDK registered, as an app that exports would run it: every
 * call, task and push span recorded and batched, every metric kept, all handed to exporters that discard them (so
 * the figure is Baton's own cost of tracing, not a collector's). `BENCH_OTEL_SAMPLER=off` samples nothing.
 */
import { createA2AServer, serverOpenTelemetry } from '@baton/server';
import { startA2AServer } from '@baton/server/node';
import { ExportResultCode } from '@opentelemetry/core';
import {
  AggregationTemporality,
  PeriodicExportingMetricReader,
  type PushMetricExporter,
} from '@opentelemetry/sdk-metrics';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { AlwaysOffSampler, BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { announce, portFromEnv } from './announce.ts';
import { BENCH_CARD, benchExecutor } from './bench-executor.ts';

const discardSpans: SpanExporter = {
  export: (_spans, done) => done({ code: ExportResultCode.SUCCESS }),
  shutdown: async () => undefined,
};
const discardMetrics: PushMetricExporter = {
  export: (_metrics, done) => done({ code: ExportResultCode.SUCCESS }),
  forceFlush: async () => undefined,
  shutdown: async () => undefined,
  selectAggregationTemporality: () => AggregationTemporality.CUMULATIVE,
};

new NodeSDK({
  serviceName: 'bench-baton',
  spanProcessors: [new BatchSpanProcessor(discardSpans)],
  ...(process.env.BENCH_OTEL_SAMPLER === 'off' ? { sampler: new AlwaysOffSampler() } : {}),
  metricReaders: [
    new PeriodicExportingMetricReader({ exporter: discardMetrics, exportIntervalMillis: 1_000 }),
  ],
  logRecordProcessors: [],
  instrumentations: [],
}).start();

const server = createA2AServer({
  card: BENCH_CARD,
  versions: ['1.0'],
  executor: benchExecutor,
  telemetry: serverOpenTelemetry(),
});
const running = await startA2AServer(server, { port: portFromEnv() });
announce(running.url);
