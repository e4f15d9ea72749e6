/** What the standard OpenTelemetry variables ask an app to export. */
export interface TelemetryPlan {
  /** Export spans (through the OTLP exporter the SDK picks from `OTEL_EXPORTER_OTLP_*`, or the console). */
  readonly traces: 'otlp' | 'console' | undefined;
  /** Where metrics go: OTLP (pushed every `OTEL_METRIC_EXPORT_INTERVAL` ms), a Prometheus `/metrics` route, the console. */
  readonly metrics: readonly ('otlp' | 'prometheus' | 'console')[];
  /** `http/protobuf` (the default), `http/json` or `grpc`. */
  readonly protocol: string;
  /** How often metrics are pushed, in ms; default 60 000. */
  readonly metricIntervalMs: number;
  /** The service name, unless `OTEL_SERVICE_NAME` sets it. */
  readonly serviceName: string;
}

const listOf = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter((item) => item !== '');

/**
 * Reads the standard variables. Nothing is exported unless they ask: `OTEL_SDK_DISABLED=true` turns everything
 * off; `OTEL_TRACES_EXPORTER` and `OTEL_METRICS_EXPORTER` pick exporters (`otlp`, `console`, `prometheus` for
 * metrics, `none`); without them, an `OTEL_EXPORTER_OTLP_ENDPOINT` (or its per-signal form) means OTLP. Throws
 * naming the variable on a value it cannot use.
 */
export function readTelemetryPlan(
  env: NodeJS.ProcessEnv,
  defaultServiceName: string,
): TelemetryPlan | undefined {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return undefined;
  const endpoint = (signal: 'TRACES' | 'METRICS') =>
    Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env[`OTEL_EXPORTER_OTLP_${signal}_ENDPOINT`]?.trim());

  const traceChoice = listOf(env.OTEL_TRACES_EXPORTER);
  for (const choice of traceChoice) {
    if (!['otlp', 'console', 'none'].includes(choice))
      throw new Error(`OTEL_TRACES_EXPORTER must be otlp, console or none, got "${choice}"`);
  }
  const traces =
    traceChoice.length === 0
      ? endpoint('TRACES')
        ? ('otlp' as const)
        : undefined
      : (traceChoice.find((choice) => choice !== 'none') as 'otlp' | 'console' | undefined);

  const metricChoice = listOf(env.OTEL_METRICS_EXPORTER);
  for (const choice of metricChoice) {
    if (!['otlp', 'prometheus', 'console', 'none'].includes(choice))
      throw new Error(`OTEL_METRICS_EXPORTER must be otlp, prometheus, console or none, got "${choice}"`);
  }
  const metrics =
    metricChoice.length === 0
      ? endpoint('METRICS')
        ? (['otlp'] as const)
        : []
      : (metricChoice.filter((choice) => choice !== 'none') as ('otlp' | 'prometheus' | 'console')[]);

  if (traces === undefined && metrics.length === 0) return undefined;
  const protocol = (
    env.OTEL_EXPORTER_OTLP_METRICS_PROTOCOL ??
    env.OTEL_EXPORTER_OTLP_PROTOCOL ??
    'http/protobuf'
  )
    .trim()
    .toLowerCase();
  if (!['http/protobuf', 'http/json', 'grpc'].includes(protocol))
    throw new Error(
      `OTEL_EXPORTER_OTLP_PROTOCOL must be http/protobuf, http/json or grpc, got "${protocol}"`,
    );
  const interval = env.OTEL_METRIC_EXPORT_INTERVAL?.trim();
  const metricIntervalMs = interval ? Number(interval) : 60_000;
  if (!Number.isInteger(metricIntervalMs) || metricIntervalMs < 100)
    throw new Error(
      `OTEL_METRIC_EXPORT_INTERVAL must be a whole number of ms (100 or more), got "${interval}"`,
    );
  return {
    traces,
    metrics,
    protocol,
    metricIntervalMs,
    serviceName: env.OTEL_SERVICE_NAME?.trim() || defaultServiceName,
  };
}

/** One line for an app's start: what is exported, where. */
export function describeTelemetry(plan: TelemetryPlan): string {
  const parts: string[] = [];
  if (plan.traces)
    parts.push(`traces to ${plan.traces === 'otlp' ? `OTLP (${plan.protocol})` : 'the console'}`);
  for (const kind of plan.metrics) {
    parts.push(
      kind === 'prometheus'
        ? 'metrics at /metrics (Prometheus)'
        : kind === 'otlp'
          ? `metrics to OTLP every ${plan.metricIntervalMs} ms`
          : 'metrics to the console',
    );
  }
  return `OpenTelemetry as ${plan.serviceName}: ${parts.join(', ')}`;
}
