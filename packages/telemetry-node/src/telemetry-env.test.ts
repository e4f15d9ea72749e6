import { describe, expect, it } from 'vitest';
import { describeTelemetry, readTelemetryPlan } from './telemetry-env.ts';

describe('readTelemetryPlan', () => {
  it('exports nothing when no variable asks, or when the SDK is disabled', () => {
    expect(readTelemetryPlan({}, 'app')).toBeUndefined();
    expect(
      readTelemetryPlan(
        { OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' },
        'app',
      ),
    ).toBeUndefined();
    expect(
      readTelemetryPlan({ OTEL_TRACES_EXPORTER: 'none', OTEL_METRICS_EXPORTER: 'none' }, 'app'),
    ).toBeUndefined();
  });

  it('takes an OTLP endpoint as a request for traces and metrics over OTLP', () => {
    expect(
      readTelemetryPlan({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, 'outline-agent'),
    ).toEqual({
      traces: 'otlp',
      metrics: ['otlp'],
      protocol: 'http/protobuf',
      metricIntervalMs: 60_000,
      serviceName: 'outline-agent',
    });
    expect(
      readTelemetryPlan({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }, 'app'),
    ).toMatchObject({ traces: 'otlp', metrics: [] });
  });

  it('follows the exporter choices, the protocol, the interval and the service name', () => {
    expect(
      readTelemetryPlan(
        {
          OTEL_TRACES_EXPORTER: 'none',
          OTEL_METRICS_EXPORTER: 'prometheus, otlp',
          OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
          OTEL_METRIC_EXPORT_INTERVAL: '5000',
          OTEL_SERVICE_NAME: 'summaries',
        },
        'summary-agent',
      ),
    ).toEqual({
      traces: undefined,
      metrics: ['prometheus', 'otlp'],
      protocol: 'http/json',
      metricIntervalMs: 5000,
      serviceName: 'summaries',
    });
  });

  it.each([
    [
      { OTEL_TRACES_EXPORTER: 'zipkin' },
      /^OTEL_TRACES_EXPORTER must be otlp, console or none, got "zipkin"$/,
    ],
    [{ OTEL_METRICS_EXPORTER: 'statsd' }, /^OTEL_METRICS_EXPORTER must be .* got "statsd"$/],
    [
      { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_EXPORTER_OTLP_PROTOCOL: 'thrift' },
      /^OTEL_EXPORTER_OTLP_PROTOCOL must be/,
    ],
    [
      { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_METRIC_EXPORT_INTERVAL: 'soon' },
      /^OTEL_METRIC_EXPORT_INTERVAL must be a whole number/,
    ],
  ])('refuses %j naming the variable', (env, message) => {
    expect(() => readTelemetryPlan(env, 'app')).toThrow(message);
  });

  it('says in one line what is exported', () => {
    const plan = readTelemetryPlan({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' }, 'doc-agent');
    expect(plan && describeTelemetry(plan)).toBe(
      'OpenTelemetry as doc-agent: traces to OTLP (http/protobuf), metrics to OTLP every 60000 ms',
    );
  });
});
